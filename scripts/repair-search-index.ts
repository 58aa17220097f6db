import { systemTenantContext } from '../functions/lib/data/system-context';
import { repairSearchIndex } from '../functions/lib/search/gram-repair';
import { tenantRepository } from '../functions/lib/tenants/tenant-repository';
import { HOST, port, REGION, TABLE_NAME } from './local/config';

/**
 * `npm run repair:search [-- <tenant id>...]`: builds or repairs the n-gram search index of the assets and
 * devices of the given tenants (all by default), and deletes the retired asset search catalogue
 * (functions/lib/search/gram-repair.ts), safely while the API runs; a second run finds nothing to do. Against
 * the local stack of `npm start` by default; `--aws` uses TABLE_NAME, AWS_REGION and the caller's AWS
 * credentials instead (the deployed table).
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
    for (const entity of ['ASSET', 'DEVICE'] as const) {
      const report = await repairSearchIndex(systemTenantContext(tenantId), entity);
      console.log(
        `tenant ${tenantId} ${entity.toLowerCase()}s: ${report.items} items, ${report.postings} postings; ` +
          `${report.added} ids added, ${report.removed} removed, ${report.skipped} kept (changed meanwhile), ` +
          `${report.deleted} empty or retired items deleted`,
      );
    }
  }
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
