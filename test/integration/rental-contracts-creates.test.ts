import { systemTenantContext } from '../../functions/lib/data/system-context';
import { createLines } from '../../functions/lib/rental-contracts/rental-contract-creates';
import type { StoredLine } from '../../functions/lib/rental-contracts/rental-contract-items';
import { readStoredLines } from '../../functions/lib/rental-contracts/rental-contract-writes';
import { REGION, TABLE_NAME } from '../../scripts/local/config';
import { call, tokenOf } from '../harness/api';
import { readStack } from '../harness/stack';

/**
 * A bulk's new lines are created on the condition that they are still absent
 * (functions/lib/rental-contracts/rental-contract-creates.ts): a line someone else created meanwhile is
 * refused, that line alone, through the transaction's per-item cancellation reasons, against the local stack;
 * and two bulks creating the same lines at once never both write version 1 of a line.
 */
type Report = { lines: { externalId: string | null; result: string; version: number | null }[] };
type Line = { quantity: number; version: number };

const run = Date.now().toString(36);
const idOf = (suffix: string | number) => `CREATE-${run}-${suffix}`;

describe('rental contract lines created in bulk', () => {
  let admin: string;
  let profile: number;
  let customer: number;
  beforeAll(async () => {
    admin = await tokenOf('admin');
    const profiles = await call<{ 'hydra:member': { id: number }[] }>('GET', '/api/asset-profile-definitions', {
      token: admin,
    });
    profile = (profiles.body['hydra:member'][0] as { id: number }).id;
    // A customer of its own: hundreds of lines on a demo customer would crowd other files' lists.
    const body = { company: `Creates ${run}`, name: 'Cy Create', email: `cy.${run}@rent.example` };
    customer = (await call<{ id: number }>('POST', '/api/clients', { token: admin, body })).body.id;
  });
  afterAll(async () => {
    await call('DELETE', `/api/clients/${customer}`, { token: admin });
  });
  const lineOf = (externalId: string, quantity: number) => ({
    externalId,
    customer,
    assetProfile: profile,
    quantity,
    onHire: '2026-05-04',
    deliverySite: { address: 'Kade 7, Rotterdam' },
  });
  const read = async (externalId: string) => call<Line>('GET', `/api/rental-contracts/${externalId}`, { token: admin });

  it('refuses only the line another writer created meanwhile, and writes the rest of its transaction', async () => {
    await call('PUT', `/api/rental-contracts/${idOf('theirs')}`, { token: admin, body: lineOf(idOf('theirs'), 7) });
    const stored = (id: string): StoredLine => ({
      ...lineOf(id, 3),
      asset: null,
      expectedReturn: null,
      offHire: null,
      deliverySite: { address: 'Kade 7, Rotterdam', geoZone: null },
      dayRate: null,
      status: 'active',
      version: 1,
      changedAt: new Date().toISOString(),
      changedBy: 1,
    });
    process.env.TABLE_NAME = TABLE_NAME;
    process.env.AWS_REGION = REGION;
    process.env.DYNAMODB_ENDPOINT = `http://127.0.0.1:${readStack().ports.DYNAMODB_PORT}`;
    const ctx = systemTenantContext('1');
    const ids = [idOf('a'), idOf('theirs'), idOf('b')];
    const refused = await createLines(ctx, ids.map(stored), (some) => readStoredLines(ctx, some));
    expect([...refused]).toEqual([idOf('theirs')]);
    expect((await read(idOf('theirs'))).body).toMatchObject({ quantity: 7, version: 1 });
    for (const id of [idOf('a'), idOf('b')]) expect((await read(id)).body).toMatchObject({ quantity: 3, version: 1 });
  });

  it('lets two bulks creating the same lines at once write version 1 of each line once', async () => {
    const count = 300;
    const sent = (quantity: number) =>
      call<Report>('POST', '/api/rental-contracts/bulk', {
        token: admin,
        body: { lines: Array.from({ length: count }, (_, i) => lineOf(idOf(i), quantity)) },
      });
    const [one, two] = await Promise.all([sent(1), sent(2)]);
    expect([one.status, two.status]).toEqual([200, 200]);
    for (let i = 0; i < count; i++) {
      const answers = [one.body.lines[i], two.body.lines[i]];
      const created = answers.filter((answer) => answer?.result === 'done' && answer.version === 1);
      expect({ line: i, created: created.length }).toEqual({ line: i, created: 1 });
    }
    // What is stored is the last write each line met: the one reported at the highest version.
    for (const i of [0, count / 2, count - 1]) {
      const line = (await read(idOf(i))).body;
      const winner = [one, two].findIndex((bulk) => bulk.body.lines[i]?.version === line.version);
      expect(line.quantity).toBe(winner + 1);
    }
  });
});
