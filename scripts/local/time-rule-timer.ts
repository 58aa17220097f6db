import { handler } from '../../functions/jobs/time-rules';

const QUARTER_MS = 15 * 60_000;

/**
 * The local stand-in for the time-rule job's EventBridge Scheduler schedule (rate 15 minutes): runs the same
 * handler with `{}` at every quarter of an hour while `npm start` runs. `TIME_RULE_TIMER=off` leaves it out.
 */
export function startTimeRuleTimer(log: (line: string) => void = console.log) {
  let timer: NodeJS.Timeout | undefined;
  const schedule = () => {
    const wait = Math.max(1000, QUARTER_MS - (Date.now() % QUARTER_MS));
    timer = setTimeout(() => {
      handler({})
        .then((report) => {
          if (report.fired + report.cleared > 0)
            log(`Time-rule job: ${report.fired} fired, ${report.cleared} cleared (${report.itemsRead} items read)`);
        })
        .catch((error: Error) => log(`Time-rule job failed: ${error.message}`))
        .finally(schedule);
    }, wait);
    timer.unref();
  };
  schedule();
  return {
    name: 'Time-rule job timer (every 15 minutes)',
    url: '-',
    stop: async () => clearTimeout(timer),
  };
}
