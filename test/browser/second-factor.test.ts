import type { Browser, Page } from 'playwright-core';
import { call, DEMO_PASSWORD } from '../harness/api';
import { consoleUrl, DESKTOP, launchBrowser, PHONE, screenshot, waitForScreen } from '../harness/browser';
import { addTenantUser, createOwnTenant, type OwnTenant, removeOwnTenant } from '../harness/own-tenant';
import { FreshCodes, setUpSecondFactor, signInWith } from '../harness/second-factor';

/**
 * Two-step sign-in in the console: a user sets it up in Preferences (password again, the QR code and its key, the
 * app's first code, the recovery codes shown once), then signs in with the app's code; on a phone, a user whose
 * role the tenant requires it of is walked through the setup at sign-in; a user whose phone is gone turns it off
 * with a recovery code. The codes are computed from the key the screen shows, as an authenticator app would.
 */
const codes = new FreshCodes();

async function fillSignIn(page: Page, login: string) {
  await page.goto(consoleUrl('/sign-in'));
  await page.getByLabel(/username or e-mail/i).fill(login);
  await page.getByLabel(/^password/i).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** The key as the screen shows it, in groups of four. */
const shownKey = async (page: Page) =>
  ((await page.getByTestId('second-factor-key').textContent()) ?? '').replace(/\s/g, '');

describe('two-step sign-in in the console', () => {
  let browser: Browser;
  let tenant: OwnTenant;

  beforeAll(async () => {
    browser = await launchBrowser();
    tenant = await createOwnTenant('Two-step console');
  });
  afterAll(async () => {
    await browser?.close();
    await removeOwnTenant(tenant);
  });

  it('sets it up in Preferences and then asks the app’s code at sign-in (desktop)', async () => {
    const login = await addTenantUser(tenant, ['ROLE_ADMIN']);
    const page = await browser.newPage({ viewport: DESKTOP });
    await fillSignIn(page, login);
    await waitForScreen(page, (url) => url.pathname !== '/sign-in' && url.pathname !== '/');
    await page.goto(consoleUrl('/preferences'));
    await page.getByRole('button', { name: 'Set up two-step sign-in' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/your password/i).fill(DEMO_PASSWORD);
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await page.getByTestId('second-factor-qr').waitFor();
    await screenshot(page, 'second-factor-setup-desktop');
    const secret = await shownKey(page);
    await dialog.getByLabel(/code from the app/i).fill(await codes.of(secret));
    await dialog.getByRole('button', { name: 'Turn on' }).click();
    await dialog.getByRole('list', { name: 'Your recovery codes' }).waitFor();
    expect(await dialog.getByRole('listitem').count()).toBe(10);
    await screenshot(page, 'second-factor-recovery-codes-desktop');
    expect(await dialog.getByRole('listitem').first().textContent()).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    await dialog.getByRole('button', { name: 'I have saved them' }).click();
    await page.getByTestId('second-factor-status').filter({ hasText: /^On:/ }).waitFor();

    const next = await browser.newPage({ viewport: DESKTOP });
    await fillSignIn(next, login);
    await next.getByText('Enter the 6-digit code from your authenticator app.').waitFor();
    await screenshot(next, 'second-factor-code-desktop');
    await next.getByLabel(/code from the app/i).fill('000000');
    await next.getByRole('button', { name: 'Verify' }).click();
    await next.getByText('The code is not correct, or no longer valid').waitFor();
    await next.getByLabel(/code from the app/i).fill(await codes.of(secret));
    await next.getByRole('button', { name: 'Verify' }).click();
    await waitForScreen(next, (url) => url.pathname !== '/sign-in' && url.pathname !== '/');
    await page.close();
    await next.close();
  });

  it('walks a user whose role requires it through the setup at sign-in (phone)', async () => {
    const admin = await addTenantUser(tenant, ['ROLE_ADMIN']);
    const adminToken = (await signInWith(admin)).body.token as string;
    const saved = await call('PUT', '/api/second-factor-settings', {
      token: adminToken,
      body: { required_roles: ['ROLE_USER'], version: null },
    });
    expect(saved.status).toBe(200);
    const login = await addTenantUser(tenant, ['ROLE_USER']);
    const page = await browser.newPage({ viewport: PHONE });
    await fillSignIn(page, login);
    await page.getByText('Your organisation asks for two-step sign-in.', { exact: false }).waitFor();
    await page.getByTestId('second-factor-qr').waitFor();
    await screenshot(page, 'second-factor-required-setup-phone');
    await page.getByLabel(/code from the app/i).fill(await codes.of(await shownKey(page)));
    await page.getByRole('button', { name: 'Turn on' }).click();
    await page.getByRole('list', { name: 'Your recovery codes' }).waitFor();
    await screenshot(page, 'second-factor-required-codes-phone');
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await waitForScreen(page, (url) => url.pathname !== '/sign-in' && url.pathname !== '/');
    await page.close();
  });

  it('lets an administrator choose the roles that must use it and reset a user’s lost device', async () => {
    const admin = await addTenantUser(tenant, ['ROLE_ADMIN']);
    const lost = await addTenantUser(tenant, ['ROLE_ADMIN']);
    const page = await browser.newPage({ viewport: DESKTOP });
    await fillSignIn(page, admin);
    await waitForScreen(page, (url) => url.pathname !== '/sign-in' && url.pathname !== '/');
    await page.goto(consoleUrl('/permissions'));
    const policy = page.getByRole('region', { name: 'Two-step sign-in' });
    await policy.getByRole('checkbox', { name: 'User', exact: true }).waitFor();
    // The earlier test required it of ROLE_USER: the box is ticked, and super admins are not this admin's to tick.
    expect(await policy.getByRole('checkbox', { name: 'User', exact: true }).isChecked()).toBe(true);
    expect(await policy.getByRole('checkbox', { name: 'Super admin' }).isDisabled()).toBe(true);
    await policy.scrollIntoViewIfNeeded();
    await screenshot(page, 'second-factor-policy-desktop');
    await page.goto(consoleUrl('/users'));
    await page.getByRole('cell', { name: lost, exact: true }).click();
    await page.getByRole('button', { name: 'Reset two-step sign-in' }).click();
    await page.getByRole('button', { name: 'Yes' }).click();
    await page.getByText(/Second factor of .* reset; they were mailed/).waitFor();
    await page.close();
  });

  it('turns my own off with a recovery code when the phone is gone (phone)', async () => {
    const login = await addTenantUser(tenant, ['ROLE_ADMIN']);
    const page = await browser.newPage({ viewport: PHONE });
    await fillSignIn(page, login);
    await waitForScreen(page, (url) => url.pathname !== '/sign-in' && url.pathname !== '/');
    // Set up from another device (the API, as Preferences does): this session stays signed in.
    const { recoveryCodes } = await setUpSecondFactor((await signInWith(login)).body.token as string, codes);
    await page.goto(consoleUrl('/preferences'));
    await page.getByTestId('second-factor-status').filter({ hasText: /^On:/ }).waitFor();
    await page.getByRole('button', { name: 'Turn off', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/your password/i).fill(DEMO_PASSWORD);
    await dialog.getByRole('button', { name: 'Lost your device? Use a recovery code' }).click();
    await dialog.getByLabel(/recovery code/i).fill('AAAAA-AAAAA');
    await dialog.getByRole('button', { name: 'Turn off', exact: true }).click();
    await dialog.getByText('This recovery code is not correct or was already used').waitFor();
    await screenshot(page, 'second-factor-turn-off-phone');
    await dialog.getByLabel(/recovery code/i).fill(recoveryCodes[0] as string);
    await dialog.getByRole('button', { name: 'Turn off', exact: true }).click();
    await page.getByText('Two-step sign-in is off').first().waitFor();
    await page.getByTestId('second-factor-status').filter({ hasText: /^Off:/ }).waitFor();
    await page.close();
  });
});
