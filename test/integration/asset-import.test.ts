import { stringify } from 'csv-stringify/sync';
import { flattenClaims } from '../../scripts/local/gateway';
import {
  ASSET_IMPORT_MAX_ROWS,
  type AssetImportPlan,
  type AssetImportProgress,
  type AssetImportResult,
} from '../../shared/schemas/asset-import';
import { ASSET_IMPORT_MESSAGES as M } from '../../shared/schemas/asset-import-messages';
import { call, tokenOf } from '../harness/api';
import { readCsv, readXlsx } from '../harness/export-files';
import { readStack } from '../harness/stack';
import { waitUntil } from '../harness/wait';

/**
 * Asset import (docs/decisions/0332-asset-import-round-trips-the-export-per-row-behind-a-dry-run.md): the
 * export's import layout, edited, dry run, imported through the asset import worker: the assets equal the edits,
 * an unchanged row is not rewritten, a broken row is refused and untouched; the worker invoked again for the same
 * import applies nothing twice; another tenant's ids are refused; bounds answer 4xx.
 */
type Asset = {
  id: number;
  version: number;
  name: string;
  reference: string | null;
  description: string | null;
  scheduled: string | null;
  client: { id: number } | null;
};
type ErrorBody = { detail?: string; violations?: { propertyPath: string; message: string }[] };
type ExportAnswer = { url: string };

const stack = readStack();
const run = `Imp${Date.now().toString(36)}`;

async function upload<T>(path: string, token: string, content: Buffer | string, filename = 'assets.csv') {
  const form = new FormData();
  form.append('files', new Blob([typeof content === 'string' ? content : new Uint8Array(content)]), filename);
  const response = await fetch(`${stack.apiUrl}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as T & ErrorBody };
}

const dryRun = (token: string, content: Buffer | string, filename?: string) =>
  upload<AssetImportPlan>('/api/assets/import/dry-run', token, content, filename);
const start = (token: string, plan: string, content: Buffer | string, filename?: string) =>
  upload<AssetImportProgress>(`/api/assets/import?plan=${plan}`, token, content, filename);

const progressOf = async (token: string, plan: string) =>
  (await call<AssetImportProgress>('GET', `/api/assets/import/progress?plan=${plan}`, { token })).body;

/** The import answers 202 once its rows are stored; the worker applies them, the journal says when it ended. */
async function ended(token: string, plan: string): Promise<AssetImportProgress & { result: AssetImportResult }> {
  const done = await waitUntil(
    `the import of ${plan} to end`,
    () => progressOf(token, plan),
    (progress) => progress.status !== 'running',
    { timeoutMs: 120_000 },
  );
  expect(done.status).toBe('done');
  return done as AssetImportProgress & { result: AssetImportResult };
}

async function apply(token: string, plan: string, content: Buffer | string) {
  const started = await start(token, plan, content);
  expect(started.status).toBe(202);
  expect(started.body).toMatchObject({ plan, status: 'running' });
  return ended(token, plan);
}

/** The asset import worker invoked as Lambda would invoke it, synchronously, through the local Lambda service. */
async function invokeWorker(token: string, journal: string) {
  const claims = flattenClaims(JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')));
  const response = await fetch(
    `http://127.0.0.1:${stack.ports.LAMBDA_PORT}/2015-03-31/functions/asset-import-worker/invocations`,
    { method: 'POST', body: JSON.stringify({ tenantId: claims['custom:tenant'], journal, claims }) },
  );
  expect(response.status).toBe(200);
}

/** The import layout of the assets `filter` selects (`search=` or `id=`), in reference order. */
async function exported(token: string, type: 'csv' | 'excel', filter: string): Promise<Buffer> {
  const query = `type=${type}&layout=import&${filter}&order[reference]=asc`;
  const answer = await call<ExportAnswer>('GET', `/api/assets/export/?${query}`, { token });
  expect(answer.status).toBe(200);
  return Buffer.from(await (await fetch(answer.body.url)).arrayBuffer());
}

const getAsset = async (token: string, id: number) => (await call<Asset>('GET', `/api/assets/${id}`, { token })).body;

const futureDay = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('asset import', () => {
  let admin: string;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    admin = await tokenOf('admin');
    for (const key of ['a', 'b', 'c', 'd']) {
      const created = await call<Asset>('POST', '/api/assets', {
        token: admin,
        body: { name: `${run} ${key}`, reference: `${run}-${key}`, description: `=formula ${key}` },
      });
      expect(created.status).toBe(201);
      ids[key] = created.body.id;
    }
  });

  it('export → edit → dry run lists exactly the edits → import gives exactly them', async () => {
    const [header, ...rows] = readCsv(await exported(admin, 'csv', `search=${run}`));
    expect(header).toEqual(expect.arrayContaining(['id', 'version', 'name', 'client_id', 'client']));
    expect(rows.map((row) => row[0])).toEqual([ids.a, ids.b, ids.c, ids.d].map(String));
    const col = (name: string) => (header as string[]).indexOf(name);
    const edited = rows.map((row) => [...row]);
    const [a, b, , d] = edited as string[][];
    (a as string[])[col('reference')] = `${run}-a2`;
    (a as string[])[col('description')] = 'edited';
    (b as string[])[col('scheduled')] = futureDay(30);
    (d as string[])[col('name')] = ''; // broken: a name is required
    const added = header?.map(() => '') as string[];
    added[col('name')] = `${run} e`;
    added[col('reference')] = `${run}-e`;
    const file = stringify([header, ...edited, added]);

    const plan = await dryRun(admin, file);
    expect(plan.status).toBe(200);
    expect(plan.body.counts).toEqual({ create: 1, update: 2, unchanged: 1, refused: 1 });
    const byLine = (line: number) => plan.body.rows.find((row) => row.line === line);
    expect(byLine(2)?.changes).toEqual([
      { field: 'reference', from: `${run}-a`, to: `${run}-a2` },
      { field: 'description', from: `=formula a`, to: 'edited' },
    ]);
    expect(byLine(3)?.changes).toEqual([{ field: 'scheduled', from: null, to: futureDay(30) }]);
    expect(byLine(4)).toMatchObject({ action: 'unchanged', changes: [] });
    expect(byLine(5)).toMatchObject({ action: 'refused', problems: [{ column: 'name' }] });
    expect(byLine(6)).toMatchObject({ action: 'create', id: null });

    const before = { c: await getAsset(admin, ids.c as number), d: await getAsset(admin, ids.d as number) };
    const { result, ...progress } = await apply(admin, plan.body.plan, file);
    expect(progress).toMatchObject({ status: 'done', total: 3, done: 3 });
    expect(result.counts).toEqual({ create: 1, update: 2, unchanged: 1, refused: 1, failed: 0 });
    expect(result.rows.map((row) => [row.line, row.action])).toEqual([
      [5, 'refused'],
      [6, 'create'],
    ]);
    const createdId = result.rows.find((row) => row.action === 'create')?.id as number;

    expect(await getAsset(admin, ids.a as number)).toMatchObject({ reference: `${run}-a2`, description: 'edited' });
    expect((await getAsset(admin, ids.b as number)).scheduled?.slice(0, 10)).toBe(futureDay(30));
    expect(await getAsset(admin, ids.c as number)).toEqual(before.c); // not rewritten: same version
    expect(await getAsset(admin, ids.d as number)).toEqual(before.d); // refused and untouched
    expect(await getAsset(admin, createdId)).toMatchObject({ name: `${run} e`, reference: `${run}-e` });

    const none = await call('GET', `/api/assets/import/progress?plan=${'0'.repeat(64)}`, { token: admin });
    expect(none.status).toBe(404);

    // The same plan again: the versions moved on, so it is no longer the dry run's plan.
    const again = await start(admin, plan.body.plan, file);
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe(M.planChanged);
  });

  it('an Excel export read back (as the console sends it, CSV) is unchanged; a row from a stale export is refused', async () => {
    const rows = await readXlsx(await exported(admin, 'excel', `id=${ids.c}`));
    expect(rows[0]?.[0]).toBe('id');
    const asCsv = stringify(rows.map((row) => row.map((cell) => (cell === null ? '' : String(cell)))));
    const plan = await dryRun(admin, asCsv);
    expect(plan.status).toBe(200);
    expect(plan.body.counts).toEqual({ create: 0, update: 0, unchanged: 1, refused: 0 });
    expect((await dryRun(admin, 'x', 'assets.xlsx')).status).toBe(415);

    const stale = readCsv(await exported(admin, 'csv', `id=${ids.c}`));
    await call('PUT', `/api/assets/${ids.c}`, { token: admin, body: { name: `${run} c`, reference: `${run}-c3` } });
    const refused = await dryRun(admin, stringify(stale));
    expect(refused.body.rows[0]).toMatchObject({
      action: 'refused',
      problems: [{ column: 'version', message: M.staleVersion }],
    });
  });

  it('the worker invoked again for the same import applies nothing twice', async () => {
    const file = stringify([
      ['name', 'reference'],
      [`${run} once a`, `${run}-once-a`],
      [`${run} once b`, `${run}-once-b`],
    ]);
    const plan = await dryRun(admin, file);
    expect(plan.body.counts).toMatchObject({ create: 2 });
    const started = await start(admin, plan.body.plan, file);
    expect(started.status).toBe(202);
    const journal = `IMPORT#${started.body.startedAt}#${plan.body.plan}`;
    // Twice more at once, as a retried or duplicated delivery would: one run claims the import, the others find
    // the claim. The file only creates, so a row applied twice would be a second asset.
    await Promise.all([invokeWorker(admin, journal), invokeWorker(admin, journal)]);
    const { result } = await ended(admin, plan.body.plan);
    expect(result.counts).toMatchObject({ create: 2, failed: 0 });
    await invokeWorker(admin, journal);
    expect((await ended(admin, plan.body.plan)).result).toEqual(result);
    const listed = await call<{ 'hydra:member': Asset[] }>('GET', `/api/assets?pagination=false&search=${run}`, {
      token: admin,
    });
    const references = listed.body['hydra:member'].map((asset) => asset.reference ?? '');
    expect(references.filter((reference) => reference.startsWith(`${run}-once`)).sort()).toEqual([
      `${run}-once-a`,
      `${run}-once-b`,
    ]);
  });

  it("another tenant's ids are refused and nothing of theirs changes", async () => {
    const file = await exported(admin, 'csv', `id=${ids.a}`);
    const acme = await tokenOf('acme-admin');
    const plan = await dryRun(acme, file);
    expect(plan.status).toBe(200);
    expect(plan.body.rows[0]).toMatchObject({ action: 'refused', problems: [{ column: 'id', message: M.notFound }] });
    const before = await getAsset(admin, ids.a as number);
    const { result } = await apply(acme, plan.body.plan, file);
    expect(result.counts).toMatchObject({ create: 0, update: 0, refused: 1 });
    expect(await getAsset(admin, ids.a as number)).toEqual(before);
  });

  it('bounds and formats answer clear 4xx', async () => {
    const tooMany = `name\n${Array.from({ length: ASSET_IMPORT_MAX_ROWS + 1 }, (_, i) => `x${i}`).join('\n')}\n`;
    expect((await dryRun(admin, tooMany)).body.violations?.[0]?.message).toBe(M.tooManyRows);
    const longCell = await dryRun(admin, `name,description\nx,${'y'.repeat(2001)}\n`);
    expect(longCell.status).toBe(422);
    expect(longCell.body.violations?.[0]).toEqual({ propertyPath: 'row 2', message: M.cellTooLong });
    expect((await dryRun(admin, Buffer.alloc(4 * 1024 * 1024 + 1, 97))).status).toBe(413);
    expect((await dryRun(admin, 'name\nx\n', 'assets.txt')).status).toBe(415);
    expect((await dryRun(admin, 'colour\nred\n')).body.violations?.[0]?.message).toBe(M.noHeader);
    expect((await upload('/api/assets/import?plan=nope', admin, 'name\nx\n')).status).toBe(422);
    expect((await dryRun(await tokenOf('client'), 'name\nx\n')).status).toBe(403);
  });
});
