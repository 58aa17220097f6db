import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { defaultRoleMatrix, roleRepository } from '../../functions/lib/auth/role-matrix';
import { dynamo, tableName } from '../../functions/lib/data/client';
import { counterKey } from '../../functions/lib/data/keys';
import { systemTenantContext } from '../../functions/lib/data/system-context';
import type { TenantContext } from '../../functions/lib/data/tenant-context';
import { devEuiClaimItem } from '../../functions/lib/devices/dev-eui-claims';
import { countFlags, setDeviceFlagCounts } from '../../functions/lib/devices/device-flag-counts';
import { recountDeviceFlags } from '../../functions/lib/devices/device-flag-recount';
import { type DeviceRecord, deviceRepository } from '../../functions/lib/devices/device-repository';
import { deviceSearchText } from '../../functions/lib/search/entity-texts';
import { postingItems } from '../../functions/lib/search/gram-index';
import { tenantRepository } from '../../functions/lib/tenants/tenant-repository';
import { batchPut } from '../seed/batch-write';
import { Rng } from '../seed/prng';

/**
 * Device bench tenants: `deviceCount` devices written as `deviceRepository.toItem` items (the API's keys and
 * index keys) with their DEVEUI claims, by BatchWriteItem. Devices name their asset by a copied reference
 * (id and name, as the list shows it); the tenant has no asset items, since the device list never reads them.
 * Idempotent: the device counter is set last, so a tenant whose counter holds the count is complete and skipped.
 */
export interface DeviceBenchSpec {
  subdomain: string;
  deviceCount: number;
}

export interface DeviceBenchTenant extends DeviceBenchSpec {
  tenantId: number;
  seededSeconds: number;
}

const MODELS = [
  'KPN LocationTag V',
  'Abeeway Micro Tracker',
  'Digital Matter Oyster',
  'Browan Tabs',
  'Sensative Strips',
];
const ACTIVATION_START = Date.parse('2024-01-01T00:00:00Z');
const DAY = 86_400_000;

async function tenantIdOf(subdomain: string): Promise<number> {
  const existing = await tenantRepository.bySubdomain(subdomain);
  if (existing) return existing.id;
  const tenant = await tenantRepository.create({
    subdomain,
    company: `Benchmark ${subdomain}`,
    address: 'Benchweg 1',
    zipcode: '1000 AA',
    city: 'Utrecht',
    country: 'Netherlands',
    phone: '+31 30 000 0000',
    email: `bench@${subdomain}.local`,
    icon: '',
    descriptionShort: 'Benchmark',
  });
  return tenant.id;
}

/** A platform-unique DEVEUI per tenant and device: `BE` + tenant (6 hex) + id (8 hex). */
export const benchDevEui = (tenantId: number, id: number) =>
  `BE${tenantId.toString(16).padStart(6, '0')}${id.toString(16).padStart(8, '0')}`.toUpperCase();

/** One device, drawn deterministically from its id: ~70% on an asset, ~8% low battery, ~3% sabotaged. */
export function benchDevice(tenantId: number, id: number): DeviceRecord {
  const rng = new Rng(id * 7919 + 17);
  const assetId = 1 + rng.int(0, Math.max(1, Math.floor(id / 2)));
  return {
    id,
    version: 1,
    logical_id: 5000 + id,
    name: `Tag ${String(rng.int(1, 99_999)).padStart(5, '0')}`,
    model: MODELS[rng.int(0, MODELS.length - 1)] ?? null,
    notes: rng.chance(0.2) ? 'Spare unit' : null,
    dev_eui: benchDevEui(tenantId, id),
    barcode: rng.chance(0.5) ? `KPN${String(id).padStart(7, '0')}` : null,
    asset: rng.chance(0.7) ? { id: assetId, name: `Haspel H-${50_000 + assetId}` } : null,
    activation_date: new Date(ACTIVATION_START + rng.int(0, 700) * DAY).toISOString(),
    last_event: null,
    is_sabotaged: rng.chance(0.03),
    battery_level_low: rng.chance(0.08),
    device_profiles: [],
    ...benchConnectivity(id),
  };
}

/**
 * The connectivity the device list filters on: ~60% online, 10% late, 10% silent, 20% never, drawn
 * from its own sequence so the other attributes stay as they were. Only the state: no times, so the silent-tag
 * job (due index) leaves the bench tenant alone.
 */
function benchConnectivity(id: number): Pick<DeviceRecord, 'connectivity'> {
  const draw = new Rng(id * 104_729 + 3).int(0, 99);
  if (draw < 60) return { connectivity: 'online' };
  if (draw < 70) return { connectivity: 'late' };
  if (draw < 80) return { connectivity: 'silent' };
  return {};
}

/** The counter as creates leave it, and the mark that the n-gram search index was written with the devices. */
async function setDeviceCounter(ctx: TenantContext, count: number) {
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: counterKey(ctx, 'DEVICE'),
      UpdateExpression: 'SET lastId = :n, itemCount = :n, benchSearchIndex = :mark',
      ExpressionAttributeValues: { ':n': count, ':mark': SEARCH_INDEX_MARK },
    }),
  );
}

/** What the seed writes: the n-gram index, and the connectivity order's keys (gsi15); another mark seeds again. */
const SEARCH_INDEX_MARK = 'grams-v1+gsi15';

/** Seeded with this seed's data and index: the counter holds the count and the mark. */
async function isSeeded(ctx: TenantContext, count: number) {
  const result = await dynamo().send(new GetCommand({ TableName: tableName(), Key: counterKey(ctx, 'DEVICE') }));
  return result.Item?.itemCount === count && result.Item?.benchSearchIndex === SEARCH_INDEX_MARK;
}

export async function ensureDeviceBenchTenant(
  spec: DeviceBenchSpec,
  log: (line: string) => void = () => undefined,
): Promise<DeviceBenchTenant> {
  const tenantId = await tenantIdOf(spec.subdomain);
  const ctx = systemTenantContext(tenantId);
  const started = Date.now();
  const seeded = !(await isSeeded(ctx, spec.deviceCount));
  if (seeded) {
    log(`seeding ${spec.deviceCount} devices into tenant ${spec.subdomain} (${tenantId})`);
    if ((await roleRepository.count(ctx)) === 0) {
      for (const role of defaultRoleMatrix()) await roleRepository.create(ctx, role);
    }
    const CHUNK = 2_000;
    const counts = countFlags([]);
    // The search index's postings, written once all are known: a chunk of ids ends inside a posting's bucket.
    const searchable: { id: number; text: string }[] = [];
    for (let start = 1; start <= spec.deviceCount; start += CHUNK) {
      const devices: DeviceRecord[] = [];
      for (let id = start; id < Math.min(start + CHUNK, spec.deviceCount + 1); id++) {
        devices.push(benchDevice(tenantId, id));
        searchable.push({ id, text: deviceSearchText(devices[devices.length - 1] as DeviceRecord) });
      }
      for (const [counter, n] of Object.entries(countFlags(devices))) counts[counter as keyof typeof counts] += n;
      await batchPut(
        devices.flatMap((device) => [deviceRepository.toItem(ctx, device), devEuiClaimItem(ctx, device)]),
        8,
      );
      if (start % 20_000 === 1) log(`  ${start - 1} / ${spec.deviceCount}`);
    }
    await batchPut(postingItems(ctx, 'DEVICE', searchable), 8);
    await setDeviceCounter(ctx, spec.deviceCount);
    // The device list's flag counts (device-flag-counts.ts), as the API's writes would have left them.
    await setDeviceFlagCounts(ctx, counts);
  }
  // A tenant seeded before the flag counts existed gets them (a no-op when they are right).
  else await recountDeviceFlags(ctx);
  return { ...spec, tenantId, seededSeconds: seeded ? (Date.now() - started) / 1000 : 0 };
}
