import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { Browser, Page } from 'playwright-core';
import { ATTACHMENTS_BUCKET } from '../../scripts/local/config';
import { call, tokenOf } from '../harness/api';
import { animationsFinished, consoleUrl, launchBrowser, PHONE, screenshot, signInAs } from '../harness/browser';
import { conflictDialog, conflictRowOf, saveAsOther } from '../harness/conflicts';
import { writeQrVideo } from '../harness/fake-camera';
import { readStack } from '../harness/stack';

/**
 * The scan screen on a phone (web/src/scan/, docs/decisions/0329) with Chromium's fake camera playing a file
 * that shows a label's QR code. The page's BarcodeDetector is removed before the console starts, so the
 * WebAssembly decoder (zxing-wasm, served by the console's own origin under its CSP) is the one that reads:
 * Chromium's headless shell has no BarcodeDetector on Linux anyway, and a phone without one takes this path.
 */
type Attachment = { object_key: string };
type Asset = {
  id: number;
  name: string;
  version: number;
  attachments: Attachment[];
  status: { status: string } | null;
};
type ReportCheck = {
  report: { kind: string; phone_position: { lat: number; lon: number; accuracy_m: number; at: string } | null };
};

const PHONE_AT = { latitude: 52.0907, longitude: 5.1214, accuracy: 12 };

const localS3 = () =>
  new S3Client({
    endpoint: `http://127.0.0.1:${readStack().ports.S3_PORT}`,
    region: 'eu-west-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });

async function newCustomerAsset(name: string): Promise<Asset> {
  const created = await call<Asset>('POST', '/api/assets', {
    token: await tokenOf('admin'),
    body: { name, client: 1 },
  });
  expect(created.status).toBe(201);
  return created.body;
}

/** Chromium whose fake camera films the asset's label (its QR code of the console's address). */
async function browserFilming(asset: Asset): Promise<Browser> {
  const video = writeQrVideo(
    path.join(mkdtempSync(path.join(tmpdir(), 'scan-camera-')), 'qr.y4m'),
    consoleUrl(`/assets/${asset.id}`),
  );
  return launchBrowser(undefined, [
    '--use-fake-device-for-media-stream',
    '--use-fake-ui-for-media-stream',
    `--use-file-for-fake-video-capture=${video}`,
  ]);
}

async function newPhonePage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
    permissions: ['camera', 'geolocation'],
    geolocation: PHONE_AT,
  });
  const page = await context.newPage();
  await page.addInitScript({ content: 'delete window.BarcodeDetector;' });
  return page;
}

describe('scanning a label with the phone', () => {
  let browser: Browser;
  let asset: Asset;

  beforeAll(async () => {
    asset = await newCustomerAsset(`Scanned reel ${Date.now()}`);
    browser = await browserFilming(asset);
  });
  afterAll(async () => {
    await browser?.close();
  });

  const phonePage = () => newPhonePage(browser);

  it('opens the asset from its QR code and reports it delivered with a photo and the phone position', async () => {
    const page = await phonePage();
    await signInAs(page, 'transporter', '/scan');
    const scanned = page.locator(`[data-testid="scanned-asset"][data-asset-id="${asset.id}"]`);
    await scanned.waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('scan-screen').getAttribute('data-decoder')).toBe('wasm');
    await page.locator('[data-testid="scan-report"][data-position="ready"]').waitFor();
    await screenshot(page, 'scan-asset-phone');

    // A photo as a phone's camera gives one: a picture larger than the screen, shrunk before it is uploaded.
    const photo = await page.screenshot({ type: 'jpeg', quality: 90, scale: 'device' });
    await page
      .getByTestId('scan-photo-input')
      .setInputFiles({ name: 'IMG_0001.jpg', mimeType: 'image/jpeg', buffer: photo });
    await page.getByTestId('scan-photo-ready').waitFor();
    const reported = page.waitForResponse(
      (r) => r.request().method() === 'PUT' && r.url().endsWith(`/api/assets/${asset.id}/delivered`),
    );
    await scanned.getByRole('button', { name: 'Report delivered' }).click();
    expect((await reported).status()).toBe(200);
    // Through the device's queue, sent at once online: the queue's notice of a report sent.
    await page.getByText('Notification is send').waitFor();
    await page.locator(`[data-testid="scanned-asset"][data-status="send_delivered"]`).waitFor();
    await screenshot(page, 'scan-reported-phone');

    const admin = await tokenOf('admin');
    const stored = (await call<Asset>('GET', `/api/assets/${asset.id}`, { token: admin })).body;
    expect(stored.status?.status).toBe('send_delivered');
    expect(stored.attachments).toHaveLength(1);
    const key = stored.attachments[0]?.object_key ?? '';
    expect(key).toMatch(/\.jpg$/);
    // Served from the tenant's folder of the bucket (functions/lib/attachments/attachment-storage.ts, storageKey).
    const head = await localS3().send(new HeadObjectCommand({ Bucket: ATTACHMENTS_BUCKET, Key: `tenants/1/${key}` }));
    expect(head.ContentType).toBe('image/jpeg');
    expect(head.ContentLength).toBeGreaterThan(0);

    const check = await call<ReportCheck>('GET', `/api/assets/${asset.id}/report-check`, { token: admin });
    expect(check.status).toBe(200);
    expect(check.body.report.kind).toBe('delivered');
    expect(check.body.report.phone_position).toEqual({
      lat: PHONE_AT.latitude,
      lon: PHONE_AT.longitude,
      accuracy_m: PHONE_AT.accuracy,
      at: expect.any(String),
    });
    await page.context().close();
  });
  it('links a tag: the asset first, then a second code that is no tag is named as such', async () => {
    const page = await phonePage();
    await signInAs(page, 'admin', '/scan');
    await page.getByRole('button', { name: 'Link a tag' }).click();
    const link = page.getByTestId('link-tag');
    await link.getByText(`Asset: ${asset.name}`).waitFor({ timeout: 60_000 });
    // The camera goes on for the tag; this camera shows the asset's code again, which the panel refuses.
    await link.getByText("That code is an asset's. Scan the tag's label.").waitFor();
    expect(await link.getByRole('button', { name: 'Link the tag' }).count()).toBe(0);
    await screenshot(page, 'scan-link-phone');
    await page.context().close();
  });
  it('checks the scanned asset out to a customer and back in at the depot, each one action on status and customer', async () => {
    const page = await phonePage();
    await signInAs(page, 'admin', '/scan');
    const scanned = page.locator(`[data-testid="scanned-asset"][data-asset-id="${asset.id}"]`);
    await scanned.waitFor({ timeout: 60_000 });
    const depot = scanned.getByTestId('depot-check');
    await depot.getByRole('combobox', { name: 'Customer' }).fill('De Boer');
    await page
      .getByRole('option', { name: /De Boer/ })
      .first()
      .click();
    await depot.getByRole('button', { name: 'Check out to the customer' }).click();
    await page.locator('[data-testid="scanned-asset"][data-status="registered"]').waitFor();
    await screenshot(page, 'scan-depot-phone');
    await depot.getByRole('button', { name: 'Check in at the depot' }).click();
    await page.locator('[data-testid="scanned-asset"][data-status="deregistered"]').waitFor();
    const stored = await call<{ client: unknown; status: { status: string } | null }>(
      'GET',
      `/api/assets/${asset.id}`,
      {
        token: await tokenOf('admin'),
      },
    );
    expect(stored.body.status?.status).toBe('deregistered');
    expect(stored.body.client).toBeNull();
    await page.context().close();
  });
});

/**
 * The depot's check-out and check-in made where there is no signal (docs/decisions/0330): the scanned asset's
 * action is kept on the phone and shown pending, sent on reconnect, and a change made meanwhile by someone else
 * is asked about in the conflict dialog, never overwritten. The asset is this block's own, filmed by its camera.
 */
describe('scanning at the depot without a connection', () => {
  type Stored = Asset & { client: { id: number; company: string | null } | null };
  let browser: Browser;
  let asset: Asset;
  const stored = async () =>
    (await call<Stored>('GET', `/api/assets/${asset.id}`, { token: await tokenOf('admin') })).body;
  const updatesAudited = async () => {
    const page = await call<{ 'hydra:member': { action: string }[] }>(
      'GET',
      `/api/audit?entityType=assets&entityId=${asset.id}&itemsPerPage=50`,
      { token: await tokenOf('admin') },
    );
    return page.body['hydra:member'].filter((entry) => entry.action === 'assets.update').length;
  };

  beforeAll(async () => {
    const created = await call<Asset>('POST', '/api/assets', {
      token: await tokenOf('admin'),
      body: { name: `Depot reel ${Date.now()}`, client: null },
    });
    expect(created.status).toBe(201);
    asset = created.body;
    browser = await browserFilming(asset);
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function scanAsAdmin() {
    const page = await newPhonePage(browser);
    await signInAs(page, 'admin', '/scan');
    const scanned = page.locator(`[data-testid="scanned-asset"][data-asset-id="${asset.id}"]`);
    await scanned.waitFor({ timeout: 60_000 });
    return { page, scanned, depot: scanned.getByTestId('depot-check') };
  }

  it('keeps a check-out made offline as pending and sends it once on reconnect', async () => {
    const { page, scanned, depot } = await scanAsAdmin();
    const before = await stored();
    await depot.getByRole('combobox', { name: 'Customer' }).fill('De Boer');
    await page
      .getByRole('option', { name: /De Boer/ })
      .first()
      .click();
    const updatesBefore = await updatesAudited();

    await page.context().setOffline(true);
    // A photo is not kept on the phone: offline a report with one waits for it to be removed.
    const photo = await page.screenshot({ type: 'jpeg', quality: 80 });
    await page
      .getByTestId('scan-photo-input')
      .setInputFiles({ name: 'IMG_0002.jpg', mimeType: 'image/jpeg', buffer: photo });
    const photoOffline = scanned.getByText(/^No connection: a photo is not kept on the phone\./);
    await photoOffline.waitFor();
    expect(await scanned.getByRole('button', { name: 'Report empty' }).isDisabled()).toBe(true);
    await scanned.getByRole('button', { name: 'Remove the photo' }).click();
    await photoOffline.waitFor({ state: 'detached' });
    expect(await scanned.getByRole('button', { name: 'Report empty' }).isDisabled()).toBe(false);

    await depot.getByRole('button', { name: 'Check out to the customer' }).click();
    await scanned.getByTestId('scan-pending-chip').getByText('Pending: 1').waitFor();
    await page.locator('[data-testid="offline-queue-button"][data-count="1"][data-online="false"]').waitFor();
    await page.getByText('Kept on this phone: it is sent when the connection returns.').waitFor();
    expect(await depot.getByRole('button', { name: 'Check in at the depot' }).isDisabled()).toBe(true);
    await animationsFinished(page);
    await screenshot(page, 'scan-depot-offline-phone');
    const waiting = await stored();
    expect([waiting.version, waiting.client]).toEqual([before.version, before.client]);

    await page.context().setOffline(false);
    await page.getByText(`Checked out to the customer: ${asset.name}`).waitFor();
    await scanned.getByText(/^Customer: .*De Boer/).waitFor();
    await page.locator(`[data-testid="scanned-asset"][data-status="registered"]`).waitFor();
    await page.getByTestId('offline-queue-button').waitFor({ state: 'detached' });
    const sent = await stored();
    expect([sent.version, sent.status?.status, sent.client?.company]).toEqual([
      before.version + 1,
      'registered',
      expect.stringMatching(/De Boer/),
    ]);
    expect(await updatesAudited()).toBe(updatesBefore + 1);
    await page.context().close();
  });

  it('asks about a change made by someone else meanwhile, and keeps theirs when told to', async () => {
    const { page, scanned, depot } = await scanAsAdmin();
    await page.context().setOffline(true);
    await depot.getByRole('button', { name: 'Check in at the depot' }).click();
    await scanned.getByTestId('scan-pending-chip').waitFor();
    // Another user renames the asset and hands it to demo's customer 1 while the phone has no signal.
    const renamed = `${asset.name} moved`;
    await saveAsOther(`/api/assets/${asset.id}`, { name: renamed, client: 1, status: 'registered' });
    const theirs = await stored();

    await page.context().setOffline(false);
    await conflictDialog(page).getByRole('heading', { name: 'Changed by someone else' }).waitFor();
    expect(await conflictRowOf(page, 'Name')).toEqual([renamed, asset.name]);
    await animationsFinished(page);
    await screenshot(page, 'scan-depot-conflict-phone');
    // Nothing was written while the dialog waits for the choice.
    expect((await stored()).version).toBe(theirs.version);

    await conflictDialog(page).getByRole('button', { name: 'Reload' }).click();
    await page.getByTestId('offline-queue-button').waitFor({ state: 'detached' });
    // The card shows the asset as it is now, not as scanned.
    await scanned.getByRole('heading', { name: renamed }).waitFor();
    const kept = await stored();
    expect([kept.version, kept.name, kept.client?.id, kept.status?.status]).toEqual([
      theirs.version,
      renamed,
      1,
      'registered',
    ]);
    await page.context().close();
  });

  it("makes the check-in again on the asset as it is now when told to overwrite, keeping the other's rename", async () => {
    const { page, scanned, depot } = await scanAsAdmin();
    await page.context().setOffline(true);
    await depot.getByRole('button', { name: 'Check in at the depot' }).click();
    await scanned.getByTestId('scan-pending-chip').waitFor();
    const renamed = `${asset.name} renamed`;
    await saveAsOther(`/api/assets/${asset.id}`, { name: renamed, client: 1, status: 'registered' });
    const theirs = await stored();

    await page.context().setOffline(false);
    await conflictDialog(page).getByRole('button', { name: 'Overwrite' }).click();
    await page.getByTestId('offline-queue-button').waitFor({ state: 'detached' });
    await page.locator(`[data-testid="scanned-asset"][data-status="deregistered"]`).waitFor();
    const checkedIn = await stored();
    // The check-in's own fields win; the name is the other user's, not the one scanned.
    expect([checkedIn.version, checkedIn.name, checkedIn.client, checkedIn.status?.status]).toEqual([
      theirs.version + 1,
      renamed,
      null,
      'deregistered',
    ]);
    await page.context().close();
  });
});
