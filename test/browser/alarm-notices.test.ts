import type { Browser, Page } from 'playwright-core';
import { call } from '../harness/api';
import { DESKTOP, launchBrowser, screenshot, signInAs, waitForScreen } from '../harness/browser';
import { addTenantUser, createOwnTenant, type OwnTenant, removeOwnTenant } from '../harness/own-tenant';
import { waitFor } from '../harness/uplinks';

/**
 * The alarm notices screen (docs/decisions/0316-alarm-notices-per-user-held-repeated-and-escalated-by-one-due-job.md):
 * a user reaches it from the user menu, is told they follow the defaults, is refused quiet hours that start when
 * they end (the shared schema's message on the field), saves their own choice (kept on reload) and goes back to
 * the defaults; an administrator also sees the defaults per role and per rule, and the rule drawer's repeat and
 * escalation fields. Desktop and a 375-pixel phone, in a tenant of the file's own.
 */
const PHONE_375 = { width: 375, height: 812 };

describe('alarm notices screen', () => {
  let browser: Browser;
  let tenant: OwnTenant;
  let user: string;
  let rule: number;

  beforeAll(async () => {
    browser = await launchBrowser();
    tenant = await createOwnTenant('Alarm notices console');
    user = await addTenantUser(tenant, ['ROLE_USER']);
    const created = await call<{ id: number }>('POST', '/api/alarms', {
      ...tenant.superAdmin,
      body: {
        name: 'Reel left the yard',
        type: 1,
        text: 'Asset {asset_name} left.',
        repeat_every: 30,
        repeat_times: 3,
      },
    });
    expect(created.status).toBe(201);
    rule = created.body.id;
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await removeOwnTenant(tenant);
  });

  /** The screen says whose settings it shows: the user's own (true) or their role's defaults (false). */
  const ownState = (page: Page, own: boolean) =>
    page.locator(`[data-testid="alarm-notices-own"][data-own="${own}"]`).waitFor();

  it('saves a user their own choice and takes them back to the defaults (desktop)', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await signInAs(page, user, '/assets');
    await page.getByRole('button', { name: 'Open the user menu' }).click();
    await page.getByRole('menuitem', { name: 'My alarm notices' }).click();
    await waitForScreen(page, /\/alarm-notices$/);
    await ownState(page, false);
    await page.getByRole('radio', { name: 'Chosen rules' }).check();
    await page.getByRole('combobox', { name: 'Rules' }).click();
    await page.getByRole('option', { name: 'Reel left the yard' }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('checkbox', { name: 'E-mail' }).check();
    await page.getByLabel('Quiet hours').check();
    await page.getByRole('textbox', { name: 'From', exact: true }).fill('22:00');
    await page.getByRole('textbox', { name: 'Until', exact: true }).fill('22:00');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Quiet hours must not start and end at the same time').waitFor();
    await page.getByRole('textbox', { name: 'Until', exact: true }).fill('07:00');
    await page.getByRole('radio', { name: /Drop the notice/ }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await ownState(page, true);
    await screenshot(page, 'alarm-notices-desktop');

    await page.reload();
    await ownState(page, true);
    expect(await page.getByRole('textbox', { name: 'Until', exact: true }).inputValue()).toBe('07:00');
    expect(await page.getByRole('radio', { name: /Drop the notice/ }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Use the defaults' }).click();
    await ownState(page, false);
    expect(await page.getByRole('heading', { name: 'Defaults', exact: true }).count()).toBe(0);
    await page.close();
  });

  it('shows an administrator the defaults per role and per rule, and the rule drawer its repeats (phone)', async () => {
    const page = await browser.newPage({ viewport: PHONE_375 });
    await signInAs(page, tenant.adminLogin, '/alarm-notices');
    await ownState(page, false);
    await screenshot(page, 'alarm-notices-phone');
    await page.getByRole('heading', { name: 'Defaults', exact: true }).scrollIntoViewIfNeeded();
    await page.getByTestId('notice-default-ROLE_USER').getByRole('button', { name: /User/ }).click();
    await page.getByTestId('notice-default-ROLE_USER').getByRole('button', { name: 'Default for this role' }).click();
    await page.getByTestId('notice-form-ROLE_USER').getByRole('button', { name: 'Save' }).click();
    await page.getByText('Defaults saved').first().waitFor();
    await page.getByRole('checkbox', { name: 'Reel left the yard: Admin', exact: true }).check();
    await page.getByRole('button', { name: 'Save rule defaults' }).click();
    // The grid is drawn again from the saved defaults (its boxes replaced): wait until the new box is there, checked.
    const adminBox = page.getByRole('checkbox', { name: 'Reel left the yard: Admin', exact: true });
    await waitFor(
      () =>
        adminBox
          .scrollIntoViewIfNeeded({ timeout: 2_000 })
          .then(() => adminBox.isChecked({ timeout: 2_000 }))
          .catch(() => false),
      (checked) => checked,
    );
    await screenshot(page, 'alarm-notices-defaults-phone');
    const saved = await call<{ rules: { rule: number; roles: string[] }[]; roles: Record<string, unknown> }>(
      'GET',
      '/api/alarm-notices/defaults',
      tenant.superAdmin,
    );
    expect(saved.body.rules).toEqual([{ rule, roles: ['ROLE_ADMIN'] }]);
    expect(saved.body.roles.ROLE_USER).toMatchObject({ rules: 'all', channels: ['email'] });

    await page.goto(page.url().replace(/\/alarm-notices.*$/, `/alarm-rules/${rule}`));
    const followUp = page.getByTestId('alarm-follow-up');
    await followUp.waitFor();
    await page.waitForFunction(`document.querySelector('input[name="repeat_every"]')?.value === '30'`);
    await followUp.scrollIntoViewIfNeeded();
    await screenshot(page, 'alarm-rule-follow-up-phone');
    await page.close();
  });
});
