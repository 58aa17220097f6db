import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { Browser } from 'playwright-core';
import { ATTACHMENTS_BUCKET } from '../../scripts/local/config';
import { call, tokenOf } from '../harness/api';
import { screenshot, signInAs } from '../harness/browser';
import { browserFilming, newPhonePage, PHONE_AT } from '../harness/fake-camera';
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
