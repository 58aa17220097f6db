import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { handlerEnvironment, type PortName, REGION, TABLE_NAME } from '../../scripts/local/config';
import { call, tokenOf } from '../harness/api';
import { seedBenchTenant, seedDeviceBenchTenant } from '../harness/bench-tenants';
import { localTable, readStack } from '../harness/stack';

/**
 * The list index migration (the migration step list-index-keys, scripts/migrations/list-indexes-run.ts) on the
 * local stack with data in it (docs/decisions/0272-list-indexes-project-only-what-lists-filter-and-customer-indexes.md): a tenant of the test's own is seeded, its answers noted, then its assets and
 * devices are put back in the OLD shape (gsi1…gsi6 keys as the old code wrote them, no list or customer keys,
 * no customer counters). A dry run changes nothing; the migration gives the lists their answers back and
 * leaves no old key.
 */
type Collection = { 'hydra:member': { id: number; client?: { id: number } | null }[]; 'hydra:totalItems': number };

const SPEC = { subdomain: 'it-migrate-indexes-150', assetCount: 150, customerCount: 3 };
const DEVICES = 60;
const ITEMS = SPEC.assetCount + DEVICES;
const { client: db, endpoint } = localTable();
const NEW_KEYS = [8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18].flatMap((n) => [`gsi${n}pk`, `gsi${n}sk`]);
const OLD_KEYS = [1, 2, 3, 4, 5, 6].flatMap((n) => [`gsi${n}pk`, `gsi${n}sk`]);

let superadmin: string;
let tenantId: number;
let biggestCustomer: number;

const get = (path: string) =>
  call<Collection>('GET', path, { token: superadmin, headers: { 'x-tenant-id': String(tenantId) } });

/** The answers the migration must give back: ids in order and totals of the lists' plans. */
const QUERIES = () => [
  '/api/assets?itemsPerPage=30',
  '/api/assets?itemsPerPage=20&page=2&order[reference]=asc',
  '/api/assets?itemsPerPage=20&order[days_outside_geo_zone]=desc',
  '/api/assets?itemsPerPage=20&order[client.company]=asc',
  `/api/assets?itemsPerPage=10&page=2&client=${biggestCustomer}&order[reference]=desc`,
  `/api/assets?itemsPerPage=20&client=${biggestCustomer}&order[scheduled]=asc`,
  `/api/assets?itemsPerPage=20&client=${biggestCustomer}&order[cable_length]=asc&search=a`,
  '/api/devices?itemsPerPage=20&order[name]=asc',
  '/api/devices?itemsPerPage=20&page=2&order[model]=desc',
  '/api/devices?itemsPerPage=20&asset[exists]=false&order[asset.name]=asc',
];

async function answers(): Promise<Record<string, { ids: number[]; total: number }>> {
  const out: Record<string, { ids: number[]; total: number }> = {};
  for (const path of QUERIES()) {
    const response = await get(path);
    expect(response.status).toBe(200);
    out[path] = { ids: response.body['hydra:member'].map((m) => m.id), total: response.body['hydra:totalItems'] };
  }
  return out;
}

async function partition(pk: string): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: TABLE_NAME,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': pk },
        ExclusiveStartKey: startKey,
      }),
    );
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items;
}

const snapshot = async () =>
  JSON.stringify(await Promise.all(['ASSET', 'DEVICE', 'COUNTER'].map((type) => partition(`T#${tenantId}#${type}`))));

/** What the old code wrote: gsi1…gsi6 from the same sort values, none of the new keys, no customer counters. */
async function toOldShape() {
  const { assetSortKeys } = await import('../../functions/lib/assets/asset-repository');
  const { deviceSortKeys } = await import('../../functions/lib/devices/device-repository');
  const asset = (item: Record<string, unknown>) => {
    const keys = assetSortKeys(item as never);
    const client = item.client as { id: number } | null;
    return {
      gsi1sk: keys.days_outside_geo_zone,
      gsi2sk: keys.reference,
      gsi3sk: keys.scheduled,
      gsi4sk: keys['client.company'],
      gsi5sk: keys.cable_length,
      ...(client ? { gsi6pk: `T#${tenantId}#CLIENT#${client.id}#ASSETS`, gsi6sk: keys.id } : {}),
    };
  };
  const device = (item: Record<string, unknown>) => {
    const keys = deviceSortKeys(item as never);
    return {
      gsi1sk: keys.batteryLevelLow,
      gsi2sk: keys['asset.name'],
      gsi3sk: keys.name,
      gsi4sk: keys.devEui,
      gsi5sk: keys.activationDate,
      gsi6sk: keys.model,
    };
  };
  for (const [type, old] of [
    ['ASSET', asset],
    ['DEVICE', device],
  ] as const) {
    const { inPool } = await import('../../scripts/migrations/list-indexes-steps');
    await inPool(await partition(`T#${tenantId}#${type}`), async (item) => {
      const partitionKeys = Object.fromEntries([1, 2, 3, 4, 5].map((n) => [`gsi${n}pk`, `T#${tenantId}#${type}`]));
      const set = { ...partitionKeys, ...(type === 'DEVICE' ? { gsi6pk: `T#${tenantId}#DEVICE` } : {}), ...old(item) };
      const present = NEW_KEYS.filter((name) => item[name] !== undefined);
      const names = { ...Object.fromEntries(Object.keys(set).map((n, i) => [`#s${i}`, n])) };
      const removeNames = Object.fromEntries(present.map((n, i) => [`#r${i}`, n]));
      await db.send(
        new UpdateCommand({
          TableName: TABLE_NAME,
          Key: { pk: item.pk, sk: item.sk },
          UpdateExpression: `SET ${Object.keys(set)
            .map((_, i) => `#s${i} = :s${i}`)
            .join(', ')}${present.length ? ` REMOVE ${Object.keys(removeNames).join(', ')}` : ''}`,
          ExpressionAttributeNames: { ...names, ...removeNames },
          ExpressionAttributeValues: Object.fromEntries(Object.values(set).map((v, i) => [`:s${i}`, v])),
        }),
      );
    });
  }
  for (const counter of await partition(`T#${tenantId}#COUNTER`)) {
    if (String(counter.sk).startsWith('ASSET#CLIENT#'))
      await db.send(new DeleteCommand({ TableName: TABLE_NAME, Key: { pk: counter.pk, sk: counter.sk } }));
  }
}

describe('list index migration', () => {
  let run: typeof import('../../scripts/migrations/list-indexes-run').runIndexMigration;
  const raw = new DynamoDBClient({
    region: REGION,
    endpoint,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const migrate = (dryRun: boolean, steps = ['create-indexes', 'backfill', 'count', 'verify', 'drop-old'] as const) =>
    run(raw, TABLE_NAME, { steps, tenants: [tenantId], dryRun, log: () => undefined });

  beforeAll(async () => {
    superadmin = await tokenOf('superadmin');
    const stack = readStack();
    for (const [name, value] of Object.entries(stack.ports)) process.env[name as PortName] = String(value);
    Object.assign(process.env, handlerEnvironment(stack));
    ({ runIndexMigration: run } = await import('../../scripts/migrations/list-indexes-run'));
    const seeded = await seedBenchTenant(SPEC);
    await seedDeviceBenchTenant({ subdomain: SPEC.subdomain, deviceCount: DEVICES });
    tenantId = seeded.tenantId;
    biggestCustomer = seeded.biggestCustomer.id;
  }, 240_000);

  it('moves a tenant in the old shape to the list indexes: a dry run writes nothing, the lists answer the same', async () => {
    const before = await answers();
    expect(before[QUERIES()[1] as string]?.ids).toHaveLength(20);
    await toOldShape();
    // The old shape is really old: the new lists do not see it.
    expect((await get('/api/assets?itemsPerPage=20&order[reference]=asc')).body['hydra:member']).toEqual([]);

    const untouched = await snapshot();
    const dry = await migrate(true);
    expect(dry.lines.some((line) => /backfill tenant \d+: 300 read, 300 keyed \(dry run/.test(line))).toBe(false);
    expect(dry.lines).toContainEqual(
      `backfill tenant ${tenantId}: ${ITEMS} read, ${ITEMS} keyed (dry run: nothing written), 0 retried`,
    );
    expect(dry.ok).toBe(false); // verify finds the keys missing, so drop-old is skipped
    expect(await snapshot()).toBe(untouched);

    const done = await migrate(false);
    expect({ problems: done.problems, lines: done.lines }).toEqual({ problems: [], lines: expect.any(Array) });
    expect(done.ok).toBe(true);
    expect(await answers()).toEqual(before);
    for (const type of ['ASSET', 'DEVICE'])
      for (const item of await partition(`T#${tenantId}#${type}`))
        for (const name of OLD_KEYS) expect(item[name]).toBeUndefined();

    // Idempotent: a second run finds nothing to key, count or clean.
    const again = await migrate(false, ['backfill', 'count', 'drop-old'] as never);
    expect(again.lines).toEqual([
      expect.stringMatching(new RegExp(`${ITEMS} read, 0 keyed`)),
      expect.stringMatching(/0 counters set/),
      expect.stringMatching(new RegExp(`${ITEMS} read, 0 cleaned`)),
    ]);
  }, 600_000);
});
