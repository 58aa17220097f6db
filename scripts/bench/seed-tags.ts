import { defaultRoleMatrix, roleRepository } from '../../functions/lib/auth/role-matrix';
import { systemTenantContext } from '../../functions/lib/data/system-context';
import type { DeviceRecord } from '../../functions/lib/devices/device-repository';
import { tenantRepository } from '../../functions/lib/tenants/tenant-repository';
import { generateDemoData, TENANT_DATA_PROFILES } from '../seed/demo-data';
import { writeDemoData } from '../seed/write-demo-data';
import { partitionItems } from './partition';

/**
 * The tenant of the pipeline at 1,000 tags: the demo tenant's kind of data (customers, the
 * demo's zones, assets with a tag each and their event history) generated for 1,000 assets, written once into
 * the bench's data folder. A tenant that exists is reused as it is.
 */
export const TAGS_TENANT = 'bench-tags-1k';

export async function ensureTagsTenant(assetCount: number, log: (line: string) => void) {
  const existing = await tenantRepository.bySubdomain(TAGS_TENANT);
  if (existing) return { tenantId: existing.id, seededSeconds: 0 };
  const started = Date.now();
  log(`seeding ${TAGS_TENANT} (${assetCount} assets with a tag each)`);
  const tenant = await tenantRepository.create({
    subdomain: TAGS_TENANT,
    company: 'Benchmark 1,000 tags',
    address: 'Benchweg 1',
    zipcode: '1000 AA',
    city: 'Utrecht',
    country: 'Netherlands',
    phone: '+31 30 000 0000',
    email: `bench@${TAGS_TENANT}.local`,
    icon: '',
    descriptionShort: 'Benchmark',
  });
  const ctx = systemTenantContext(tenant.id);
  for (const role of defaultRoleMatrix()) await roleRepository.create(ctx, role);
  const dataset = generateDemoData({
    seed: 20261126,
    referenceDate: new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000),
    profile: {
      ...TENANT_DATA_PROFILES.demo,
      assetCount,
      customerCount: 40,
      spareDevices: 0,
      assetNamePrefix: 'Bench H-',
      assetNumberStart: 100_000,
      devEuiPrefix: 'BE1000AA00',
      mailDomain: `${TAGS_TENANT}.local`,
    },
  });
  await writeDemoData(ctx, dataset);
  return { tenantId: tenant.id, seededSeconds: (Date.now() - started) / 1000 };
}

/** The tenant's devices that have a position (the ones the simulator drives). */
export async function positionedDevices(tenantId: number): Promise<DeviceRecord[]> {
  const devices = await partitionItems<DeviceRecord>(`T#${tenantId}#DEVICE`);
  return devices.filter((d) => d.last_event?.latitude != null && d.asset);
}
