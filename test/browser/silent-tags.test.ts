import type { Browser, Page } from 'playwright-core';
import { ALARM_TEXT_TEMPLATES } from '../../shared/schemas/alarm';
import { consoleUrl, DESKTOP, launchBrowser, PHONE, screenshot, signInAs, waitForScreen } from '../harness/browser';

/**
 * Silent tags in the console: the device list's Status column (a coloured chip per connectivity state), its
 * filter and its sort, at both widths; the "Asset tag silent" type in the alarm rule form. The demo seed stores
 * what the silent-tag job would have (every state is in the demo tenant).
 */
const chips = (page: Page) => page.locator('tbody [data-connectivity]');

async function openDevices(page: Page, path = '/devices') {
  await signInAs(page, 'admin');
  await page.waitForLoadState('load');
  await page.goto(consoleUrl(path));
  await page.getByRole('columnheader', { name: 'DEVEUI' }).waitFor({ timeout: 90_000 });
  await page.getByTestId('skeleton-row').first().waitFor({ state: 'detached' });
  // Attached: on a phone the chip is hidden and its icon shows instead.
  await chips(page).first().waitFor({ state: 'attached' });
}

const statesShown = async (page: Page) =>
  chips(page).evaluateAll((elements) =>
    elements.map((element) => (element as unknown as { dataset: { connectivity: string } }).dataset.connectivity),
  );

describe('silent tags in the console', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows, filters and sorts the device status on a desktop', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await openDevices(page);
    await page.waitForLoadState('networkidle');
    await page.getByRole('columnheader', { name: 'Status', exact: true }).waitFor();
    await screenshot(page, 'devices-status-desktop');

    await page.getByRole('button', { name: 'Filter' }).first().click();
    await page.locator('#filter-form').getByLabel('Status').selectOption('silent');
    const filtered = page.waitForResponse((r) => r.url().includes('connectivity=silent') && r.ok());
    await page.getByRole('button', { name: 'Filter' }).last().click();
    await waitForScreen(page, /connectivity=silent/);
    await filtered;
    // The previous page stays until the filtered one replaces it: wait until no other state is shown.
    await page
      .locator('tbody [data-connectivity]:not([data-connectivity="silent"])')
      .first()
      .waitFor({ state: 'detached' });
    await page.getByTestId('skeleton-row').first().waitFor({ state: 'detached' });
    await page.locator('tbody [data-connectivity="silent"]').first().waitFor();
    const silent = await statesShown(page);
    expect(silent.length).toBeGreaterThan(0);
    expect(new Set(silent)).toEqual(new Set(['silent']));
    await page.getByText('Silent', { exact: true }).first().waitFor();
    await screenshot(page, 'devices-status-filtered-desktop');

    // The column sorts by state: ascending online first, descending never heard first (page 1 of each).
    const rank = ['online', 'late', 'silent', 'never'];
    for (const dir of ['asc', 'desc'] as const) {
      const answered = page.waitForResponse(
        (r) => decodeURIComponent(r.url()).includes(`order[connectivity]=${dir}`) && r.ok(),
      );
      await page.goto(consoleUrl(`/devices?order=connectivity&dir=${dir}`));
      await answered;
      await page.getByTestId('skeleton-row').first().waitFor({ state: 'detached' });
      await chips(page).first().waitFor();
      await page.waitForLoadState('networkidle');
      const ranks = (await statesShown(page)).map((state) => rank.indexOf(state));
      expect(ranks).toEqual([...ranks].sort((x, y) => (dir === 'asc' ? x - y : y - x)));
    }
    await screenshot(page, 'devices-status-sorted-desktop');
    await page.close();
  });

  it('shows the status chip and the filter on a phone', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await openDevices(page, '/devices?connectivity=late');
    // On a phone the Status column gives way: the state's icon follows the name, named for screen readers.
    await page.getByRole('columnheader', { name: 'Status', exact: true }).waitFor({ state: 'hidden' });
    await page.locator('tbody [data-connectivity-icon="late"]').first().waitFor();
    expect(new Set(await statesShown(page))).toEqual(new Set(['late']));
    await page.getByRole('img', { name: 'Late' }).first().waitFor();
    await screenshot(page, 'devices-status-phone');
    await page.close();
  });

  it('offers the tag silent type in the alarm rule form, with its template', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await signInAs(page, 'admin', '/alarm-rules/new');
    const drawer = page.locator('.MuiDrawer-paper').last();
    await drawer.getByText('New Alarm rule').waitFor({ timeout: 90_000 });
    await drawer.getByLabel(/^type/i).click();
    await page.getByRole('option', { name: 'Asset tag silent', exact: true }).click();
    expect(await drawer.getByLabel(/^text/i).inputValue()).toBe(ALARM_TEXT_TEMPLATES[3]);
    await screenshot(page, 'alarm-rule-type-silent-desktop');
    await page.close();
  });
});
