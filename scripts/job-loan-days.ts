import { handler } from '../functions/jobs/loan-days';
import { HOST, port, REGION, TABLE_NAME } from './local/config';

/**
 * `npm run job:loan-days [-- --date YYYY-MM-DD] [--tenant <id>]...`: runs the daily loan-day job by hand against
 * the local stack of `npm start` (the day that ended last, every tenant by default). Rerunning a day adds nothing.
 */
async function main() {
  const args = process.argv.slice(2);
  const dateIndex = args.indexOf('--date');
  const date = dateIndex >= 0 ? args[dateIndex + 1] : undefined;
  const tenants = args.flatMap((arg, i) => (arg === '--tenant' && args[i + 1] ? [args[i + 1] as string] : []));
  process.env.TABLE_NAME ??= TABLE_NAME;
  process.env.AWS_REGION ??= REGION;
  process.env.DYNAMODB_ENDPOINT ??= `http://${HOST}:${port('DYNAMODB_PORT')}`;
  const report = await handler({ ...(date ? { date } : {}), ...(tenants.length ? { tenants } : {}) });
  console.log(
    `Loan day ${report.day}: ${report.tenants} tenants, ${report.assets} assets read, ${report.outside} outside ` +
      `their zone and ${report.still} standing still counted (${report.counted} assets), ` +
      `${report.alreadyCounted} already counted, ${report.skippedTenants} tenants already done`,
  );
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
