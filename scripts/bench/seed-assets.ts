import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { AssetProfileDefinitionRecord } from '../../functions/lib/asset-profiles/asset-profile-repository';
import { type AssetRecord, assetRepository } from '../../functions/lib/assets/asset-repository';
import { assetStatusRepository } from '../../functions/lib/assets/asset-status';
import { clientAssetCounterItems } from '../../functions/lib/assets/client-asset-count';
import { defaultRoleMatrix, roleRepository } from '../../functions/lib/auth/role-matrix';
import { type ClientRecord, clientRepository } from '../../functions/lib/clients/client-repository';
import { dynamo, tableName } from '../../functions/lib/data/client';
import { counterKey } from '../../functions/lib/data/keys';
import type { Repository, Stored } from '../../functions/lib/data/repository';
import { systemTenantContext } from '../../functions/lib/data/system-context';
import type { TenantContext } from '../../functions/lib/data/tenant-context';
import { geoZoneRepository } from '../../functions/lib/geo-zones/geo-zone-repository';
import { assetSearchText } from '../../functions/lib/search/entity-texts';
import { postingItems } from '../../functions/lib/search/gram-index';
import { tenantRepository } from '../../functions/lib/tenants/tenant-repository';
import { batchPut } from '../seed/batch-write';
import { type AssetPlan, buildAsset } from '../seed/demo-assets';
import { generateDemoData, TENANT_DATA_PROFILES } from '../seed/demo-data';
import { buildClients, buildZones, type Site } from '../seed/demo-places';
import { Rng } from '../seed/prng';

/**
 * Bench tenants: one tenant with `assetCount` assets, built by the demo seed's own asset builder and written
 * as `assetRepository.toItem` items (the same keys and index keys as the API's writes), with BatchWriteItem
 * rather than a transaction per asset. Idempotent: the asset counter is set last, so a tenant whose counter
 * holds the wanted count is complete and skipped; an interrupted seed is simply written again (same ids).
 */
export interface BenchTenantSpec {
  subdomain: string;
  assetCount: number;
  customerCount: number;
}

export interface BenchTenant extends BenchTenantSpec {
  tenantId: number;
  /** Seconds spent seeding in this run (0 when the data was already there). */
  seededSeconds: number;
  /** The customer with most assets (the client-filter case) and its asset count. */
  biggestCustomer: { id: number; assets: number };
}

/** Fixed, so every machine seeds the same data; dates are relative to it (the list never reads "now"). */
const REFERENCE_DATE = new Date('2026-01-15T12:00:00Z');
const CHUNK = 2_000;
const CONCURRENCY = 8;

/** Sets a type's counter as create() would have left it (plain SET: re-running the seed is harmless). */
async function setCounter(ctx: TenantContext, type: string, count: number): Promise<void> {
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: counterKey(ctx, type),
      UpdateExpression: 'SET lastId = :n, itemCount = :n',
      ExpressionAttributeValues: { ':n': count },
    }),
  );
}

async function writeAll<T extends Stored>(ctx: TenantContext, repository: Repository<T>, records: readonly T[]) {
  await batchPut(
    records.map((record) => repository.toItem(ctx, record)),
    CONCURRENCY,
  );
  await setCounter(ctx, repository.model.type, records.length);
}

/** More customers than the demo's 18 company names: later ones reuse a name with a branch number. */
function benchClients(rng: Rng, count: number): { clients: ClientRecord[]; sites: Map<number, Site> } {
  const base = buildClients(rng.fork('clients'), count, []);
  const clients = [...base.clients];
  const sites = new Map(base.sites);
  for (let id = clients.length + 1; id <= count; id++) {
    const model = clients[(id - 1) % base.clients.length] as ClientRecord;
    clients.push({ ...model, id, logical_id: 100 + id, company: `${model.company} ${Math.ceil(id / 18)}` });
    sites.set(id, base.sites.get(model.id) as Site);
  }
  return { clients, sites };
}

async function benchTenantId(subdomain: string): Promise<number> {
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

/** Generates and writes the assets chunk by chunk (100k full records at once would not fit comfortably). */
async function writeAssets(
  ctx: TenantContext,
  spec: BenchTenantSpec,
  rng: Rng,
  clients: { clients: ClientRecord[]; sites: Map<number, Site> },
  context: Omit<Parameters<typeof buildAsset>[2], 'referenceDate'>,
  onProgress: (written: number) => void,
): Promise<Map<number, number>> {
  const perCustomer = new Map<number, number>();
  const weights = clients.clients.map((client, i) => [client, 1 / (i + 1) ** 0.6] as const);
  const profile = TENANT_DATA_PROFILES.demo;
  // The search index's postings, written once all are known: a chunk of ids ends inside a posting's bucket.
  const searchable: { id: number; text: string }[] = [];
  for (let start = 1; start <= spec.assetCount; start += CHUNK) {
    const assets: AssetRecord[] = [];
    for (let id = start; id < Math.min(start + CHUNK, spec.assetCount + 1); id++) {
      const assetRng = rng.fork(`asset-${id}`);
      const client = assetRng.chance(0.75) ? assetRng.weighted(weights) : null;
      const plan: AssetPlan = {
        id,
        number: profile.assetNumberStart + id,
        prefix: profile.assetNamePrefix,
        devEui: `${profile.devEuiPrefix}${id.toString(16).padStart(6, '0')}`,
        client,
        site: client ? (clients.sites.get(client.id) ?? null) : null,
        firstEventId: 1,
        profileId: id,
      };
      const { asset } = buildAsset(assetRng, plan, { ...context, referenceDate: REFERENCE_DATE });
      if (client) perCustomer.set(client.id, (perCustomer.get(client.id) ?? 0) + 1);
      assets.push(asset);
      searchable.push({ id: asset.id, text: assetSearchText(asset) });
    }
    await batchPut(
      assets.map((asset) => assetRepository.toItem(ctx, asset)),
      CONCURRENCY,
    );
    onProgress(start - 1 + assets.length);
  }
  await batchPut(postingItems(ctx, 'ASSET', searchable), CONCURRENCY);
  return perCustomer;
}

export async function ensureBenchTenant(
  spec: BenchTenantSpec,
  log: (line: string) => void = () => undefined,
): Promise<BenchTenant> {
  const tenantId = await benchTenantId(spec.subdomain);
  const ctx = systemTenantContext(tenantId);
  const rng = new Rng(spec.assetCount);
  const clients = benchClients(rng, spec.customerCount);
  const reference = generateDemoData({
    seed: spec.assetCount,
    referenceDate: REFERENCE_DATE,
    profile: { ...TENANT_DATA_PROFILES.demo, assetCount: 0, customerCount: 0, spareDevices: 0 },
  });
  const zones = buildZones(rng.fork('zones'), TENANT_DATA_PROFILES.demo.zoneKeys);
  const context = {
    zones,
    statuses: reference.statuses,
    definition: reference.definitions[0] as AssetProfileDefinitionRecord,
  };
  const started = Date.now();
  let perCustomer: Map<number, number>;
  if ((await assetRepository.count(ctx)) === spec.assetCount && (await hasSearchIndex(ctx))) {
    perCustomer = await countPerCustomer(spec, rng, clients);
  } else {
    log(`seeding ${spec.assetCount} assets into tenant ${spec.subdomain} (${tenantId})`);
    if ((await roleRepository.count(ctx)) === 0) {
      for (const role of defaultRoleMatrix()) await roleRepository.create(ctx, role);
    }
    await writeAll(ctx, assetStatusRepository, reference.statuses);
    await writeAll(ctx, clientRepository, clients.clients);
    await writeAll(
      ctx,
      geoZoneRepository,
      zones.map((zone) => zone.record),
    );
    perCustomer = await writeAssets(ctx, spec, rng, clients, context, (written) => {
      if (written % 10_000 === 0 || written === spec.assetCount) log(`  ${written} / ${spec.assetCount}`);
    });
    // Last: the counter is what marks the tenant complete (and what the unfiltered total reads).
    await setCounter(ctx, 'ASSET', spec.assetCount);
    await markSearchIndex(ctx);
  }
  // The customers' asset counts (client-asset-count.ts): SET, so a tenant seeded before they existed gets them.
  await batchPut(clientAssetCounterItems(ctx, perCustomer), CONCURRENCY);
  const [id, assets] = [...perCustomer.entries()].sort((a, b) => b[1] - a[1])[0] ?? [0, 0];
  return { ...spec, tenantId, seededSeconds: (Date.now() - started) / 1000, biggestCustomer: { id, assets } };
}

/**
 * Tenants seeded before the n-gram search index existed lack it: they are seeded again. The mark is an
 * attribute of the bench tenant's asset counter, set once the postings are written.
 */
async function hasSearchIndex(ctx: TenantContext): Promise<boolean> {
  const result = await dynamo().send(new GetCommand({ TableName: tableName(), Key: counterKey(ctx, 'ASSET') }));
  return result.Item?.benchSearchIndex === SEARCH_INDEX_MARK;
}

const SEARCH_INDEX_MARK = 'grams-v1';

async function markSearchIndex(ctx: TenantContext): Promise<void> {
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: counterKey(ctx, 'ASSET'),
      UpdateExpression: 'SET benchSearchIndex = :mark',
      ExpressionAttributeValues: { ':mark': SEARCH_INDEX_MARK },
    }),
  );
}

/** The per-customer counts of a seeded tenant, from the same deterministic draws (no read of 100k items). */
async function countPerCustomer(
  spec: BenchTenantSpec,
  rng: Rng,
  clients: { clients: ClientRecord[] },
): Promise<Map<number, number>> {
  const weights = clients.clients.map((client, i) => [client, 1 / (i + 1) ** 0.6] as const);
  const perCustomer = new Map<number, number>();
  for (let id = 1; id <= spec.assetCount; id++) {
    const assetRng = rng.fork(`asset-${id}`);
    const client = assetRng.chance(0.75) ? assetRng.weighted(weights) : null;
    if (client) perCustomer.set(client.id, (perCustomer.get(client.id) ?? 0) + 1);
  }
  return perCustomer;
}
