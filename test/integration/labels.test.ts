import { call, tokenOf } from '../harness/api';
import { readPdf } from '../harness/export-files';

/**
 * POST /api/assets/labels and /api/devices/labels (functions/http/labels.ts): a PDF of label sheets of the
 * selected items, answered inline; ids the caller may not see are refused as not found, never printed.
 */
type LabelFile = { fileName: string; mimeType: string; size: number; labels: number; data: string };
type Problem = { detail: string; violations: { propertyPath: string; message: string }[] };
type Collection = { 'hydra:member': { id: number; name: string; dev_eui?: string; client?: { id: number } | null }[] };

const labelsOf = (token: string, list: 'assets' | 'devices', body: unknown) =>
  call<LabelFile & Problem>('POST', `/api/${list}/labels`, { token, body });

describe('labels', () => {
  let admin: string;
  let assets: Collection['hydra:member'];

  beforeAll(async () => {
    admin = await tokenOf('admin');
    const list = await call<Collection>('GET', '/api/assets?itemsPerPage=30&order[id]=asc', { token: admin });
    assets = list.body['hydra:member'];
    expect(assets).toHaveLength(30);
  });

  it('prints 30 assets on two A4 3 × 8 sheets, 31 roll labels on 31 pages', async () => {
    const ids = assets.map((asset) => asset.id);
    const answer = await labelsOf(admin, 'assets', { ids, sheet: 'a4-3x8' });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      fileName: 'Assets.labels.a4-3x8.pdf',
      mimeType: 'application/pdf',
      labels: 30,
    });
    const pdf = await readPdf(Buffer.from(answer.body.data, 'base64'));
    expect(pdf.pages).toBe(2);
    for (const asset of assets) expect(pdf.text).toContain(asset.name.slice(0, 12));

    // An id given twice prints twice.
    const roll = await labelsOf(admin, 'assets', { ids: [...ids, ids[0]], sheet: 'roll-62x29' });
    expect((await readPdf(Buffer.from(roll.body.data, 'base64'))).pages).toBe(31);
  });

  it('prints devices with their DevEUI', async () => {
    const devices = await call<Collection>('GET', '/api/devices?itemsPerPage=3', { token: admin });
    const picked = devices.body['hydra:member'];
    const answer = await labelsOf(admin, 'devices', { ids: picked.map((d) => d.id), sheet: 'a4-2x7' });
    expect(answer.status).toBe(200);
    const pdf = await readPdf(Buffer.from(answer.body.data, 'base64'));
    expect(pdf.pages).toBe(1);
    for (const device of picked) expect(pdf.text).toContain(device.dev_eui as string);
  });

  it('refuses another tenant’s ids as not found, naming only the ids sent', async () => {
    const acme = await tokenOf('acme-admin');
    const own = await call<Collection>('GET', '/api/assets?itemsPerPage=1', { token: acme });
    const acmeId = own.body['hydra:member'][0]?.id as number;
    const demoId = assets.find((asset) => asset.id !== acmeId)?.id as number;
    const answer = await labelsOf(acme, 'assets', { ids: [acmeId, demoId], sheet: 'a4-3x8' });
    expect(answer.status).toBe(422);
    expect(answer.body.violations).toEqual([{ propertyPath: 'ids[1]', message: 'Not Found' }]);
    expect(JSON.stringify(answer.body)).not.toContain(assets.find((a) => a.id === demoId)?.name as string);
  });

  it('gives a client user only their customer’s assets and no device labels', async () => {
    const client = await tokenOf('client');
    const mine = await call<Collection>('GET', '/api/assets?itemsPerPage=2', { token: client });
    const mineIds = mine.body['hydra:member'].map((asset) => asset.id);
    expect(mineIds.length).toBeGreaterThan(0);
    const ok = await labelsOf(client, 'assets', { ids: mineIds, sheet: 'a4-2x7' });
    expect(ok.status).toBe(200);
    const other = assets.find((asset) => !mineIds.includes(asset.id) && asset.client?.id !== 1);
    const refused = await labelsOf(client, 'assets', { ids: [...mineIds, other?.id], sheet: 'a4-2x7' });
    expect(refused.status).toBe(422);
    expect(refused.body.violations).toEqual([{ propertyPath: `ids[${mineIds.length}]`, message: 'Not Found' }]);
    expect((await labelsOf(client, 'devices', { ids: [1], sheet: 'a4-2x7' })).status).toBe(403);
  });

  it('answers bad input with 422 in the API’s error format', async () => {
    const none = await labelsOf(admin, 'assets', { ids: [], sheet: 'a4-3x8' });
    expect(none.status).toBe(422);
    expect(none.body.violations[0]?.propertyPath).toBe('ids');
    const tooMany = await labelsOf(admin, 'assets', {
      ids: Array.from({ length: 1001 }, (_, i) => i + 1),
      sheet: 'a4-3x8',
    });
    expect(tooMany.status).toBe(422);
    expect((await labelsOf(admin, 'assets', { ids: [assets[0]?.id], sheet: 'letter' })).status).toBe(422);
  });
});
