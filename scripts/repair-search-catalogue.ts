import { repairSearchCatalogue } from '../functions/lib/assets/asset-search-repair';
import { systemTenantContext } from '../functions/lib/data/system-context';
import { tenantRepository } from '../functions/lib/tenants/tenant-repository';
import { HOST, port, REGION, TABLE_NAME } from './local/config';

/**
 * `npm run repair:catalogue [-- <tenant id>...]`: brings the asset search catalogue of the given tenants (all
 * by default) in line with their assets (functions/lib/assets/asset-search-repair.ts), safely while the API
 * runs. Against the local stack of `npm start` by default; `--aws` uses TABLE_NAME, AWS_REGION and the
 * caller's AWS credentials instead (the deployed table).
 */
async function main() {
  const args = process.argv.slice(2);
  if (!args.includes('--aws')) {
    process.env.TABLE_NAME ??= TABLE_NAME;
    process.env.AWS_REGION ??= REGION;
    process.env.DYNAMODB_ENDPOINT ??= `http://${HOST}:${port('DYNAMODB_PORT')}`;
  } else if (!process.env.TABLE_NAME) {
    throw new Error('--aws needs TABLE_NAME (the data stack output) and AWS_REGION');
  }
  const wanted = args.filter((arg) => /^\d+$/.test(arg)).map(Number);
  const tenants = wanted.length > 0 ? wanted : (await tenantRepository.list()).map((tenant) => tenant.id);
  for (const tenantId of tenants) {
    const report = await repairSearchCatalogue(systemTenantContext(tenantId));
    console.log(
      `tenant ${tenantId}: ${report.assets} assets, ${report.entries} entries; ` +
        `${report.set} set, ${report.removed} removed, ${report.skipped} skipped (changed meanwhile)`,
    );
  }
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
