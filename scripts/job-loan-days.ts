import { handler } from '../functions/jobs/loan-days';
import { operatorArgs, runOperatorScript, tenantsOrAll } from './operator-cli';

/**
 * `npm run job:loan-days [-- --date YYYY-MM-DD] [--tenant <id>]...`: runs the daily loan-day job by hand against
 * the local stack of `npm start` (the day that ended last, every tenant by default). Rerunning a day adds nothing.
 * The tenants are named to the job, so it counts them here in turn and answers their report, rather than start a
 * run per tenant as the schedule does (functions/lib/loan-days/loan-day-fan-out.ts).
 */
async function main() {
  const { tenantIds, values } = operatorArgs({
    usage: 'npm run job:loan-days [-- --date YYYY-MM-DD] [--tenant <id>]...',
    tenants: true,
    options: { date: { type: 'string' } },
  });
  const tenants = await tenantsOrAll(tenantIds);
  const report = await handler({ ...(values.date ? { date: values.date } : {}), tenants });
  console.log(
    `Loan day ${report.day}: ${report.tenants} tenants, ${report.assets} assets read, ${report.outside} outside ` +
      `their zone and ${report.still} standing still counted (${report.counted} assets), ` +
      `${report.alreadyCounted} already counted, ${report.skippedTenants} tenants already done`,
  );
}

runOperatorScript(main);
