import { handler } from '../../functions/jobs/silent-tags';

const QUARTER_MS = 15 * 60_000;

/**
 * The local stand-in for the silent-tag job's EventBridge Scheduler schedule (rate 15 minutes): runs the same
 * handler with `{}` at every quarter of an hour while `npm start` runs. `SILENT_TAG_TIMER=off` leaves it out.
 */
export function startSilentTagTimer(log: (line: string) => void = console.log) {
  let timer: NodeJS.Timeout | undefined;
  const schedule = () => {
    const wait = Math.max(1000, QUARTER_MS - (Date.now() % QUARTER_MS));
    timer = setTimeout(() => {
      handler({})
        .then((report) => {
          if (report.late + report.silent > 0)
            log(`Silent-tag job: ${report.late} late, ${report.silent} silent (${report.itemsRead} items read)`);
        })
        .catch((error: Error) => log(`Silent-tag job failed: ${error.message}`))
        .finally(schedule);
    }, wait);
    timer.unref();
  };
  schedule();
  return {
    name: 'Silent-tag job timer (every 15 minutes)',
    url: '-',
    stop: async () => clearTimeout(timer),
  };
}
