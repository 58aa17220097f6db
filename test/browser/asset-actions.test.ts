import type { Browser, Page } from 'playwright-core';
import { call, tokenOf } from '../harness/api';
import { consoleDay, consoleUrl, DESKTOP, launchBrowser, PHONE, screenshot, signInAs } from '../harness/browser';

/** The asset actions of spec 000 s.2/s.4 driven in the console: the inline schedule and the transporter reports. */
type Asset = { id: number; version: number; scheduled: string | null; status: { status: string } | null };

const panel = (page: Page) => page.getByRole('dialog').filter({ has: page.getByRole('heading', { level: 2 }) });

/**
 * 23:30 UTC of yesterday (UTC): already the next day in Amsterdam (00:30 in winter, 01:30 in summer), so a
 * "today" taken in UTC instead of the user's zone is a day off. In the past, so the server takes that day too.
 */
function nearMidnight(): Date {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - 1, 23, 30));
}

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

  it('schedules an asset with the inline date picker of the list, "today" being the Amsterdam day near midnight', async () => {
    const asset = await newCustomerAsset(`Schedule me ${Date.now()}`);
    const page = await browser.newPage({ viewport: DESKTOP });
    await signInAs(page, 'admin');
    const clock = nearMidnight();
    const today = consoleDay(clock);
    expect(today).not.toBe(clock.toISOString().slice(0, 10));
    await page.clock.setFixedTime(clock);
    await page.goto(consoleUrl(`/assets?id=${asset.id}`));
    const picker = page.locator('tbody tr').first().getByLabel('Scheduled');
    await picker.waitFor();
    // The picker offers no day before today in the user's calendar.
    expect(await picker.getAttribute('min')).toBe(today);
    await picker.fill(today);
    await page.getByText('Asset updated').waitFor();
    await screenshot(page, 'asset-actions-scheduled-desktop');
    const stored = await read(asset.id);
    // Stored at 12:00 of the chosen day (spec 000 s.2): the day picked, not shifted by the zone.
    expect(stored.scheduled?.slice(0, 10)).toBe(today);
    expect(stored.scheduled).toMatch(/T12:00/);
    await page.close();
  }, 240_000);

  it('lets a transporter report a buck delivered and then empty, on a phone', async () => {
    const asset = await newCustomerAsset(`Deliver me ${Date.now()}`);
    const page = await browser.newPage({ viewport: PHONE });
    await signInAs(page, 'transporter', `/assets/${asset.id}`);
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
