import { systemTenantContext } from '../functions/lib/data/system-context';
import { recountDeviceFlags } from '../functions/lib/devices/device-flag-recount';
import { operatorArgs, runOperatorScript, tenantsOrAll } from './operator-cli';

/**
 * `npm run repair:device-counts [-- --dry-run] [--aws] [--tenant <id>]...`: recounts the device list's flag
 * counts (asset, battery low, sabotaged, connectivity; functions/lib/devices/device-flag-recount.ts) of the
 * given tenants (all by default), safely while the API runs; a second run changes nothing. Against the local
 * stack of `npm start` by default; `--aws` uses TABLE_NAME, AWS_REGION and the caller's AWS credentials.
 */
async function main() {
  const { dryRun, tenantIds } = operatorArgs({
    usage: 'npm run repair:device-counts [-- --dry-run] [--aws] [--tenant <id>]...',
    dryRun: true,
    aws: true,
    tenants: true,
  });
  for (const tenantId of await tenantsOrAll(tenantIds)) {
    const report = await recountDeviceFlags(systemTenantContext(tenantId), { dryRun });
    const counts = Object.entries(report.counts)
      .map(([name, n]) => `${name} ${report.before[name as keyof typeof report.before] ?? '-'} -> ${n}`)
      .join(', ');
    const verb = !report.changed ? 'unchanged' : dryRun ? 'would set' : 'set';
    console.log(`tenant ${tenantId}: ${report.devices} devices; ${verb}: ${counts}`);
  }
}

runOperatorScript(main);
