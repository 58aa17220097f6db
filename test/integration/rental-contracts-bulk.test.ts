import { call, tokenOf } from '../harness/api';

/**
 * The bulk upsert of rental contract lines (POST /api/rental-contracts/bulk): 5,000 lines with malformed ones
 * among them answer a report per line; the valid lines are written and the refused ones are not; the same
 * request again finds every line unchanged and writes no version. Its lines belong to customers of its own,
 * made through the API, so the customers' lists count exactly this run's lines.
 */
type Report = {
  done: number;
  unchanged: number;
  refused: number;
  lines: {
    line: number;
    externalId: string | null;
    result: string;
    version: number | null;
    violations: { propertyPath: string; message: string }[];
  }[];
};
type Line = { externalId: string; version: number; changedAt: string; versions: { version: number }[] };

const run = Date.now().toString(36);
const LINES = 5000;
const CUSTOMERS = 6;
const idOf = (i: number) => `BULK-${run}-${i}`;

/** Every 250th line is malformed, each in one of these ways; the expected property path beside it. */
const MALFORMED: [string, (line: Record<string, unknown>) => Record<string, unknown>][] = [
  ['onHire', (line) => ({ ...line, onHire: '2026-02-30' })],
  ['expectedReturn', (line) => ({ ...line, expectedReturn: '2025-12-31' })],
  ['quantity', (line) => ({ ...line, quantity: 0 })],
  // A zone id no tenant has (another tenant's ids: rental-contracts.test.ts).
  ['deliverySite.geoZone', (line) => ({ ...line, deliverySite: { geoZone: 999_999_999 } })],
  ['externalId', (line) => ({ ...line, externalId: `bad#${line.externalId}` })],
  ['dayRate.amount', (line) => ({ ...line, dayRate: { amount: '1.005', currency: 'EUR' } })],
  ['customer', (line) => ({ ...line, customer: undefined })],
  ['externalId', (line) => ({ ...line, externalId: idOf(0) })],
];

describe('rental contracts in bulk', () => {
  let admin: string;
  const customers: number[] = [];
  let lines: Record<string, unknown>[] = [];
  const refusedAt = new Map<number, string>();

  const bulk = (body: unknown) => call<Report>('POST', '/api/rental-contracts/bulk', { token: admin, body });
  const totalOf = async (customer: number) =>
    (
      await call<{ 'hydra:totalItems': number }>('GET', `/api/clients/${customer}/rental-contracts?itemsPerPage=1`, {
        token: admin,
      })
    ).body['hydra:totalItems'];
  const firstId = async (token: string, path: string) =>
    (await call<{ 'hydra:member': { id: number }[] }>('GET', path, { token })).body['hydra:member'][0]?.id as number;

  beforeAll(async () => {
    admin = await tokenOf('admin');
    const [profile, zone] = [
      await firstId(admin, '/api/asset-profile-definitions'),
      await firstId(admin, '/api/geo-zones'),
    ];
    for (let c = 0; c < CUSTOMERS; c++) {
      const body = { company: `Bulk ${c} ${run}`, name: 'Bo Bulk', email: `bo.${c}.${run}@bulk.example` };
      const created = await call<{ id: number }>('POST', '/api/clients', { token: admin, body });
      expect(created.status).toBe(201);
      customers.push(created.body.id);
    }
    lines = Array.from({ length: LINES }, (_, i) => {
      const line: Record<string, unknown> = {
        externalId: idOf(i),
        customer: customers[i % CUSTOMERS],
        assetProfile: profile,
        quantity: 1 + (i % 5),
        onHire: `2026-01-${String(1 + (i % 28)).padStart(2, '0')}`,
        expectedReturn: '2026-06-30',
        deliverySite: i % 2 ? { geoZone: zone } : { address: `Kade ${i}, Rotterdam` },
        dayRate: { amount: 4 + (i % 7), currency: 'EUR' },
      };
      if (i === 0 || i % 250 !== 0) return line;
      const [path, spoil] = MALFORMED[(i / 250) % MALFORMED.length] as (typeof MALFORMED)[number];
      refusedAt.set(i, path);
      return spoil(line);
    });
  });

  afterAll(async () => {
    for (const id of customers) await call('DELETE', `/api/clients/${id}`, { token: admin });
  });

  it('reports every line, writes the valid ones only, and writes nothing when the same lines come again', async () => {
    const first = await bulk({ lines });
    expect(first.status).toBe(200);
    expect(first.body.lines).toHaveLength(LINES);
    expect(first.body).toMatchObject({ done: LINES - refusedAt.size, unchanged: 0, refused: refusedAt.size });
    for (const [index, path] of refusedAt) {
      const report = first.body.lines[index];
      expect({
        line: report?.line,
        result: report?.result,
        paths: report?.violations.map((v) => v.propertyPath),
      }).toEqual({
        line: index + 1,
        result: 'refused',
        paths: [path],
      });
    }
    expect(first.body.lines.filter((l) => l.result === 'done').every((l) => l.version === 1)).toBe(true);
    const totals = await Promise.all(customers.map(totalOf));
    expect(totals.reduce((sum, total) => sum + total, 0)).toBe(LINES - refusedAt.size);
    for (const index of refusedAt.keys())
      expect((await call('GET', `/api/rental-contracts/${idOf(index)}`, { token: admin })).status).toBe(404);

    const sample = [1, 999, 2501, 4999].map(idOf);
    const before = await Promise.all(
      sample.map(async (id) => (await call<Line>('GET', `/api/rental-contracts/${id}`, { token: admin })).body),
    );
    const again = await bulk({ lines });
    expect(again.body).toMatchObject({ done: 0, unchanged: LINES - refusedAt.size, refused: refusedAt.size });
    expect(again.body.lines.filter((l) => l.result === 'unchanged').every((l) => l.version === 1)).toBe(true);
    const after = await Promise.all(
      sample.map(async (id) => (await call<Line>('GET', `/api/rental-contracts/${id}`, { token: admin })).body),
    );
    expect(after).toEqual(before);
    expect(after.map((line) => [line.externalId, line.versions?.length])).toEqual(sample.map((id) => [id, 1]));
    expect(await Promise.all(customers.map(totalOf))).toEqual(totals);
  });

  it('refuses more than 5,000 lines or none as a whole, and a body over its bound with 413', async () => {
    const tooMany = await bulk({ lines: Array.from({ length: LINES + 1 }, () => ({})) });
    expect(tooMany.status).toBe(422);
    expect((await bulk({ lines: [] })).status).toBe(422);
    const huge = { lines: [{ externalId: 'x', padding: 'y'.repeat(5 * 1024 * 1024) }] };
    expect((await bulk(huge)).status).toBe(413);
  });
});
