import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { call, tokenOf } from '../harness/api';
import { DESKTOP, launchBrowser, PHONE, screenshot, signInAs, waitForScreen } from '../harness/browser';

/** The Attachments tab (spec 000 s.2): upload straight to the local S3, list, download, delete. */

const panel = (page: Page) =>
  page
    .getByRole('dialog')
    .filter({ has: page.getByRole('heading', { level: 2 }) })
    .last();
const CSV = 'id,name\n1,reel\n';

/**
 * An asset's Attachments tab, signed in as an admin: the chosen tab lives in the address (AssetPanel's
 * useTabInAddress), so the panel opens on it and keeps it through a remount.
 */
async function openAttachments(page: Page, assetId: number) {
  await signInAs(page, 'admin', `/assets/${assetId}#attachments`);
  await panel(page).getByText('Drag and drop files here').waitFor();
}

describe('asset attachments', () => {
  let browser: Browser;
  let assetId: number;
  beforeAll(async () => {
    browser = await launchBrowser();
    const token = await tokenOf('admin');
    const created = await call<{ id: number }>('POST', '/api/assets', {
      token,
      body: { name: `Attachments ${Date.now()}` },
    });
    assetId = created.body.id;
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('uploads a file, lists it, downloads it and deletes it', async () => {
    const page = await browser.newPage({ viewport: DESKTOP, acceptDownloads: true });
    await openAttachments(page, assetId);
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'attachments-empty-desktop');

    await panel(page)
      .getByTestId('attachment-input')
      .setInputFiles({ name: 'reels.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
    await page.getByText('The attachment has been uploaded').waitFor();
    const list = panel(page).getByRole('list', { name: 'Attachments' });
    await list.getByText('reels.csv').waitFor();
    await screenshot(page, 'attachments-listed-desktop');

    const downloading = page.waitForEvent('download');
    await list.getByRole('button', { name: 'Download reels.csv' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('reels.csv');
    expect(readFileSync((await download.path()) as string, 'utf8')).toBe(CSV);

    // The drawer changes variant with the width and starts again on its first tab.
    await page.setViewportSize(PHONE);
    await panel(page).getByRole('tab', { name: 'Attachments' }).click();
    await list.getByText('reels.csv').waitFor();
    await screenshot(page, 'attachments-listed-phone');
    await page.setViewportSize(DESKTOP);
    await panel(page).getByRole('tab', { name: 'Attachments' }).click();

    await list.getByRole('button', { name: 'Delete reels.csv' }).click();
    await page.getByRole('dialog').getByText('Delete the attachment reels.csv?').waitFor();
    await screenshot(page, 'attachments-confirm-delete');
    await page.getByRole('button', { name: 'Yes' }).click();
    await page.getByText('The attachment has been deleted').waitFor();
    await panel(page).getByText('No attachments yet').waitFor();
    await page.close();
  }, 240_000);

  it('refuses a disallowed file type with the server’s message', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await openAttachments(page, assetId);
    await panel(page)
      .getByTestId('attachment-input')
      .setInputFiles({ name: 'tool.exe', mimeType: 'application/x-msdownload', buffer: Buffer.from('MZ') });
    await page.getByText(/This file type is not allowed/).waitFor();
    await screenshot(page, 'attachments-refused-desktop');
    await page.close();
  }, 240_000);

  it('says the files credentials could not be fetched when the storage call fails without a reason', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await openAttachments(page, assetId);
    // The storage-credentials call (GET /api/aws/s3) fails as a gateway error would, with no message.
    await page.route('**/api/aws/s3?*', (route) => route.fulfill({ status: 502, body: '' }));
    await panel(page)
      .getByTestId('attachment-input')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('notes') });
    await page.getByText('There was an error while trying to fetch the files credentials').waitFor();
    await page.close();
  }, 240_000);

  it('queues files for a new asset and uploads them after saving', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await signInAs(page, 'admin', '/assets/new');
    const form = panel(page);
    await form.getByRole('heading', { name: 'New Asset' }).waitFor();
    await form
      .getByTestId('attachment-input')
      .setInputFiles({ name: 'manual.txt', mimeType: 'text/plain', buffer: Buffer.from('read me') });
    await form.getByText('The file will be uploaded when you save the new issue').waitFor();
    await form.getByText('manual.txt').scrollIntoViewIfNeeded();
    await screenshot(page, 'attachments-new-asset-phone');

    await form.getByLabel(/^Name/).fill(`Queued attachment ${Date.now()}`);
    // The same save assigns an asset profile (spec 000 s.2: the Asset profiles multi-select).
    await form.getByLabel('Asset profiles').click();
    await page.getByRole('option', { name: 'Kabelhaspels' }).click();
    await form.getByRole('button', { name: 'Save' }).click();
    await waitForScreen(page, /\/assets\/\d+/);
    await page.getByText('The attachment has been uploaded').waitFor();
    const id = Number(/\/assets\/(\d+)/.exec(page.url())?.[1]);
    const asset = await call<{
      attachments: { object_key: string }[];
      asset_profile_definitions: { name: string }[];
    }>('GET', `/api/assets/${id}`, { token: await tokenOf('admin') });
    expect(asset.body.attachments.map((a) => a.object_key)).toEqual([`asset/${id}/attachments/manual.txt`]);
    expect(asset.body.asset_profile_definitions.map((d) => d.name)).toEqual(['Kabelhaspels']);
    await page.close();
  }, 240_000);
});
