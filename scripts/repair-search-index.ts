import { systemTenantContext } from '../functions/lib/data/system-context';
import { repairSearchIndex } from '../functions/lib/search/gram-repair';
import { operatorArgs, runOperatorScript, tenantsOrAll } from './operator-cli';

/**
 * `npm run repair:search [-- --aws] [--tenant <id>]...`: builds or repairs the n-gram search index of the assets and
 * devices of the given tenants (all by default), and deletes the retired asset search catalogue
 * (functions/lib/search/gram-repair.ts), safely while the API runs; a second run finds nothing to do. Against
 * the local stack of `npm start` by default; `--aws` uses TABLE_NAME, AWS_REGION and the caller's AWS
 * credentials instead (the deployed table).
 */
async function main() {
  const { tenantIds } = operatorArgs({
    usage: 'npm run repair:search [-- --aws] [--tenant <id>]...',
    aws: true,
    tenants: true,
  });
  for (const tenantId of await tenantsOrAll(tenantIds)) {
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

runOperatorScript(main);
