import { handler } from '../functions/jobs/time-rules';
import { runOperatorScript, timedJobEvent } from './operator-cli';

/**
 * `npm run job:time-rules [-- --now <ISO time>] [--tenant <id>]...`: runs the time-rule job by hand against the
 * local stack of `npm start` (now, every tenant by default). `--now` judges at another time (a look ahead fires
 * and moves the timers for real). A rerun changes nothing.
 */
async function main() {
  const report = await handler(timedJobEvent('job:time-rules'));
  console.log(
    `Time rules at ${report.now}: ${report.tenants} tenants, ${report.itemsRead} items read, ${report.due} due, ` +
      `${report.fired} fired, ${report.cleared} cleared, ${report.replanned} re-planned, ` +
      `${report.skipped} skipped (changed meanwhile)`,
  );
}

runOperatorScript(main);
