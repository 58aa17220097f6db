import { handler } from '../functions/jobs/loan-days';
import { operatorArgs, runOperatorScript } from './operator-cli';

/**
 * `npm run job:loan-days [-- --date YYYY-MM-DD] [--tenant <id>]...`: runs the daily loan-day job by hand against
 * the local stack of `npm start` (the day that ended last, every tenant by default). Rerunning a day adds nothing.
 */
async function main() {
  const { tenantIds, values } = operatorArgs({
    usage: 'npm run job:loan-days [-- --date YYYY-MM-DD] [--tenant <id>]...',
    tenants: true,
    options: { date: { type: 'string' } },
  });
  const report = await handler({
    ...(values.date ? { date: values.date } : {}),
    ...(tenantIds.length ? { tenants: tenantIds } : {}),
  });
  console.log(
    `Loan day ${report.day}: ${report.tenants} tenants, ${report.assets} assets read, ${report.outside} outside ` +
      `their zone and ${report.still} standing still counted (${report.counted} assets), ` +
      `${report.alreadyCounted} already counted, ${report.skippedTenants} tenants already done`,
  );
}

runOperatorScript(main);
