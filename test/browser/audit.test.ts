import type { Browser, Page } from 'playwright-core';
import { call, tokenOf } from '../harness/api';
import {
  consoleUrl,
  DESKTOP,
  goToScreen,
  launchBrowser,
  PHONE,
  screenshot,
  signInAs,
  waitForScreen,
} from '../harness/browser';
import { waitUntil } from '../harness/wait';

/**
 * The audit screen: an administrator renames an asset through the API, finds the change at /audit, narrows the
 * log to that asset in the filter drawer (the type and id together), opens the entry's panel with the old and
 * the new name, and reloads its address (an entry's id holds ':' and '#', escaped in the path); the asset's panel
 * links to its own history. Client users and plain users neither see the screen in the menu nor reach it by its
 * address. Desktop and phone widths.
 */
const drawer = (page: Page) => page.locator('.MuiDrawer-paper:has(h2)').last();
/** The route ids the listed rows show under their label, top to bottom. */
const listedActions = (page: Page) => page.locator('main tbody tr td:nth-child(3) code').allTextContents();

describe('audit log in the console', () => {
  let browser: Browser;
  let assetId: number;
  const stamp = Date.now();
  const oldName = `Audit reel ${stamp}`;
  const newName = `Audit reel ${stamp} renamed`;

  beforeAll(async () => {
    browser = await launchBrowser();
    const admin = await tokenOf('admin');
    const created = await call<{ id: number; version: number }>('POST', '/api/assets', {
      token: admin,
      body: { name: oldName },
    });
    expect(created.status).toBe(201);
    assetId = created.body.id;
    const renamed = await call('PUT', `/api/assets/${assetId}`, {
      token: admin,
      body: { name: newName, version: created.body.version },
    });
    expect(renamed.status).toBe(200);
  });
  afterAll(async () => {
    await call('DELETE', `/api/assets/${assetId}`, { token: await tokenOf('admin') });
    await browser?.close();
  });

  /** The list narrowed to the asset: exactly its rename and its creation, newest first. */
  const onlyTheAsset = (page: Page) =>
    waitUntil(
      "the asset's history only",
      () => listedActions(page),
      (actions) => actions.join() === 'assets.update,assets.create',
    );

  it('finds a rename, filters by the asset and shows the old and new name in the panel', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await signInAs(page, 'admin');
    await page.getByRole('link', { name: 'Audit log' }).click();
    await waitForScreen(page, /\/audit$/);
    // Newest first: the rename is near the top, above the asset's creation.
    const renameRow = page
      .locator('main tbody tr')
      .filter({ hasText: 'assets.update' })
      .filter({ has: page.getByRole('link', { name: `Assets ${assetId}`, exact: true }) });
    await renameRow.waitFor({ timeout: 90_000 });
    expect(await renameRow.textContent()).toContain('Changed · Assets');
    await screenshot(page, 'audit-list-desktop');

    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    // The id alone is refused on the type's field, in the console's words.
    await drawer(page).getByLabel('Entity ID').fill(String(assetId));
    await drawer(page).getByRole('button', { name: 'Filter', exact: true }).click();
    await drawer(page).getByText('Give both the entity type and the entity ID, or neither.').waitFor();
    await drawer(page).getByLabel('Entity type').selectOption('assets');
    await screenshot(page, 'audit-filter-desktop');
    await drawer(page).getByRole('button', { name: 'Filter', exact: true }).click();
    await waitForScreen(
      page,
      (url) => url.pathname === '/audit' && url.search === `?entityType=assets&entityId=${assetId}`,
    );
    await onlyTheAsset(page);

    await page.locator('main tbody tr').first().click();
    await waitForScreen(page, (url) => /^\/audit\/[^/]+%23[^/]+$/.test(url.pathname));
    const nameRow = drawer(page).locator('[data-field="name"]');
    await nameRow.waitFor();
    expect(await nameRow.locator('[data-value="old"]').textContent()).toBe(oldName);
    expect(await nameRow.locator('[data-value="new"]').textContent()).toBe(newName);
    expect(await drawer(page).locator('h2').textContent()).toBe('Changed · Assets');
    await screenshot(page, 'audit-panel-desktop');

    // The panel's address, reloaded (a shared link): the entry is read again by the instant its id names.
    const address = new URL(page.url());
    await page.goto(consoleUrl(address.pathname + address.search));
    await drawer(page).locator('[data-field="name"] [data-value="new"]').getByText(newName).waitFor();
    await onlyTheAsset(page);

    // Closed, the list keeps its filter.
    await drawer(page).getByRole('button', { name: 'Close' }).first().click();
    await waitForScreen(
      page,
      (url) => url.pathname === '/audit' && url.search === `?entityType=assets&entityId=${assetId}`,
    );
    await page.close();
  });

  it("opens an asset's own history from its panel", async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await signInAs(page, 'admin');
    await goToScreen(page, `/assets/${assetId}`);
    await page.getByRole('link', { name: 'Change history' }).click();
    await waitForScreen(
      page,
      (url) => url.pathname === '/audit' && url.search === `?entityType=assets&entityId=${assetId}`,
    );
    await onlyTheAsset(page);
    await page.close();
  });

  it('works at phone width', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await signInAs(page, 'admin');
    await goToScreen(page, `/audit?entityType=assets&entityId=${assetId}`);
    await onlyTheAsset(page);
    await screenshot(page, 'audit-list-phone');
    await page.locator('main tbody tr').first().click();
    await drawer(page).locator('[data-field="name"]').waitFor();
    await screenshot(page, 'audit-panel-phone');
    await page.close();
  });

  it.each(['client', 'user'])('keeps the %s out: no menu entry, the address leads to the assets', async (login) => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await signInAs(page, login);
    expect(await page.locator('nav a[href="/audit"]').count()).toBe(0);
    await goToScreen(page, '/audit');
    await waitForScreen(page, /\/assets$/);
    await page.close();
  });
});
