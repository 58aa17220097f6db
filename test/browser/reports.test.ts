import { randomBytes } from 'node:crypto';
import * as path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { call, tokenOf } from '../harness/api';
import {
  animationsFinished,
  DESKTOP,
  launchBrowser,
  PHONE,
  SCREENSHOT_DIR,
  screenshot,
  signInAs,
  waitForScreen,
} from '../harness/browser';
import { publishMqtt, waitFor } from '../harness/uplinks';

/**
 * Planners see the waiting delivered / empty reports (a badge in the top bar, the Reports
 * screen) and confirm each after a question; the styling screen sets the tenant's mail language and address.
 */
/** The list's rows, once loaded (the table shows placeholder rows before). */
const REPORT_ROWS = '[data-testid="report-list"] tbody tr:not([data-testid="skeleton-row"])';
const badge = (page: Page) => page.locator('header [data-report-count]');
const countOf = async (page: Page) => Number(await badge(page).getAttribute('data-report-count'));

/** A circle's centre or a polygon's first corner, [longitude, latitude]. */
const cornerOf = (coordinates: unknown): number[] => {
  const nested = coordinates as number[] | number[][][];
  return typeof nested[0] === 'number' ? (nested as number[]) : ((nested as number[][][])[0]?.[0] ?? []);
};

const admin = async () => ({ token: await tokenOf('admin') });

/**
 * A demo customer's reel with a tag, its own zone a demo zone, reported delivered; then its tag reports from
 * 20 km north of the zone, so the tag agrees with the report.
 */
async function deliveredReelAwayFromItsDepot(name: string): Promise<number> {
  const zones = await call<{ 'hydra:member': { id: number; geometry: { coordinates: unknown } }[] }>(
    'GET',
    '/api/geo-zones',
    await admin(),
  );
  const depot = zones.body['hydra:member'][0];
  if (!depot) throw new Error('the demo tenant has no zone');
  const [longitude = 0, latitude = 0] = cornerOf(depot.geometry.coordinates);
  const devEui = randomBytes(8).toString('hex').toUpperCase();
  // Tags are the platform's to register: the super admin's, in the demo tenant.
  const device = await call<{ id: number }>('POST', '/api/devices', {
    token: await tokenOf('superadmin'),
    body: { dev_eui: devEui },
  });
  const asset = await call<{ id: number }>('POST', '/api/assets', {
    ...(await admin()),
    body: { name, client: 1, geo_zone: depot.id, devices: [device.body.id] },
  });
  expect(asset.status).toBe(201);
  expect((await call('PUT', `/api/assets/${asset.body.id}/delivered`, { ...(await admin()), body: {} })).status).toBe(
    200,
  );
  const at = new Date();
  const fix = { latitude: latitude + 0.18, longitude, accuracy: 12 };
  await publishMqtt({ devEui, at, payload: { eventType: 'still', fix } });
  await waitFor(
    async () => call<{ last_event: { date: string } | null }>('GET', `/api/assets/${asset.body.id}`, await admin()),
    (answer) => answer.body.last_event?.date === at.toISOString(),
  );
  return asset.body.id;
}

describe('Reports screen', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows the waiting reports to a planner and confirms one after a question', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await signInAs(page, 'user', '/assets');
    await page.locator('header [data-report-count]:not([data-report-count="0"])').waitFor();
    const before = await countOf(page);
    await badge(page).click();
    await waitForScreen(page, /\/reports$/);
    const rows = page.locator(REPORT_ROWS);
    await rows.first().waitFor();
    expect(await rows.count()).toBe(before);
    await animationsFinished(page);
    await screenshot(page, 'reports-desktop');

    const first = rows.first();
    const name = (await first.locator('a').textContent()) ?? '';
    await first.getByRole('button', { name: `Confirm the report of ${name}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Confirm the report?').waitFor();
    await dialog.getByText(name, { exact: false }).waitFor();
    await animationsFinished(page);
    await screenshot(page, 'reports-confirm-desktop');
    await dialog.getByRole('button', { name: 'Yes' }).click();
    await page.getByText('Report confirmed').waitFor();
    await page.locator(`header [data-report-count="${before - 1}"]`).waitFor();
    await page.locator(`${REPORT_ROWS} a`, { hasText: name }).waitFor({ state: 'detached' });
    await page.close();
  });

  it('fits a phone, and is not offered to transporters', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await signInAs(page, 'manager', '/reports');
    await page.locator(REPORT_ROWS).first().waitFor();
    await animationsFinished(page);
    await screenshot(page, 'reports-phone');
    // The full page is 60 reports long: the first screenful too, to look at the rows at phone size.
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'reports-phone-top.png') });
    expect(await page.evaluate('document.documentElement.scrollWidth > window.innerWidth')).toBe(false);
    await page.close();

    const transporter = await browser.newPage({ viewport: DESKTOP });
    await signInAs(transporter, 'transporter', '/assets');
    await transporter.locator('main h1').waitFor();
    expect(await badge(transporter).count()).toBe(0);
    await transporter.close();
  });

  it('shows whether the tag agrees with each report, with the evidence a press away, on a desktop and a phone', async () => {
    const name = `Checked reel ${Date.now()}`;
    await deliveredReelAwayFromItsDepot(name);
    const page = await browser.newPage({ viewport: DESKTOP });
    await signInAs(page, 'user', '/reports');
    const row = page.locator(REPORT_ROWS).filter({ hasText: name });
    const chip = row.locator('[data-report-check="agree"]:visible');
    await chip.waitFor();
    // Every report has its check: agree, disagree or no data, never an empty cell.
    const rows = page.locator(REPORT_ROWS);
    const checks = page.locator(`${REPORT_ROWS} [data-report-check]:visible:not([data-report-check="loading"])`);
    await page.locator('[data-report-check="loading"]').first().waitFor({ state: 'detached' });
    expect(await checks.count()).toBe(await rows.count());
    await chip.scrollIntoViewIfNeeded();
    await animationsFinished(page);
    await screenshot(page, 'reports-check-desktop');
    await chip.click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`Tag check: ${name}`).waitFor();
    await dialog.locator('[data-report-check-reason="away"]').waitFor();
    const fix = dialog.locator('[data-fix-place="away"]');
    expect(await fix.count()).toBe(1);
    expect(await fix.textContent()).toMatch(/km from the depot.*accuracy ± 12 m.*GPS/);
    await animationsFinished(page);
    await screenshot(page, 'reports-check-evidence-desktop');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await page.setViewportSize(PHONE);
    await chip.scrollIntoViewIfNeeded();
    await animationsFinished(page);
    await screenshot(page, 'reports-check-phone');
    expect(await page.evaluate('document.documentElement.scrollWidth > window.innerWidth')).toBe(false);
    await chip.click();
    await dialog.locator('[data-fix-place="away"]').waitFor();
    await animationsFinished(page);
    await screenshot(page, 'reports-check-evidence-phone');
    await page.close();
  });

  it("sets the tenant's mail language and report address on the styling screen", async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await signInAs(page, 'admin', '/styling');
    const form = page.getByTestId('mail-settings');
    await form.waitFor();
    const address = form.getByLabel('Report address');
    expect(await address.inputValue()).toBe('planning@demo.local');
    await address.fill('not an address');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('Must be a valid email').waitFor();
    await address.fill('planning@demo.local');
    await form.getByLabel('Mail language').click();
    await page.getByRole('option', { name: 'Deutsch' }).click();
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The mail settings are saved').waitFor();
    await page.reload();
    await form.waitFor();
    await animationsFinished(page);
    await form.getByRole('combobox').filter({ hasText: 'Deutsch' }).waitFor();
    await animationsFinished(page);
    await form.scrollIntoViewIfNeeded();
    await screenshot(page, 'styling-mail-desktop');
    await page.setViewportSize(PHONE);
    await animationsFinished(page);
    await form.scrollIntoViewIfNeeded();
    await screenshot(page, 'styling-mail-phone');
    // Back to English, for the tests after this one.
    await form.getByLabel('Mail language').click();
    await page.getByRole('option', { name: 'English' }).click();
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The mail settings are saved').waitFor();
    await page.close();
  });
});
