import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { ATTACHMENTS_BUCKET } from '../../scripts/local/config';
import { flattenClaims } from '../../scripts/local/gateway';
import { EXPORT_TOO_SLOW_FOR_REQUEST } from '../../shared/schemas/export';
import { call, tokenOf } from '../harness/api';
import { readCsv, readPdf, readXlsx } from '../harness/export-files';
import { readStack } from '../harness/stack';

/**
 * GET /api/assets/export/ (spec 000): each format as a real file in the local S3, downloaded through the
 * presigned URL and parsed; filters, sort, language and the client view honoured; 422s; tenant isolation.
 */
type Asset = { id: number; name: string; reference: string | null; client?: { id: number } | null };
type Collection = { 'hydra:member': Asset[]; 'hydra:totalItems': number };
type ExportAnswer = { fileName: string; mimeType: string; size: number; url: string; data?: string };
type ErrorBody = { detail: string; violations?: { propertyPath: string; message: string }[] };

const FILE_NAME = (ext: string) => new RegExp(`^Assets\\.\\d{4}-\\d{2}-\\d{2}\\.${ext}$`);
const CLIENT_HIDDEN_HEADERS = ['Last communication', 'Scheduled', 'Geo zone', 'Days outside geo zone', 'Client'];

async function exportOf(token: string, query: string, headers?: Record<string, string>) {
  return call<ExportAnswer & ErrorBody>('GET', `/api/assets/export/?${query}`, { token, headers });
}

async function download(answer: ExportAnswer): Promise<Buffer> {
  const response = await fetch(answer.url);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-disposition')).toContain(answer.fileName);
  return Buffer.from(await response.arrayBuffer());
}

async function exportKeys(tenantId: number): Promise<string[]> {
  const s3 = new S3Client({
    endpoint: `http://127.0.0.1:${readStack().ports.S3_PORT}`,
    region: 'eu-west-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  const listed = await s3.send(
    new ListObjectsV2Command({ Bucket: ATTACHMENTS_BUCKET, Prefix: `exports/tenants/${tenantId}/` }),
  );
  return (listed.Contents ?? []).map((object) => object.Key ?? '');
}

describe('asset exports', () => {
  let admin: string;
  let everything: Asset[];

  beforeAll(async () => {
    admin = await tokenOf('admin');
    const list = await call<Collection>('GET', '/api/assets?pagination=false&order[reference]=asc', { token: admin });
    everything = list.body['hydra:member'];
    expect(everything.length).toBe(list.body['hydra:totalItems']);
  });

  it('CSV: the list in its order with the requested columns, as a file and inline base64', async () => {
    const answer = await exportOf(admin, 'type=csv&columns=id,asset,reference&order[reference]=asc&language=en');
    expect(answer.status).toBe(200);
    expect(answer.body.fileName).toMatch(FILE_NAME('csv'));
    expect(answer.body.mimeType).toBe('text/csv; charset=utf-8');
    expect(answer.body.url).toContain('/exports/tenants/1/');
    const file = await download(answer.body);
    expect(file.length).toBe(answer.body.size);
    expect(Buffer.from(answer.body.data ?? '', 'base64').equals(file)).toBe(true);
    const [header, ...rows] = readCsv(file);
    expect(header).toEqual(['ID', 'Asset', 'Reference']);
    expect(rows.map((row) => Number(row[0]))).toEqual(everything.map((asset) => asset.id));
    expect(rows[0]?.[2]).toBe(everything[0]?.reference ?? '');
  });

  it('Excel: a workbook whose rows are the list', async () => {
    const answer = await exportOf(admin, 'type=excel&columns=id,asset,status&order[reference]=asc');
    expect(answer.status).toBe(200);
    expect(answer.body.fileName).toMatch(FILE_NAME('xlsx'));
    const [header, ...rows] = await readXlsx(await download(answer.body));
    expect(header).toEqual(['ID', 'Asset', 'Status']);
    expect(rows.map((row) => row[0])).toEqual(everything.map((asset) => asset.id));
    expect(String(rows[0]?.[1])).toContain(everything[0]?.name);
  });

  it('PDF: pages that contain the assets', async () => {
    const answer = await exportOf(admin, 'type=pdf&order[reference]=asc');
    expect(answer.status).toBe(200);
    expect(answer.body.fileName).toMatch(FILE_NAME('pdf'));
    const { pages, text } = await readPdf(await download(answer.body));
    expect(pages).toBeGreaterThan(1);
    expect(text).toContain(everything[0]?.name);
    expect(text).toContain('Reference');
    expect(text).toContain(`Page ${pages}`);
  });

  it('honours the list’s filters and sort', async () => {
    const query = 'search=h-11&order[days_outside_geo_zone]=desc';
    const list = await call<Collection>('GET', `/api/assets?${query}&pagination=false`, { token: admin });
    expect(list.body['hydra:totalItems']).toBeGreaterThan(1);
    expect(list.body['hydra:totalItems']).toBeLessThan(everything.length);
    const answer = await exportOf(admin, `type=csv&columns=id&${query}`);
    const [, ...rows] = readCsv(await download(answer.body));
    expect(rows.map((row) => Number(row[0]))).toEqual(list.body['hydra:member'].map((asset) => asset.id));
  });

  it('writes headers and words in the language asked for, else the Accept-Language one', async () => {
    const dutch = await exportOf(admin, 'type=csv&columns=id,days-outside-geo-zone,status&language=nl');
    expect(readCsv(await download(dutch.body))[0]).toEqual(['ID', 'Dagen buiten geozone', 'Status']);
    const german = await exportOf(admin, 'type=csv&columns=client', { 'accept-language': 'de-DE,de;q=0.9' });
    expect(readCsv(await download(german.body))[0]).toEqual(['Kunde']);
  });

  it('gives a client user only their customer’s assets and never a hidden column', async () => {
    const client = await tokenOf('client');
    const own = await call<Collection>('GET', '/api/assets?client=1&pagination=false', { token: admin });
    const answer = await exportOf(client, 'type=csv&client=2');
    expect(answer.status).toBe(200);
    const [header, ...rows] = readCsv(await download(answer.body));
    for (const hidden of CLIENT_HIDDEN_HEADERS) expect(header).not.toContain(hidden);
    expect(header).toContain('Asset');
    const ownIds = own.body['hydra:member'].map((asset) => asset.id).sort((a, b) => a - b);
    expect(rows.map((row) => Number(row[0]))).toEqual(ownIds);

    const asked = await exportOf(client, 'type=csv&columns=asset,client,geo-zone');
    expect(asked.status).toBe(422);
    expect(asked.body.violations).toEqual([
      { propertyPath: 'columns', message: 'This column is not available to you: client' },
      { propertyPath: 'columns', message: 'This column is not available to you: geo-zone' },
    ]);
  });

  it('answers 422 with a message for an empty list and writes no file', async () => {
    const before = await exportKeys(1);
    const answer = await exportOf(admin, 'type=pdf&search=no-asset-is-called-like-this');
    expect(answer.status).toBe(422);
    expect(answer.body.detail).toBe('There is nothing to export: no item matches the current filters');
    expect(await exportKeys(1)).toEqual(before);
  });

  it('past its deadline, the worker stops a synchronous export with 422 and stores nothing', async () => {
    // The worker as GET …/export invokes it (export-worker-client.ts), with the claims the gateway verified, but
    // a deadline already past: the 24 s budget ran out while the rows were written.
    const stack = readStack();
    const payload = JSON.parse(Buffer.from(admin.split('.')[1] as string, 'base64url').toString());
    const before = await exportKeys(1);
    const invoked = await fetch(
      `http://127.0.0.1:${stack.ports.LAMBDA_PORT}/2015-03-31/functions/export-worker/invocations`,
      {
        method: 'POST',
        body: JSON.stringify({
          mode: 'now',
          list: 'assets',
          tenantId: '1',
          deadline: Date.now() - 1,
          claims: flattenClaims(payload),
          rawQuery: 'type=csv&language=en',
        }),
      },
    );
    expect(invoked.status).toBe(200);
    const answer = (await invoked.json()) as { error?: { status: number; violations?: { message: string }[] } };
    expect(answer.error?.status).toBe(422);
    expect(answer.error?.violations?.[0]?.message).toBe(EXPORT_TOO_SLOW_FOR_REQUEST);
    expect(await exportKeys(1)).toEqual(before);
  });

  it('answers 422 for a missing or unknown type, an unknown column, language or time zone', async () => {
    const cases: [string, ErrorBody['violations']][] = [
      ['', [{ propertyPath: 'type', message: 'The export type must be pdf, excel or csv' }]],
      ['type=docx', [{ propertyPath: 'type', message: 'The export type must be pdf, excel or csv' }]],
      ['type=csv&columns=id,password', [{ propertyPath: 'columns[1]', message: 'Unknown column' }]],
      ['type=csv&language=es', [{ propertyPath: 'language', message: 'The language must be en, nl, de or fr' }]],
      ['type=csv&timeZone=Mars/Base', [{ propertyPath: 'timeZone', message: 'Unknown time zone' }]],
      ['type=csv&id=abc', [{ propertyPath: 'id', message: 'Must be a number' }]],
    ];
    for (const [query, violations] of cases) {
      const answer = await exportOf(admin, query);
      expect({ query, status: answer.status, violations: answer.body.violations }).toEqual({
        query,
        status: 422,
        violations,
      });
    }
  });

  it('needs a token and ASSET_READ', async () => {
    expect((await call('GET', '/api/assets/export/?type=csv')).status).toBe(401);
    const token = await tokenOf('transporter');
    const role = (
      await call<{
        'hydra:member': { id: number; name: string; version: number; role_permissions: { permission: string }[] }[];
      }>('GET', '/api/role-matrix', { token: admin })
    ).body['hydra:member'].find((r) => r.name === 'ROLE_TRANSPORTER');
    if (!role) throw new Error('no transporter role');
    const permissions = role.role_permissions.map((p) => p.permission);
    const save = (version: number, names: string[]) =>
      call<{ version: number }>('PUT', `/api/roles/${role.id}`, {
        token: admin,
        body: { version, role_permissions: names.map((permission) => ({ permission })) },
      });
    expect((await exportOf(token, 'type=csv')).status).toBe(200);
    const removed = await save(
      role.version,
      permissions.filter((p) => p !== 'ASSET_READ'),
    );
    expect(removed.status).toBe(200);
    try {
      expect((await exportOf(token, 'type=csv')).status).toBe(403);
    } finally {
      expect((await save(removed.body.version, permissions)).status).toBe(200);
    }
  });

  it('keeps tenants apart: another tenant’s export holds only its assets, under its own prefix', async () => {
    const acme = await tokenOf('acme-admin');
    const acmeList = await call<Collection>('GET', '/api/assets?pagination=false', { token: acme });
    const answer = await exportOf(acme, 'type=csv&columns=id,asset');
    expect(answer.status).toBe(200);
    expect(answer.body.url).toContain('/exports/tenants/2/');
    expect(answer.body.url).not.toContain('/tenants/1/');
    // A sabotaged asset's name carries the list's marker as a word.
    const names = readCsv(await download(answer.body))
      .slice(1)
      .map((row) => (row[1] ?? '').replace(/ \(Sabotage alarm\)$/, ''));
    expect(names.sort()).toEqual(acmeList.body['hydra:member'].map((a) => a.name).sort());
    const demoNames = new Set(everything.map((asset) => asset.name));
    expect(names.filter((name) => demoNames.has(name))).toEqual([]);
  });
});
