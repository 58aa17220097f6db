import { handler } from '../functions/jobs/silent-tags';
import { runOperatorScript, timedJobEvent } from './operator-cli';

/**
 * `npm run job:silent-tags [-- --now <ISO time>] [--tenant <id>]...`: runs the silent-tag job by hand against the
 * local stack of `npm start` (now, every tenant by default). `--now` judges at another time (a look ahead moves
 * the devices for real). A rerun changes nothing.
 */
async function main() {
  const report = await handler(timedJobEvent('job:silent-tags'));
  console.log(
    `Silent tags at ${report.now}: ${report.tenants} tenants, ${report.itemsRead} items read ` +
      `(${report.readUnits} read units), ${report.late} late, ${report.silent} silent, ` +
      `${report.alarms} alarms raised, ${report.skipped} skipped (heard meanwhile)`,
  );
}

runOperatorScript(main);
