import type { Browser, Page } from 'playwright-core';
import {
  animationsFinished,
  DESKTOP,
  launchBrowser,
  PHONE,
  screenshot,
  signInAs,
  waitForScreen,
} from '../harness/browser';

/**
 * The Pickups screen (the demo's assets reported empty, longest waiting first; a row
 * opens the asset panel) and the Loan days screen (a month's loan days per customer, the demo's seeded records),
 * at desktop and phone width.
 */
const rows = (page: Page) => page.locator('main tbody tr:not([data-testid="skeleton-row"])');
const noHorizontalScroll = (page: Page) => page.evaluate('document.documentElement.scrollWidth <= window.innerWidth');

describe('Pickups and Loan days screens', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('lists the waiting assets longest first and opens one in the asset panel', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await signInAs(page, 'user', '/assets');
    await page.getByRole('link', { name: 'Pickups' }).click();
    await waitForScreen(page, /\/pickups$/);
    await page.locator('main [data-requested-at]').first().waitFor();
    const cells = page.locator('main [data-requested-at]');
    const times = await Promise.all(
      Array.from({ length: await cells.count() }, (_, i) => cells.nth(i).getAttribute('data-requested-at')),
    );
    expect(times.length).toBeGreaterThan(0);
    expect(times).toEqual([...times].sort());
    expect(await rows(page).first().textContent()).toMatch(/waiting \d+ d \d+ h/);
    await animationsFinished(page);
    await screenshot(page, 'pickups-desktop');
    const name = (await rows(page).first().locator('td').first().textContent()) ?? '';
    await rows(page).first().locator('td').first().click();
    await waitForScreen(page, /\/pickups\/\d+$/);
    await page.locator('.MuiDrawer-paper h2').waitFor();
    // The panel shows the asset of the row.
    await page.locator('.MuiDrawer-paper:has(h2)', { hasText: name }).waitFor();
    await animationsFinished(page);
    await screenshot(page, 'pickups-asset-panel-desktop');
    // The planner confirms the pickup (after a question): it leaves the list.
    await page.locator('.MuiDrawer-paper:has(h2)').getByRole('button', { name: 'Close', exact: true }).click();
    await waitForScreen(page, /\/pickups$/);
    await page.getByRole('button', { name: `Confirm that ${name} is picked up` }).click();
    await page.getByRole('dialog').getByText('Confirm the pickup?').waitFor();
    await animationsFinished(page);
    await screenshot(page, 'pickups-confirm-desktop');
    await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
    await page.getByText(`${name} is picked up`).waitFor();
    await page.getByRole('button', { name: `Confirm that ${name} is picked up` }).waitFor({ state: 'detached' });
    await page.close();
  });

  it('fits a phone for a transporter', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await signInAs(page, 'transporter', '/pickups');
    await page.locator('main [data-requested-at]').first().waitFor();
    await animationsFinished(page);
    await screenshot(page, 'pickups-phone');
    expect(await noHorizontalScroll(page)).toBe(true);
    await page.close();
  });

  it('shows a month of loan days per customer with totals, filtered by customer', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await signInAs(page, 'user', '/loan-days');
    await page.locator('[data-testid="month-total"]').waitFor();
    const total = Number(await page.locator('[data-testid="month-total"] td').nth(1).textContent());
    const perCustomer = (await page.locator('[data-customer-total] td:nth-child(3)').allTextContents()).map(Number);
    expect(total).toBeGreaterThan(0);
    expect(perCustomer.reduce((a, b) => a + b, 0)).toBe(total);
    await animationsFinished(page);
    await screenshot(page, 'loan-days-desktop');
    // One customer: the first one listed (customers are in id order, assets without one first).
    const firstRow = page.locator('[data-customer-total]:not([data-customer-total="0"])').first();
    const first = (await firstRow.locator('td').first().textContent()) ?? '';
    const firstTotal = Number(await firstRow.locator('td').nth(2).textContent());
    await page.getByRole('combobox', { name: 'Customer' }).fill(first);
    await page.getByRole('option', { name: first }).first().click();
    await waitForScreen(page, /client=\d+/);
    // The filtered answer has arrived when the month's total is that customer's.
    await page.locator('[data-testid="month-total"] td', { hasText: new RegExp(`^${firstTotal}$`) }).waitFor();
    const names = await page.locator('[data-customer-total] td:first-child').allTextContents();
    expect(names).toEqual([first]);
    await page.close();
  });

  it('fits a phone', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await signInAs(page, 'manager', '/loan-days');
    await page.locator('[data-testid="month-total"]').waitFor();
    await animationsFinished(page);
    await screenshot(page, 'loan-days-phone');
    expect(await noHorizontalScroll(page)).toBe(true);
    await page.close();
  });
});
