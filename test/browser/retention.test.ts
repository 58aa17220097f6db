import type { Browser, Page } from 'playwright-core';
import { DEFAULT_RETENTION, RETENTION_BOUNDS } from '../../shared/schemas/retention';
import { call, DEMO_PASSWORD } from '../harness/api';
import { consoleUrl, DESKTOP, launchBrowser, PHONE, screenshot, waitForScreen } from '../harness/browser';
import { createOwnTenant, type OwnTenant, removeOwnTenant } from '../harness/own-tenant';

/**
 * The Data retention screen: an administrator of a tenant of this file's own reads the product's periods, is told
 * on the field when a period is out of bounds, saves one within them (kept on reload), and is told when another
 * administrator saved in between (the form then shows the other's periods). Desktop and phone.
 */
async function signIn(page: Page, login: string) {
  await page.goto(consoleUrl('/sign-in'));
  await page.getByLabel(/username or e-mail/i).fill(login);
  await page.getByLabel(/^password/i).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await waitForScreen(page, (url) => url.pathname !== '/sign-in' && url.pathname !== '/');
}

const field = (page: Page, label: string) => page.getByRole('spinbutton', { name: label });

describe('data retention screen', () => {
  let browser: Browser;
  let tenant: OwnTenant;

  beforeAll(async () => {
    browser = await launchBrowser();
    tenant = await createOwnTenant('Retention console');
  });
  afterAll(async () => {
    await browser?.close();
    await removeOwnTenant(tenant);
  });

  it('shows the periods, refuses one out of bounds on its field, saves one within them (desktop)', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await signIn(page, tenant.adminLogin);
    await page.getByRole('navigation').getByRole('link', { name: 'Data retention' }).click();
    await waitForScreen(page, /\/retention$/);
    const events = field(page, 'Located events');
    await events.waitFor();
    expect(await events.inputValue()).toBe(String(DEFAULT_RETENTION.locatedEventDays));

    const { min, max } = RETENTION_BOUNDS.locatedEventDays;
    await events.fill(String(min - 1));
    await page.getByRole('button', { name: 'Save retention periods' }).click();
    await page.getByText(`Must be a whole number from ${min} to ${max}`).waitFor();
    await screenshot(page, 'retention-refused-desktop');

    await events.fill('400');
    await page.getByRole('button', { name: 'Save retention periods' }).click();
    await page.getByText('Retention periods saved.').waitFor();
    await page.reload();
    await field(page, 'Located events').waitFor();
    expect(await field(page, 'Located events').inputValue()).toBe('400');
    await screenshot(page, 'retention-desktop');
    await page.close();
  });

  it('says so when another administrator saved in between, and shows their periods (phone)', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await signIn(page, tenant.adminLogin);
    await page.goto(consoleUrl('/retention'));
    const audit = field(page, 'Audit log');
    await audit.waitFor();
    const current = await call<{ version: number }>('GET', '/api/retention-settings', tenant.superAdmin);
    const other = await call('PUT', '/api/retention-settings', {
      ...tenant.superAdmin,
      body: { ...current.body, auditEntryDays: 500 },
    });
    expect(other.status).toBe(200);
    await audit.fill('200');
    await page.getByRole('button', { name: 'Save retention periods' }).click();
    const notice = page.getByRole('alert').filter({ hasText: /someone else/i });
    await notice.first().waitFor();
    // A string: this project's Node typings have no DOM.
    await page.waitForFunction(`document.querySelector('input[name="auditEntryDays"]')?.value === '500'`);
    // Said once: by the form, not again by the query client's own notice.
    expect(await notice.count()).toBe(1);
    await screenshot(page, 'retention-conflict-phone');
    await page.close();
  });
});
