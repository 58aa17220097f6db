import type { Browser, Page } from 'playwright-core';
import { call, DEMO_PASSWORD } from '../harness/api';
import { consoleUrl, DESKTOP, launchBrowser, screenshot, signInAs } from '../harness/browser';
import { createTestUser } from '../harness/test-users';

/**
 * Session security in the console: one's own password needs the current one, the console stays signed in after it
 * (the server ended every session, so it signs in again), and Sign out revokes the refresh token.
 */
const NEW_PASSWORD = 'Browser-Changed-2026!';
const drawer = (page: Page) => page.locator('.MuiDrawer-paper').last();
/** The page's stored session (web/src/session/sessionPersistence.ts), read inside the page. */
type Storages = Record<'localStorage' | 'sessionStorage', { getItem(key: string): string | null }>;
const storedRefreshToken = (page: Page) =>
  page.evaluate(() => {
    const { localStorage, sessionStorage } = globalThis as unknown as Storages;
    const raw = localStorage.getItem('session') ?? sessionStorage.getItem('session');
    return raw ? (JSON.parse(raw) as { refresh_token: string }).refresh_token : '';
  });
const refreshStatus = async (refreshToken: string) =>
  (await call('POST', '/user/verify', { body: { refresh_token: refreshToken } })).status;

describe('session security in the console', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('asks for the current password to change one own password, and stays signed in afterwards', async () => {
    const user = await createTestUser({ password: DEMO_PASSWORD });
    const page = await browser.newPage({ viewport: DESKTOP });
    await signInAs(page, user.username);
    const before = await storedRefreshToken(page);
    await page.goto(consoleUrl('/preferences'));
    await drawer(page).getByText('Preferences').waitFor();
    await drawer(page)
      .getByLabel(/change password/i)
      .fill(NEW_PASSWORD);
    await drawer(page)
      .getByLabel(/current password/i)
      .fill('Not-The-Password-1!');
    await page.getByRole('button', { name: 'Save' }).click();
    await drawer(page).getByText('The current password is not correct').waitFor();
    await screenshot(page, 'preferences-wrong-current-password');
    await drawer(page)
      .getByLabel(/current password/i)
      .fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Preferences saved').waitFor();
    await page.waitForFunction((old) => {
      const { localStorage, sessionStorage } = globalThis as unknown as Storages;
      const raw = localStorage.getItem('session') ?? sessionStorage.getItem('session');
      return raw !== null && (JSON.parse(raw) as { refresh_token: string }).refresh_token !== old;
    }, before);
    expect(await refreshStatus(before)).toBe(401);
    expect(await refreshStatus(await storedRefreshToken(page))).toBe(200);
    await page.close();
  });

  it('revokes the refresh token on Sign out', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await signInAs(page, 'user');
    const refreshToken = await storedRefreshToken(page);
    const revoked = page.waitForResponse((r) => r.url().endsWith('/user/sign-out') && r.status() === 204);
    await page.getByRole('button', { name: 'Open the user menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await revoked;
    expect(await refreshStatus(refreshToken)).toBe(401);
    await page.close();
  });
});
