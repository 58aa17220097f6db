import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE_NAME } from '../../scripts/local/config';
import type { EvidenceFile } from '../../shared/schemas/evidence';
import type { ExportJob } from '../../shared/schemas/export';
import { call } from '../harness/api';
import { readPdf } from '../harness/export-files';
import { addCustomerLogin, createOwnTenant, type OwnTenant, removeOwnTenant } from '../harness/own-tenant';
import { localTable } from '../harness/stack';
import { publishLorawan, waitFor } from '../harness/uplinks';
import { waitUntil } from '../harness/wait';

/**
 * An asset's evidence through the real local pipeline (uplinks -> processor -> gsi2, visits) and the export
 * worker: the same request twice is the same bytes and hash, the hash printed on the PDF is the SHA-256 of the
 * JSON file's content, another period is another hash, and the API's bounds and the client users' view.
 */
type Where = { latitude: number; longitude: number };
type Tag = { devEui: string; assetId: number };
type ErrorBody = { detail?: string; violations?: { propertyPath: string; message: string }[] };

const CENTRE = { latitude: 51.5, longitude: 4.5 };
const offset = (north: number, east = 0): Where => ({
  latitude: CENTRE.latitude + north / 111_195,
  longitude: CENTRE.longitude + east / (111_195 * Math.cos((CENTRE.latitude * Math.PI) / 180)),
});
/** Stamped in the past on whole minutes, at 06:00 UTC so that the track stays within one Amsterdam day. */
const T0 = Math.floor(Date.now() / 86_400_000) * 86_400_000 - 2 * 86_400_000 + 6 * 3_600_000;
const at = (minute: number) => new Date(T0 + minute * 60_000);
const HOUR = 60;
const SITE = offset(12_000, 4_000);
const FIXES: [Date, Where, number][] = [
  [at(0), offset(0), 10],
  [at(2 * HOUR), offset(6, -4), 12],
  [at(4 * HOUR), offset(-3, 5), 8],
  [at(5 * HOUR), offset(5_000, 2_000), 15],
  [at(5 * HOUR + 15), offset(9_000, 3_000), 15],
  [at(6 * HOUR), SITE, 10],
  [at(6 * HOUR + 20), { latitude: SITE.latitude + 0.0002, longitude: SITE.longitude }, 10],
  [at(6 * HOUR + 40), { latitude: SITE.latitude, longitude: SITE.longitude + 0.0003 }, 10],
];
const LOAN_DAY = at(6 * HOUR)
  .toISOString()
  .slice(0, 10);

let tenant: OwnTenant;
let reel: Tag;
const api = <T = Record<string, unknown>>(method: string, path: string, token?: string) =>
  call<T>(method, path, token ? { token } : tenant.superAdmin);

async function newTag(name: string, client?: number): Promise<Tag> {
  const devEui = randomBytes(8).toString('hex').toUpperCase();
  const device = await call<{ id: number }>('POST', '/api/devices', {
    ...tenant.superAdmin,
    body: { dev_eui: devEui },
  });
  const body = {
    name,
    reference: `EV-${devEui.slice(0, 6)}`,
    devices: [device.body.id],
    ...(client ? { client } : {}),
  };
  const asset = await call<{ id: number }>('POST', '/api/assets', { ...tenant.superAdmin, body });
  expect(asset.status).toBe(201);
  return { devEui, assetId: asset.body.id };
}

async function drive(tag: Tag, fixes: [Date, Where, number][]) {
  for (const [when, where, accuracy] of fixes) {
    await publishLorawan({
      devEui: tag.devEui,
      at: when,
      payload: { eventType: 'moving', fix: { ...where, accuracy } },
    });
    await waitFor(
      () => api<{ last_event: { date: string } | null }>('GET', `/api/assets/${tag.assetId}`),
      (answer) => answer.body.last_event?.date === when.toISOString(),
    );
  }
}

const periodOf = (from: Date, to: Date) =>
  `from=${encodeURIComponent(from.toISOString())}&to=${encodeURIComponent(to.toISOString())}`;
const PERIOD = periodOf(at(-HOUR), at(20 * HOUR));
const EXPORTS = path.resolve(__dirname, '../../test-results/exports');
const LOCALE = 'language=en&timeZone=Europe%2FAmsterdam';

/** Starts the evidence job, waits for the worker and downloads the file. */
async function evidence(assetId: number, query: string, token?: string): Promise<Buffer> {
  const started = await api<ExportJob>('POST', `/api/assets/${assetId}/evidence?${query}&${LOCALE}`, token);
  expect(started.status).toBe(202);
  const job = await waitUntil(
    `evidence job ${started.body.id}`,
    () => api<ExportJob>('GET', `/api/exports/${started.body.id}`, token),
    (answer) => answer.status !== 200 || answer.body.status !== 'running',
    { timeoutMs: 60_000 },
  );
  expect(job.body).toMatchObject({ status: 'done', list: 'evidence' });
  const response = await fetch(job.body.result?.url ?? '');
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

/** The JSON file's hash, checked against the SHA-256 of its own content as written. */
function readJson(file: Buffer): EvidenceFile {
  const text = file.toString('utf8');
  const content = text.slice('{"evidence":'.length, text.lastIndexOf(',"sha256":'));
  const parsed = JSON.parse(text) as EvidenceFile;
  expect(createHash('sha256').update(content, 'utf8').digest('hex')).toBe(parsed.sha256);
  return parsed;
}

/** A loan day as the loan-day job records it (functions/lib/loan-days/loan-day-records.ts), for the reel. */
async function recordLoanDay(assetId: number, zoneId: number) {
  const owner = `${'0'.repeat(10)}#${String(assetId).padStart(10, '0')}`;
  await localTable().client.send(
    new PutCommand({
      TableName: TABLE_NAME,
      Item: {
        pk: `T#${tenant.tenantId}#LOAN_DAY#${LOAN_DAY.slice(0, 7)}`,
        sk: `${owner}#${LOAN_DAY}`,
        entityType: 'LOAN_DAY',
        tenantId: String(tenant.tenantId),
        kind: 'day',
        assetId,
        assetName: 'Evidence reel',
        client: null,
        day: LOAN_DAY,
        zone: { id: zoneId, name: 'Evidence yard' },
        last_fix: {
          date: at(6 * HOUR + 40).toISOString(),
          latitude: SITE.latitude,
          longitude: SITE.longitude,
          accuracy: 10,
        },
        outside_since: at(5 * HOUR).toISOString(),
        days_outside: 1,
      },
    }),
  );
}

let zoneId: number;
beforeAll(async () => {
  tenant = await createOwnTenant('Evidence');
  const zone = await call<{ id: number }>('POST', '/api/geo-zones', {
    ...tenant.superAdmin,
    body: {
      name: 'Evidence yard',
      geometry: { type: 'Point', coordinates: [CENTRE.longitude, CENTRE.latitude], radius: 500 },
    },
  });
  expect(zone.status).toBe(201);
  zoneId = zone.body.id;
  reel = await newTag('Evidence reel');
  await drive(reel, FIXES);
  await recordLoanDay(reel.assetId, zoneId);
});
afterAll(() => removeOwnTenant(tenant));

describe("an asset's evidence", () => {
  it('is the same PDF, byte for byte, for the same request, its hash that of the JSON content', async () => {
    const first = await evidence(reel.assetId, `${PERIOD}&type=pdf`);
    const second = await evidence(reel.assetId, `${PERIOD}&type=pdf`);
    expect(first.subarray(0, 5).toString()).toBe('%PDF-');
    expect(second.equals(first)).toBe(true);
    // Kept beside the screenshots, to look at.
    mkdirSync(EXPORTS, { recursive: true });
    writeFileSync(path.join(EXPORTS, 'evidence-integration.pdf'), first);
    const json = readJson(await evidence(reel.assetId, `${PERIOD}&type=json`));
    const { text, pages } = await readPdf(first);
    // Every page's footer carries the hash of the content the JSON file holds.
    expect(text.split(`SHA-256 ${json.sha256}`).length - 1).toBe(pages);
    expect(text).toContain('Evidence: Evidence reel');
    expect(text).toContain('without map tiles');
    const { evidence: content } = json;
    expect(content.fixes.map((fix) => fix.at)).toEqual(FIXES.map(([when]) => when.toISOString()));
    expect(content.fixes[0]).toMatchObject({ radius: 10, source: 'gnss', zone: { id: zoneId } });
    // Two stops: the yard's sparse fixes and the site's, numbered in the table as on the map.
    expect(content.stops.map((stop) => [stop.number, stop.from, stop.fixes])).toEqual([
      [1, at(0).toISOString(), 3],
      [2, at(6 * HOUR).toISOString(), 3],
    ]);
    expect(content.zones.map((zone) => zone.name)).toEqual(['Evidence yard']);
    expect(content.loanDays.days.map((day) => day.day)).toEqual([LOAN_DAY]);
    expect(text).toContain(LOAN_DAY);
    const visits = await api<{ 'hydra:member': { arrivedAt: string }[] }>('GET', `/api/assets/${reel.assetId}/visits`);
    expect(content.visits.map((visit) => visit.arrivedAt)).toEqual(
      visits.body['hydra:member'].map((visit) => visit.arrivedAt).reverse(),
    );
    expect(content.visits.length).toBeGreaterThan(0);
    expect(text).toMatch(/Zone visits\s*\n\s*Zone Arrived Left/);
    expect(text).toContain('Evidence yard');
  });

  it('has another hash for another period', async () => {
    const whole = readJson(await evidence(reel.assetId, `${PERIOD}&type=json`));
    const again = readJson(await evidence(reel.assetId, `${PERIOD}&type=json`));
    const shorter = readJson(await evidence(reel.assetId, `${periodOf(at(-HOUR), at(3 * HOUR))}&type=json`));
    expect(again.sha256).toBe(whole.sha256);
    expect(shorter.sha256).not.toBe(whole.sha256);
    expect(shorter.evidence.fixes).toHaveLength(2);
  });

  it('refuses a period that is reversed, longer than 92 days or unbounded, and an unknown format, in the error format', async () => {
    const path = `/api/assets/${reel.assetId}/evidence`;
    const long = await api<ErrorBody>(
      'POST',
      `${path}?${periodOf(new Date('2026-01-01'), new Date('2026-04-05'))}&type=pdf`,
    );
    expect(long.status).toBe(422);
    expect(long.body.violations).toEqual([expect.objectContaining({ propertyPath: 'from' })]);
    expect(long.body.violations?.[0]?.message).toContain('92 days');
    const reversed = await api<ErrorBody>('POST', `${path}?${periodOf(at(HOUR), at(0))}&type=pdf`);
    expect(reversed.status).toBe(422);
    expect((await api('POST', `${path}?from=${encodeURIComponent(at(0).toISOString())}&type=pdf`)).status).toBe(422);
    const format = await api<ErrorBody>('POST', `${path}?${PERIOD}&type=docx`);
    expect(format.status).toBe(422);
    expect(format.body.violations?.[0]).toMatchObject({ propertyPath: 'type' });
    expect((await api('POST', `/api/assets/99999999/evidence?${PERIOD}&type=pdf`)).status).toBe(404);
  });

  describe('for client users', () => {
    let mine: Awaited<ReturnType<typeof addCustomerLogin>>;
    let other: Awaited<ReturnType<typeof addCustomerLogin>>;
    let rented: Tag;

    beforeAll(async () => {
      mine = await addCustomerLogin(tenant, `Evidence customer ${randomBytes(3).toString('hex')}`);
      other = await addCustomerLogin(tenant, `Other customer ${randomBytes(3).toString('hex')}`);
      rented = await newTag('Rented evidence reel', mine.customerId);
      const now = Math.ceil(Date.now() / 1000) * 1000;
      await drive(
        rented,
        [1, 2].map((s) => [new Date(now + s * 1000), offset(10 * s), 10]),
      );
    });
    const soon = () => periodOf(new Date(Date.now() - 3_600_000), new Date(Date.now() + 3_600_000));

    it("refuses another customer's asset and the staff's assets as if they did not exist", async () => {
      const refused = await api<ErrorBody>(
        'POST',
        `/api/assets/${rented.assetId}/evidence?${soon()}&type=pdf`,
        other.token,
      );
      expect(refused.status).toBe(404);
      expect(refused.body.detail).toBeDefined();
      expect((await api('POST', `/api/assets/${reel.assetId}/evidence?${PERIOD}&type=pdf`, mine.token)).status).toBe(
        404,
      );
    });

    it('gives their customer asset without zones, visits or tag names', async () => {
      const file = readJson(await evidence(rented.assetId, `${soon()}&type=json`, mine.token));
      expect(file.evidence.view).toMatchObject({ audience: 'client', zones: false, visits: false });
      expect(file.evidence.fixes).toHaveLength(2);
      expect(file.evidence.fixes.every((fix) => fix.zone === null && fix.tag.name === null)).toBe(true);
      expect(file.evidence.zones).toEqual([]);
      expect(file.evidence.asset.customer?.id).toBe(mine.customerId);
    });
  });
});
