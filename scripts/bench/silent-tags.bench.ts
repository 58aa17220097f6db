import { systemTenantContext } from '../../functions/lib/data/system-context';
import { connectivityAfterUplink } from '../../functions/lib/devices/connectivity';
import { type DeviceRecord, devicePartition, deviceRepository } from '../../functions/lib/devices/device-repository';
import { heartbeatOf } from '../../functions/lib/devices/heartbeat';
import { runSilentTagJob } from '../../functions/lib/devices/silent-tags';
import { batchPut } from '../seed/batch-write';
import { markdownTable } from './markdown-table';
import { partitionCounts } from './partition';
import { benchDevice, ensureDeviceBenchTenant } from './seed-devices';

/**
 * The silent-tag sweep at 10k devices with 1 % due: every device heard (online), every 100th
 * heard 20 h before the run's `now` (past its late time of 18 h with the built-in 12 h heartbeat), the others an
 * hour before. The job must read about the due ones only (the sparse due index, gsi7), not the tenant. Each
 * run writes the devices' connectivity again (the job moved the due ones), then runs the job twice: the second
 * run finds nothing due. Items read and read units come from the job's report (ScannedCount and
 * ConsumedCapacity), so they do not depend on the machine.
 */
export const SILENT_BENCH_TENANT = { subdomain: 'bench-silent-10k', deviceCount: 10_000 };
const DUE_EVERY = 100;
const HOUR = 3_600_000;

function heardDevice(tenantId: number, id: number, now: number): DeviceRecord {
  const heardAt = new Date(now - (id % DUE_EVERY === 0 ? 20 : 1) * HOUR).toISOString();
  return { ...benchDevice(tenantId, id), ...connectivityAfterUplink(heardAt, heartbeatOf()) };
}

/** What reading the whole device partition costs, for comparison (the job never does this). */
async function wholePartitionReads(tenantId: number): Promise<number> {
  return (await partitionCounts(devicePartition(systemTenantContext(tenantId)))).scanned;
}

export async function benchSilentTags(log: (line: string) => void): Promise<string> {
  const tenant = await ensureDeviceBenchTenant(SILENT_BENCH_TENANT, log);
  const ctx = systemTenantContext(tenant.tenantId);
  const now = Date.now();
  const started = Date.now();
  const devices = Array.from({ length: tenant.deviceCount }, (_, i) => heardDevice(tenant.tenantId, i + 1, now));
  await batchPut(
    devices.map((device) => deviceRepository.toItem(ctx, device)),
    8,
  );
  const written = (Date.now() - started) / 1000;
  const due = devices.filter((device) => device.id % DUE_EVERY === 0).length;
  const at = new Date(now);
  const t0 = performance.now();
  const first = await runSilentTagJob(at, { tenants: [String(tenant.tenantId)] });
  const firstMs = performance.now() - t0;
  const t1 = performance.now();
  const second = await runSilentTagJob(at, { tenants: [String(tenant.tenantId)] });
  const secondMs = performance.now() - t1;
  const whole = await wholePartitionReads(tenant.tenantId);
  log(`  silent tags: ${first.itemsRead} read for ${due} due of ${tenant.deviceCount}; rerun ${second.itemsRead}`);
  const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
  return [
    '## Silent-tag sweep (`npm run bench`, BENCH_SECTIONS=silent-tags)',
    '',
    `Run ${when} UTC, ${tenant.deviceCount.toLocaleString('en')} devices (tenant ${tenant.subdomain}), all heard, ` +
      `1 % due (every ${DUE_EVERY}th heard 20 h before the run, past its 18 h late time), connectivity written ` +
      `before the run in ${written.toFixed(0)} s. The job run with that \`now\`, for this tenant only (the job ` +
      'does one such Query per tenant). Design: docs/decisions/0253-the-silent-tag-job-reads-only-the-due-devices-from-a-sparse-index.md.',
    '',
    ...markdownTable(
      [
        { heading: 'run' },
        { heading: 'devices due', align: 'right' },
        { heading: 'items read', align: 'right' },
        { heading: 'read units', align: 'right' },
        { heading: 'late', align: 'right' },
        { heading: 'silent', align: 'right' },
        { heading: 'ms', align: 'right' },
      ],
      [
        ['first', due, first.itemsRead, first.readUnits, first.late, first.silent, firstMs.toFixed(0)],
        [
          'again at the same time',
          0,
          second.itemsRead,
          second.readUnits,
          second.late,
          second.silent,
          secondMs.toFixed(0),
        ],
        ['(for comparison: the whole device partition)', '', whole, '', '', '', ''],
      ],
    ),
    '',
    'Read units are what the local stand-in reports (it may answer none); on DynamoDB the due entries are index ' +
      'entries of ~0.3 kB, so 100 of them are a few 4 KB read units, eventually consistent.',
    '',
  ].join('\n');
}
