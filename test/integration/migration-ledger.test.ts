import { randomUUID } from 'node:crypto';
import { DeleteCommand, GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { handlerEnvironment, type PortName } from '../../scripts/local/config';
import { LEASE_MS, ledgerPartition, readEntry, StepLeased, takeLease } from '../../scripts/migrations/ledger';
import { runMigrations } from '../../scripts/migrations/run-migrations';
import { MIGRATION_STEPS, type MigrationStep } from '../../scripts/migrations/steps';
import { call } from '../harness/api';
import { createOwnTenant, type OwnTenant, removeOwnTenant } from '../harness/own-tenant';
import { localTable, readStack } from '../harness/stack';

/**
 * The migration ledger against the local table: a tenant saved in an older shape (role matrices from before
 * two permissions, an asset without its list and search keys) comes out in the current shape; a rerun changes
 * nothing; a run that stops half-way resumes at the tenant after the last one it finished; a second run never
 * works a step another run holds. Each test keeps a ledger of its own (a scope), so the table's own ledger,
 * which `npm start` wrote, is left alone.
 */
const { client: db } = localTable();
type Role = { name: string; role_permissions: { permission: string }[] };
type Collection<T> = { 'hydra:member': T[] };
const devEui = () => randomUUID().replaceAll('-', '').slice(0, 16).toUpperCase();

beforeAll(() => {
  const stack = readStack();
  for (const [name, value] of Object.entries(stack.ports)) process.env[name as PortName] = String(value);
  Object.assign(process.env, handlerEnvironment(stack));
});

describe('migration ledger', () => {
  let tenant: OwnTenant;
  const as = <T>(method: string, path: string, body?: unknown) =>
    call<T>(method, path, { token: tenant.superAdmin.token, headers: tenant.superAdmin.headers, body });
  const rolesOf = async () =>
    new Map(
      (await as<Collection<Role>>('GET', '/api/role-matrix')).body['hydra:member'].map((role) => [
        role.name,
        role.role_permissions.map((p) => p.permission),
      ]),
    );
  const rawRoles = async () =>
    (
      await db.send(
        new QueryCommand({
          TableName: process.env.TABLE_NAME,
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': `T#${tenant.tenantId}#ROLE` },
        }),
      )
    ).Items ?? [];
  const findAssets = async (text: string) =>
    (await as<Collection<{ id: number }>>('GET', `/api/assets?pagination=false&search=${text}`)).body[
      'hydra:member'
    ].map((asset) => asset.id);

  beforeAll(async () => {
    tenant = await createOwnTenant('migration-ledger');
  }, 120_000);
  afterAll(() => removeOwnTenant(tenant));

  it('brings a tenant saved in an older shape to the current one, and a rerun changes nothing', async () => {
    // Role matrices saved before GATEWAYS and ASSET_REPORT_CONFIRM existed.
    for (const role of await rawRoles()) {
      const older = (role.permissions as string[]).filter((p) => p !== 'GATEWAYS' && p !== 'ASSET_REPORT_CONFIRM');
      await setPermissions(role, older);
    }
    expect((await rolesOf()).get('ROLE_USER')).not.toContain('ASSET_REPORT_CONFIRM');
    // An asset written before the list indexes and the search index: no list keys, no postings.
    const created = await as<{ id: number }>('POST', '/api/assets', { name: 'Oldshape reel', reference: 'OS-1' });
    expect(created.status).toBe(201);
    const key = { pk: `T#${tenant.tenantId}#ASSET`, sk: `ASSET#${String(created.body.id).padStart(10, '0')}` };
    const item = (await db.send(new GetCommand({ TableName: process.env.TABLE_NAME, Key: key }))).Item ?? {};
    const listKeys = Object.keys(item).filter((name) => /^gsi(8|9|1[0-3])(pk|sk)$/.test(name));
    expect(listKeys.length).toBeGreaterThan(0);
    await db.send(
      new UpdateCommand({
        TableName: process.env.TABLE_NAME,
        Key: key,
        UpdateExpression: `REMOVE ${listKeys.join(', ')}`,
      }),
    );
    await deletePartition(`T#${tenant.tenantId}#ASSET_GRAMS`);
    expect(await findAssets('oldshape')).toEqual([]);
    // A device keyed for the silent-tag job in the map's index, where due entries were kept before theirs.
    const device = await as<{ id: number }>('POST', '/api/devices', { name: 'Oldshape tag', dev_eui: devEui() });
    expect(device.status).toBe(201);
    const deviceKey = { pk: `T#${tenant.tenantId}#DEVICE`, sk: `DEVICE#${String(device.body.id).padStart(10, '0')}` };
    const due = { pk: `T#${tenant.tenantId}#DEVICE#DUE`, sk: `2026-06-01T11:30:00.000Z#${deviceKey.sk.slice(7)}` };
    await db.send(
      new UpdateCommand({
        TableName: process.env.TABLE_NAME,
        Key: deviceKey,
        UpdateExpression: 'SET gsi7pk = :pk, gsi7sk = :sk REMOVE gsi14pk, gsi14sk',
        ExpressionAttributeValues: { ':pk': due.pk, ':sk': due.sk },
      }),
    );

    const scope = `test-${randomUUID()}`;
    const first = await runMigrations({ scope, tenants: async () => [tenant.tenantId] });
    expect(first.ran).toEqual(MIGRATION_STEPS.map((step) => step.id));

    const roles = await rolesOf();
    expect(roles.get('ROLE_USER')).toContain('ASSET_REPORT_CONFIRM');
    expect(roles.get('ROLE_ACCOUNT_MANAGER')).toContain('ASSET_REPORT_CONFIRM');
    expect(roles.get('ROLE_ADMIN')).toEqual(expect.arrayContaining(['GATEWAYS', 'ASSET_REPORT_CONFIRM']));
    expect(roles.get('ROLE_CLIENT')).not.toContain('ASSET_REPORT_CONFIRM');
    expect(await findAssets('oldshape')).toEqual([created.body.id]);
    const migrated = (await db.send(new GetCommand({ TableName: process.env.TABLE_NAME, Key: key }))).Item ?? {};
    for (const name of listKeys) expect(migrated[name]).toBe(item[name]);
    const movedDevice = (await db.send(new GetCommand({ TableName: process.env.TABLE_NAME, Key: deviceKey }))).Item;
    expect(movedDevice).toMatchObject({ gsi14pk: due.pk, gsi14sk: due.sk });
    expect(movedDevice).not.toHaveProperty('gsi7pk');
    const grants = await readEntry(ledgerPartition(scope), 'grant-asset-report-confirm');
    expect(grants).toMatchObject({ last_tenant: tenant.tenantId, counts: { tenants: 1, granted: 4 } });
    expect(grants.finished_at).toEqual(expect.any(String));

    // An admin takes the permission away again: the finished step never gives it back.
    const user = (await rawRoles()).find((role) => role.name === 'ROLE_USER') ?? {};
    await setPermissions(user, ['ASSET_READ']);
    const before = JSON.stringify(await rawRoles());
    const second = await runMigrations({ scope, tenants: async () => [tenant.tenantId] });
    expect(second).toEqual({ ran: [], done: MIGRATION_STEPS.map((step) => step.id), pending: [] });
    expect(JSON.stringify(await rawRoles())).toBe(before);
  }, 300_000);

  it('resumes a run that stopped half-way at the tenant after the last one it finished', async () => {
    const scope = `test-${randomUUID()}`;
    const worked: number[] = [];
    let stopAt: number | undefined = 102;
    const step: MigrationStep = {
      id: 'count-tenants',
      gives: 'nothing; the test counts the tenants it is run on',
      async run(ctx) {
        if (Number(ctx.tenantId) === stopAt) throw new Error('stopped');
        worked.push(Number(ctx.tenantId));
        return { seen: 1 };
      },
    };
    const options = { scope, steps: [step], tenants: async () => [103, 101, 102] };
    await expect(runMigrations(options)).rejects.toThrow('stopped');
    expect(await readEntry(ledgerPartition(scope), step.id)).toMatchObject({ last_tenant: 101, counts: { seen: 1 } });

    stopAt = undefined;
    expect((await runMigrations(options)).ran).toEqual(['count-tenants']);
    expect(worked).toEqual([101, 102, 103]);
    const entry = await readEntry(ledgerPartition(scope), step.id);
    expect(entry).toMatchObject({ last_tenant: 103, counts: { seen: 3, tenants: 3 } });
  });

  it('leaves a step another run holds alone until that run lets go or its lease ends', async () => {
    const scope = `test-${randomUUID()}`;
    const worked: number[] = [];
    const step: MigrationStep = {
      id: 'count-tenants',
      gives: 'nothing',
      run: async (ctx) => {
        worked.push(Number(ctx.tenantId));
        return {};
      },
    };
    const now = new Date();
    // A run killed outright after taking the step: its lease stands.
    await takeLease(ledgerPartition(scope), step.id, 'killed-run', now);
    const options = { scope, steps: [step], tenants: async () => [7] };
    await expect(runMigrations(options)).rejects.toBeInstanceOf(StepLeased);
    expect(worked).toEqual([]);

    const later = new Date(now.getTime() + LEASE_MS + 1000);
    expect((await runMigrations({ ...options, now: () => later })).ran).toEqual(['count-tenants']);
    expect(worked).toEqual([7]);
  });

  it('says what a dry run would do and writes nothing', async () => {
    const scope = `test-${randomUUID()}`;
    const lines: string[] = [];
    const outcome = await runMigrations({ scope, dryRun: true, log: (line) => lines.push(line) });
    expect(outcome.pending).toEqual(MIGRATION_STEPS.map((step) => step.id));
    expect(lines).toHaveLength(MIGRATION_STEPS.length);
    const ledger = await db.send(
      new QueryCommand({
        TableName: process.env.TABLE_NAME,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': ledgerPartition(scope) },
      }),
    );
    expect(ledger.Items).toEqual([]);
  });

  it('finds the table the stack started on migrated by npm start itself', async () => {
    const outcome = await runMigrations({ dryRun: true });
    expect(outcome.pending).toEqual([]);
    expect(outcome.done).toEqual(MIGRATION_STEPS.map((step) => step.id));
  });
});

/** A role item's permissions written as an older version (or an admin) left them, past the API. */
async function setPermissions(role: Record<string, unknown>, permissions: string[]) {
  await db.send(
    new UpdateCommand({
      TableName: process.env.TABLE_NAME,
      Key: { pk: role.pk, sk: role.sk },
      UpdateExpression: 'SET #permissions = :permissions',
      ExpressionAttributeNames: { '#permissions': 'permissions' },
      ExpressionAttributeValues: { ':permissions': permissions },
    }),
  );
}

async function deletePartition(pk: string) {
  const { Items = [] } = await db.send(
    new QueryCommand({
      TableName: process.env.TABLE_NAME,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': pk },
    }),
  );
  for (const item of Items) {
    await db.send(new DeleteCommand({ TableName: process.env.TABLE_NAME, Key: { pk: item.pk, sk: item.sk } }));
  }
}
