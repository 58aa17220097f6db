import { handler } from '../functions/jobs/time-rules';
import { HOST, port, REGION, TABLE_NAME } from './local/config';

/**
 * `npm run job:time-rules [-- --now <ISO time>] [--tenant <id>]...`: runs the time-rule job by hand against the
 * local stack of `npm start` (now, every tenant by default). `--now` judges at another time (a dry look ahead
 * fires and moves the timers for real). A rerun changes nothing.
 */
async function main() {
  const args = process.argv.slice(2);
  const nowIndex = args.indexOf('--now');
  const now = nowIndex >= 0 ? args[nowIndex + 1] : undefined;
  const tenants = args.flatMap((arg, i) => (arg === '--tenant' && args[i + 1] ? [args[i + 1] as string] : []));
  process.env.TABLE_NAME ??= TABLE_NAME;
  process.env.AWS_REGION ??= REGION;
  process.env.DYNAMODB_ENDPOINT ??= `http://${HOST}:${port('DYNAMODB_PORT')}`;
  process.env.EVENTBRIDGE_ENDPOINT ??= `http://${HOST}:${port('EVENTBRIDGE_PORT')}`;
  const report = await handler({ ...(now ? { now } : {}), ...(tenants.length ? { tenants } : {}) });
  console.log(
    `Time rules at ${report.now}: ${report.tenants} tenants, ${report.itemsRead} items read, ${report.due} due, ` +
      `${report.fired} fired, ${report.cleared} cleared, ${report.replanned} re-planned, ` +
      `${report.skipped} skipped (changed meanwhile)`,
  );
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
