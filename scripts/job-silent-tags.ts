import { handler } from '../functions/jobs/silent-tags';
import { operatorArgs, runOperatorScript } from './operator-cli';

/**
 * `npm run job:silent-tags [-- --now <ISO time>] [--tenant <id>]...`: runs the silent-tag job by hand against the
 * local stack of `npm start` (now, every tenant by default). `--now` judges at another time (a look ahead moves
 * the devices for real). A rerun changes nothing.
 */
async function main() {
  const { tenantIds, values } = operatorArgs({
    usage: 'npm run job:silent-tags [-- --now <ISO time>] [--tenant <id>]...',
    tenants: true,
    endpoints: { EVENTBRIDGE_ENDPOINT: 'EVENTBRIDGE_PORT' },
    options: { now: { type: 'string' } },
  });
  const report = await handler({
    ...(values.now ? { now: values.now } : {}),
    ...(tenantIds.length ? { tenants: tenantIds } : {}),
  });
  console.log(
    `Silent tags at ${report.now}: ${report.tenants} tenants, ${report.itemsRead} items read ` +
      `(${report.readUnits} read units), ${report.late} late, ${report.silent} silent, ` +
      `${report.alarms} alarms raised, ${report.skipped} skipped (heard meanwhile)`,
  );
}

runOperatorScript(main);
