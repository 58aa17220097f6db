import { handler } from '../../functions/jobs/loan-days';
import { amsterdamDay, endOfAmsterdamDay } from '../../functions/lib/loan-days/amsterdam-day';

/**
 * The local stand-in for the EventBridge Scheduler schedule: runs the loan-day job at every Europe/Amsterdam
 * midnight while `npm start` runs (the same handler, invoked with `{}` as the schedule does: it starts each tenant's
 * run through the local Lambda service, scripts/local/lambda-service.ts); `LOAN_DAY_TIMER=off` leaves it out.
 */
export function startLoanDayTimer(log: (line: string) => void = console.log) {
  let timer: NodeJS.Timeout | undefined;
  const schedule = () => {
    // The next midnight is the end of today in Amsterdam.
    const wait = Math.max(1000, endOfAmsterdamDay(amsterdamDay(new Date())).getTime() - Date.now());
    timer = setTimeout(() => {
      handler({})
        .then((report) => log(`Loan-day job for ${report.day}: ${report.started} tenants' runs started`))
        .catch((error: Error) => log(`Loan-day job failed: ${error.message}`))
        .finally(schedule);
    }, wait);
    timer.unref();
  };
  schedule();
  return {
    name: 'Loan-day job timer (00:00 Europe/Amsterdam)',
    url: '-',
    stop: async () => clearTimeout(timer),
  };
}
