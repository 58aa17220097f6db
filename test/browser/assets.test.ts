import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import {
  animationsFinished,
  consoleUrl,
  DESKTOP,
  goToScreen,
  launchBrowser,
  PHONE,
  SCREENSHOT_DIR,
  screenshot,
  signInAs,
  waitForScreen,
} from '../harness/browser';

/** The asset list and the asset panel (spec 000 s.2) against the local stack. */

/** Rows of the asset table once the placeholders have gone. */
async function waitForRows(page: Page) {
  // A data row of a table no longer busy: "placeholders detached" alone passes before the table has mounted.
  await page.locator('table[aria-busy="false"] tbody tr:not([data-testid="placeholder-row"])').first().waitFor();
}

const panel = (page: Page) => page.getByRole('dialog').filter({ has: page.getByRole('heading', { level: 2 }) });

async function showTabs(page: Page, prefix: string) {
  const assetPanel = panel(page).last();
  await assetPanel.getByRole('heading', { name: 'Asset', exact: true }).waitFor();
  await assetPanel.getByText('Days outside geo zone').first().waitFor();
  await page.waitForLoadState('networkidle');
  await screenshot(page, `${prefix}-panel-details`);

  await assetPanel.getByRole('tab', { name: 'Events' }).click();
  const firstEvent = assetPanel.getByRole('list', { name: 'Events' }).getByRole('button').first();
  await firstEvent.waitFor();
  await page.waitForLoadState('networkidle');
  await screenshot(page, `${prefix}-panel-events`);

  // Clicking an event with coordinates selects it and switches to the map.
  await firstEvent.click();
  await assetPanel.getByRole('tab', { name: 'Map', selected: true }).waitFor();
  const map = assetPanel.getByTestId('asset-map');
  await map.and(page.locator('[data-ready="true"][data-rendered-events]')).waitFor({ timeout: 30_000 });
  expect(Number(await map.getAttribute('data-rendered-events'))).toBeGreaterThan(0);
  await assetPanel.getByText(/^Radius: \d+ m$/).waitFor();
  await screenshot(page, `${prefix}-panel-map`);
}

describe('asset list and asset panel', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('lists, sorts and filters assets as an admin', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await signInAs(page, 'admin');
    // The list's own request (the top bar's report count asks for one item of a status).
    const firstList = page.waitForRequest((r) => r.url().includes('/api/assets?') && !r.url().includes('status='));
    await page.goto(consoleUrl('/assets'));
    // The table opens sorted by days outside geo zone, descending.
    expect((await firstList).url()).toContain(encodeURI('order[days_outside_geo_zone]=desc'));
    await waitForRows(page);
    await page.getByRole('columnheader', { name: 'Postal code / City' }).waitFor();
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'assets-list-desktop');
    // Scrolled sideways, the Asset column stays pinned beside the selection box and the ID.
    const assetHeader = page.getByRole('columnheader', { name: 'Asset', exact: true });
    const pinnedAt = (await assetHeader.boundingBox())?.x;
    await page.locator('.MuiTableContainer-root').evaluate((element: { scrollLeft: number }) => {
      element.scrollLeft += 600;
    });
    await page.getByRole('columnheader', { name: 'Status', exact: true }).waitFor();
    expect((await assetHeader.boundingBox())?.x).toBe(pinnedAt);
    await screenshot(page, 'assets-list-scrolled-desktop');

    const sorted = page.waitForRequest((r) => r.url().includes(encodeURI('order[reference]=asc')));
    await page.getByRole('columnheader', { name: 'Reference' }).getByRole('button').click();
    await sorted;
    await waitForScreen(page, /sort=reference%3Aasc/);
    await waitForRows(page);

    // Select all on the page gives the notice of the spec.
    await page.getByRole('checkbox', { name: 'Select all assets on this page' }).check();
    await page.getByText(/^Selected all the \d+ assets on the current page$/).waitFor();
    await page.getByRole('checkbox', { name: 'Select all assets on this page' }).uncheck();
    await page.getByText(/^Unselected all the \d+ assets on the current page$/).waitFor();

    const filter = page.getByRole('form', { name: 'Filter assets' });
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    await filter.waitFor();
    await filter.getByLabel('ID', { exact: true }).fill('abc');
    await page.getByRole('button', { name: 'Apply' }).click();
    await filter.getByText('Must be a number').waitFor();
    await screenshot(page, 'assets-filter-invalid');
    await filter.getByLabel('ID', { exact: true }).fill('5');
    await page.getByRole('button', { name: 'Apply' }).click();
    await waitForScreen(page, /[?&]id=5/);
    expect(page.url()).not.toMatch(/[?&]page=/);
    await page.close();
  });

  it('opens the panel of a shared URL and shows details, events and map (desktop)', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await signInAs(page, 'admin', '/assets/5');
    await showTabs(page, 'assets-desktop');
    // Opening a different asset starts on the first tab again.
    await page.goto(consoleUrl('/assets'));
    await waitForRows(page);
    // The ID cell: on the left, clear of the open panel.
    await page.locator('tbody tr').nth(1).locator('td').nth(1).click();
    await waitForScreen(page, /\/assets\/\d+/);
    await panel(page).last().getByRole('tab', { name: 'Details', selected: true }).waitFor();
    await page.close();
  });

  it('says a list could not be fetched when its call fails (assets, users, tenants)', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await signInAs(page, 'admin');
    for (const list of ['assets', 'users', 'tenants']) {
      await page.route(`**/api/${list}?*`, (route) => route.fulfill({ status: 500, body: '' }));
      await goToScreen(page, `/${list}`);
      const notice = page.getByText('There was an error while trying to fetch the entity list');
      await notice.first().waitFor();
      await page.getByRole('button', { name: 'Close' }).first().click();
    }
    await page.close();
  });

  it('shows the list and the panel tabs on a phone', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await signInAs(page, 'admin', '/assets');
    await waitForRows(page);
    await page.getByRole('button', { name: 'Asset actions' }).waitFor();
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'assets-list-phone');
    // The floating action menu opens on a tap and stays open until an action is chosen.
    await page.getByRole('button', { name: 'Asset actions' }).click();
    await page.getByRole('menuitem', { name: 'Add new' }).waitFor();
    await animationsFinished(page); // the actions fade in
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'assets-actions-phone.png') });
    await page.getByRole('menuitem', { name: 'Add new' }).click();
    await waitForScreen(page, /\/assets\/new/);
    await page.getByRole('menuitem', { name: 'Add new' }).waitFor({ state: 'hidden' });
    await page.goto(consoleUrl('/assets/5'));
    await showTabs(page, 'assets-phone');
    await page.close();
  });

  it('creates an asset and edits its name', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await signInAs(page, 'admin', '/assets');
    await waitForRows(page);
    await page.getByRole('button', { name: 'Add new' }).click();
    await waitForScreen(page, /\/assets\/new/);
    const form = panel(page).last();
    await form.getByRole('heading', { name: 'New Asset' }).waitFor();
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('The name is required').waitFor();
    await screenshot(page, 'assets-new-invalid');

    const name = `Browser reel ${Date.now()}`;
    await form.getByLabel(/^Name/).fill(name);
    await form.getByLabel('Reference').fill('BR-1');
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Asset added').waitFor();
    await waitForScreen(page, /\/assets\/\d+/);
    const saved = panel(page).last();
    await saved.getByText(name).waitFor();

    await saved.getByRole('button', { name: 'Edit' }).click();
    await saved.getByLabel(/^Name/).fill(`${name} edited`);
    // Choosing a customer puts the status back to registered (spec 000 s.4), shown as "Open".
    await saved.getByLabel('Status').click();
    await page.getByRole('option', { name: 'Moving' }).click();
    await saved.getByLabel('Customer').fill('De Boer');
    await page
      .getByRole('option', { name: /De Boer/ })
      .first()
      .click();
    await saved.getByText('Open', { exact: true }).waitFor();
    await saved.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Asset updated').first().waitFor();
    await saved.getByText(`${name} edited`).waitFor();
    await saved.getByRole('button', { name: 'Edit' }).waitFor();
    await screenshot(page, 'assets-edited');
    await page.close();
  });

  it('gives client users the restricted view', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const page = await browser.newPage({ viewport });
      await signInAs(page, 'client', '/assets');
      await page.locator('[data-testid="placeholder-row"]').first().waitFor({ state: 'detached' });
      await page.getByRole('columnheader', { name: 'Asset', exact: true }).waitFor();
      expect(await page.getByRole('button', { name: 'Filter', exact: true }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Add new' }).count()).toBe(0);
      expect(await page.getByRole('checkbox').count()).toBe(0);
      for (const hidden of ['Last communication', 'Scheduled', 'Geo zone', 'Days outside geo zone', 'Client']) {
        expect(await page.getByRole('columnheader', { name: hidden, exact: true }).count()).toBe(0);
      }
      await page.waitForLoadState('networkidle');
      await screenshot(page, `assets-client-${viewport === PHONE ? 'phone' : 'desktop'}`);
      await page.close();
    }
  });
});
