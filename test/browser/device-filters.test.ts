import type { Browser, Page } from 'playwright-core';
import { call, tokenOf } from '../harness/api';
import { consoleUrl, DESKTOP, launchBrowser, PHONE, screenshot, signInAs, waitForScreen } from '../harness/browser';

/**
 * The device list filters in the console: battery low, sabotaged (and asset attached, connectivity) in
 * the Filter drawer, held in the URL so a link or a reload shows the same list, with the API's exact total
 * under the table; desktop and phone width. The demo tenant's seeded flags are what is filtered.
 */
interface DeviceRow {
  id: number;
  dev_eui: string;
}
type Collection = { 'hydra:member': DeviceRow[]; 'hydra:totalItems': number };

const STEP_BUDGET_MS = 240_000;
const rows = (page: Page) => page.locator('tbody tr');

async function waitForList(page: Page) {
  await page.getByRole('columnheader', { name: 'DEVEUI' }).waitFor({ timeout: 90_000 });
  await page.getByTestId('skeleton-row').first().waitFor({ state: 'detached' });
  await rows(page).first().waitFor();
}

/** A navigation of the dev server's own aborts a goto with ERR_ABORTED; the URL is then asked for again. */
async function goto(page: Page, path: string) {
  for (let attempt = 1; ; attempt++) {
    try {
      await page.goto(consoleUrl(path));
      return;
    } catch (error) {
      if (attempt >= 3 || !String(error).includes('ERR_ABORTED')) throw error;
    }
  }
}

describe('device list filters in the console', () => {
  let browser: Browser;
  let token: string;
  const apiList = async (query: string) => (await call<Collection>('GET', `/api/devices?${query}`, { token })).body;
  /** The table shows the API's page for these filters, in its order, and its total. */
  async function expectShows(page: Page, query: string) {
    const expected = await apiList(query);
    expect(expected['hydra:member'].length).toBeGreaterThan(0);
    const first = expected['hydra:member'][0]?.dev_eui as string;
    await rows(page).filter({ hasText: first }).first().waitFor();
    const shown = await rows(page).count();
    expect(shown).toBe(expected['hydra:member'].length);
    for (const device of expected['hydra:member'])
      await rows(page).filter({ hasText: device.dev_eui }).first().waitFor();
    await page
      .locator('.MuiTablePagination-displayedRows')
      .filter({ hasText: new RegExp(`of ${expected['hydra:totalItems']}\\b`) })
      .waitFor();
  }

  beforeAll(async () => {
    browser = await launchBrowser();
    token = await tokenOf('admin');
  });
  afterAll(async () => {
    await browser?.close();
  });

  it(
    'filters on battery low from a link, adds sabotaged in the drawer, and keeps both over a reload',
    async () => {
      const page = await browser.newPage({ viewport: DESKTOP });
      await signInAs(page, 'admin');
      await page.waitForLoadState('load');
      await goto(page, '/devices?batteryLow=true');
      await waitForList(page);
      await expectShows(page, 'batteryLevelLow=true');

      await page.getByRole('button', { name: 'Filter' }).click();
      const drawer = page.locator('.MuiDrawer-paper').last();
      await expect(drawer.getByLabel('Battery low').inputValue()).resolves.toBe('true');
      await drawer.getByLabel('Sabotaged').selectOption('false');
      await drawer.getByRole('button', { name: 'Filter' }).click();
      await waitForScreen(page, /sabotaged=false/);
      expect(page.url()).toContain('batteryLow=true');
      await expectShows(page, 'batteryLevelLow=true&sabotaged=false');
      await page.waitForLoadState('networkidle');
      await screenshot(page, 'device-filters-desktop');

      await page.reload();
      await waitForList(page);
      await expectShows(page, 'batteryLevelLow=true&sabotaged=false');
      await page.close();
    },
    STEP_BUDGET_MS,
  );

  it(
    'works at phone width',
    async () => {
      const page = await browser.newPage({ viewport: PHONE });
      await signInAs(page, 'admin');
      await page.waitForLoadState('load');
      await goto(page, '/devices?sabotaged=true');
      await waitForList(page);
      await expectShows(page, 'sabotaged=true');
      await page.waitForLoadState('networkidle');
      await screenshot(page, 'device-filters-phone');
      await page.getByRole('button', { name: 'Filter' }).click();
      const drawer = page.locator('.MuiDrawer-paper').last();
      await drawer.getByLabel('Sabotaged').waitFor();
      expect(await drawer.getByLabel('Sabotaged').inputValue()).toBe('true');
      await screenshot(page, 'device-filters-drawer-phone');
      await page.close();
    },
    STEP_BUDGET_MS,
  );
});
