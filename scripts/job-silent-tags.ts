import { handler } from '../functions/jobs/silent-tags';
import { HOST, port, REGION, TABLE_NAME } from './local/config';

/**
 * `npm run job:silent-tags [-- --now <ISO time>] [--tenant <id>]...`: runs the silent-tag job by hand against the
 * local stack of `npm start` (now, every tenant by default). `--now` judges at another time (a dry look ahead
 * moves the devices for real). A rerun changes nothing.
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
    `Silent tags at ${report.now}: ${report.tenants} tenants, ${report.itemsRead} items read ` +
      `(${report.readUnits} read units), ${report.late} late, ${report.silent} silent, ` +
      `${report.alarms} alarms raised, ${report.skipped} skipped (heard meanwhile)`,
  );
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
