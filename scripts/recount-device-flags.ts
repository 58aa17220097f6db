import { systemTenantContext } from '../functions/lib/data/system-context';
import { recountDeviceFlags } from '../functions/lib/devices/device-flag-recount';
import { tenantRepository } from '../functions/lib/tenants/tenant-repository';
import { HOST, port, REGION, TABLE_NAME } from './local/config';

/**
 * `npm run repair:device-counts [-- [--dry-run] [--aws] <tenant id>...]`: recounts the device list's flag
 * counts (asset, battery low, sabotaged, connectivity; functions/lib/devices/device-flag-recount.ts) of the
 * given tenants (all by default), safely while the API runs; a second run changes nothing. Against the local
 * stack of `npm start` by default; `--aws` uses TABLE_NAME, AWS_REGION and the caller's AWS credentials.
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
  const dryRun = args.includes('--dry-run');
  const wanted = args.filter((arg) => /^\d+$/.test(arg));
  const tenants = wanted.length > 0 ? wanted : (await tenantRepository.list()).map((tenant) => String(tenant.id));
  for (const tenantId of tenants) {
    const report = await recountDeviceFlags(systemTenantContext(tenantId), { dryRun });
    const counts = Object.entries(report.counts)
      .map(([name, n]) => `${name} ${report.before[name as keyof typeof report.before] ?? '-'} -> ${n}`)
      .join(', ');
    const verb = !report.changed ? 'unchanged' : dryRun ? 'would set' : 'set';
    console.log(`tenant ${tenantId}: ${report.devices} devices; ${verb}: ${counts}`);
  }
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
