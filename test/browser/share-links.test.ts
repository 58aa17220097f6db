import type { Browser, BrowserContext, Page } from 'playwright-core';
import { LANGUAGE_STORAGE_KEY } from '../../web/src/i18n/languages';
import { call, tokenOf } from '../harness/api';
import { axeViolations, serious } from '../harness/axe';
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

/**
 * Share links (docs/decisions/0322-share-links-that-expire-for-people-without-an-account.md): staff make a link
 * from an asset's panel; someone without a session opens it and sees the map and the asset in the link's
 * language; staff revoke it; the reloaded page says the link has ended.
 */
type Member = { id: number; name: string; last_event: { latitude: number | null } | null };

async function positionedAsset(): Promise<Member> {
  const assets = await call<{ 'hydra:member': Member[] }>('GET', '/api/assets?itemsPerPage=100', {
    token: await tokenOf('admin'),
  });
  const found = assets.body['hydra:member'].find((asset) => asset.last_event?.latitude != null);
  if (!found) throw new Error('the demo seed has no asset with a position');
  return found;
}

/** Makes a link from the asset's panel, in Dutch; answers the address the dialog shows once. */
async function makeLink(page: Page, asset: Member): Promise<string> {
  await signInAs(page, 'admin', `/assets/${asset.id}`);
  await page.getByTestId('share-link-open').click();
  await page.getByRole('combobox', { name: 'Language of the page' }).click();
  await page.getByRole('option', { name: 'Dutch' }).click();
  await screenshot(page, 'share-links-form-desktop');
  expect(serious(await axeViolations(page, { include: '[role="dialog"]' }))).toEqual([]);
  await page.getByRole('button', { name: 'Create link' }).click();
  await page.getByTestId('share-link-shown').waitFor();
  await screenshot(page, 'share-links-dialog-desktop');
  const url = await page.getByRole('textbox', { name: 'Link' }).inputValue();
  expect(url).toMatch(/\/shared\/[A-Za-z0-9_-]{43}$/);
  await page.getByRole('button', { name: 'Done' }).click();
  return url;
}

async function openShared(context: BrowserContext, url: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(url);
  await waitForScreen(page, (at) => at.pathname.startsWith('/shared/'));
  return page;
}

describe('share links', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows a shared asset to someone without a session until the link is revoked', async () => {
    const asset = await positionedAsset();
    const staff = await browser.newPage({ viewport: DESKTOP });
    const url = await makeLink(staff, asset);
    expect(new URL(url).origin).toBe(new URL(consoleUrl()).origin);

    // A fresh context: no session, no stored language.
    const stranger = await browser.newContext({ viewport: DESKTOP });
    const shared = await openShared(stranger, url);
    await shared.getByTestId('shared-asset').filter({ hasText: asset.name }).waitFor();
    await shared.locator('[data-testid="shared-map"][data-rendered-points="1"]').waitFor();
    await shared.getByText(/Laatste positie/).waitFor();
    // The link's language is this page's only: the browser's console keeps the language chosen in it.
    expect(await shared.evaluate((key) => localStorage.getItem(key), LANGUAGE_STORAGE_KEY)).toBeNull();
    expect(await shared.locator('nav, [role="navigation"]').count()).toBe(0);
    await screenshot(shared, 'share-links-shared-desktop');
    expect(serious(await axeViolations(shared))).toEqual([]);

    const phone = await browser.newContext({ viewport: PHONE });
    const onPhone = await openShared(phone, url);
    await onPhone.locator('[data-testid="shared-map"][data-rendered-points="1"]').waitFor();
    await screenshot(onPhone, 'share-links-shared-phone');
    expect(serious(await axeViolations(onPhone))).toEqual([]);
    expect(await onPhone.evaluate('document.documentElement.scrollWidth > window.innerWidth')).toBe(false);
    await phone.close();

    await goToScreen(staff, '/share-links');
    const revoke = staff.getByRole('button', { name: `Revoke the link to ${asset.name}` }).first();
    await revoke.waitFor();
    await screenshot(staff, 'share-links-list-desktop');
    expect(serious(await axeViolations(staff))).toEqual([]);
    await revoke.click();
    await staff.getByRole('button', { name: 'Yes' }).click();
    await staff.getByText('Share link revoked').waitFor();

    await shared.reload();
    await shared.getByTestId('shared-ended').waitFor();
    // An ended link tells nothing, its language neither: the page speaks the browser's own (English here).
    await shared.getByText('This link has expired or was revoked').waitFor();
    await screenshot(shared, 'share-links-ended-desktop');
    expect(serious(await axeViolations(shared))).toEqual([]);
    await stranger.close();
    await staff.close();
  });

  it('shares a customer’s assets from the customer panel, on a phone', async () => {
    const admin = await tokenOf('admin');
    const customers = await call<{ 'hydra:member': { id: number; company: string | null; name: string }[] }>(
      'GET',
      '/api/clients?itemsPerPage=1',
      { token: admin },
    );
    const customer = customers.body['hydra:member'][0];
    if (!customer) throw new Error('the demo seed has no customer');
    const page = await browser.newPage({ viewport: PHONE });
    await signInAs(page, 'admin', `/customers/${customer.id}`);
    await page.getByTestId('share-link-open').click();
    await page.getByRole('button', { name: 'Create link' }).waitFor();
    await screenshot(page, 'share-links-form-phone');
    expect(await page.getByText('Also show a past period').count()).toBe(0);
    await page.getByRole('button', { name: 'Create link' }).click();
    const url = await page.getByRole('textbox', { name: 'Link' }).inputValue();
    const stranger = await browser.newContext({ viewport: PHONE });
    const shared = await openShared(stranger, url);
    await shared.getByTestId('shared-asset').first().waitFor();
    await shared.locator('[data-testid="shared-map"][data-rendered-points]:not([data-rendered-points="0"])').waitFor();
    await screenshot(shared, 'share-links-customer-phone');
    await stranger.close();
    await page.close();
  });
});
