import type { Browser, Page } from 'playwright-core';
import { call, tokenOf } from '../harness/api';
import { consoleUrl, DESKTOP, launchBrowser, PHONE, screenshot, signInAs } from '../harness/browser';

/** The asset actions of spec 000 s.2/s.4 driven in the console: the inline schedule and the transporter reports. */
type Asset = { id: number; version: number; scheduled: string | null; status: { status: string } | null };

const panel = (page: Page) => page.getByRole('dialog').filter({ has: page.getByRole('heading', { level: 2 }) });

/** A day a week ahead as the date input takes it (YYYY-MM-DD). */
const nextWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);

async function newCustomerAsset(name: string): Promise<Asset> {
  const created = await call<Asset>('POST', '/api/assets', {
    token: await tokenOf('admin'),
    body: { name, client: 1 },
  });
  expect(created.status).toBe(201);
  return created.body;
}

const read = async (id: number) =>
  (await call<Asset>('GET', `/api/assets/${id}`, { token: await tokenOf('admin') })).body;

describe('asset actions in the console', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('schedules an asset with the inline date picker of the list', async () => {
    const asset = await newCustomerAsset(`Schedule me ${Date.now()}`);
    const page = await browser.newPage({ viewport: DESKTOP });
    await signInAs(page, 'admin');
    await page.goto(consoleUrl(`/assets?id=${asset.id}`));
    const picker = page.locator('tbody tr').first().getByLabel('Scheduled');
    await picker.waitFor();
    // The picker offers no day in the past.
    expect(await picker.getAttribute('min')).toBe(new Date().toISOString().slice(0, 10));
    const day = nextWeek();
    await picker.fill(day);
    await page.getByText('Asset updated').waitFor();
    await screenshot(page, 'asset-actions-scheduled-desktop');
    const stored = await read(asset.id);
    // Stored at 12:00 of the chosen day (spec 000 s.2).
    expect(stored.scheduled?.slice(0, 10)).toBe(day);
    expect(stored.scheduled).toMatch(/T12:00/);
    await page.close();
  }, 240_000);

  it('lets a transporter report a buck delivered and then empty, on a phone', async () => {
    const asset = await newCustomerAsset(`Deliver me ${Date.now()}`);
    const page = await browser.newPage({ viewport: PHONE });
    await signInAs(page, 'transporter');
    await page.goto(consoleUrl(`/assets/${asset.id}`));
    const assetPanel = panel(page).last();
    await assetPanel.getByRole('button', { name: 'Report delivered buck' }).click();
    await page.getByText('Notification is send').waitFor();
    await assetPanel.getByText('Asset is delivered').waitFor();
    expect((await read(asset.id)).status?.status).toBe('send_delivered');
    await screenshot(page, 'asset-actions-delivered-phone');

    await assetPanel.getByRole('button', { name: 'Report empty buck' }).click();
    await assetPanel.getByText('Asset is signed off').waitFor();
    expect((await read(asset.id)).status?.status).toBe('send_deregistered');
    await screenshot(page, 'asset-actions-signed-off-phone');
    // Neither report is offered any more: the panel says why instead.
    expect(await assetPanel.getByRole('button', { name: /^Report/ }).count()).toBe(0);
    await page.close();
  }, 240_000);
});
