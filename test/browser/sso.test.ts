import type { Browser, Page } from 'playwright-core';
import { consoleUrl, DESKTOP, launchBrowser, PHONE, screenshot, waitForScreen } from '../harness/browser';
import { readStack } from '../harness/stack';

/**
 * Single sign-on in the browser: the sign-in page's Microsoft button, the local OIDC stand-in's sign-in page,
 * the /oauth callback screen and the console signed in (or the 'Access denied' notice back on the root).
 */
const ssoOrigin = () => `http://127.0.0.1:${readStack().ports.SSO_PORT}`;

async function openStandIn(page: Page) {
  await page.goto(consoleUrl('/sign-in'));
  await page.getByText('Sign in with Microsoft').click();
  await page.waitForURL((url) => url.origin === ssoOrigin() && url.pathname.startsWith('/interaction/'));
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
}

/** Holds GET /oauth until released, so the callback screen can be seen and photographed. */
async function holdExchange(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(`${readStack().apiUrl}/oauth?**`, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

async function submitEmail(page: Page, email: string) {
  await page.getByPlaceholder('Email').fill(email);
  await page.getByRole('button', { name: 'Next' }).click();
}

describe('single sign-on through the local OIDC stand-in', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('signs an admin in with their e-mail and keeps the session over a reload', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await openStandIn(page);
    await screenshot(page, 'sso-stand-in-desktop');
    const release = await holdExchange(page);
    await submitEmail(page, 'admin@demo.local');
    await page.waitForURL((url) => url.pathname === '/oauth' && url.searchParams.has('code'));
    await page.getByText('Signing you in…').waitFor();
    await screenshot(page, 'sso-callback-desktop');
    release();
    await waitForScreen(page, /\/users$/);
    await page.getByRole('link', { name: 'Users', exact: true }).first().waitFor();
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'sso-signed-in-desktop');
    await page.reload();
    await waitForScreen(page, /\/users$/);
    await page.getByRole('link', { name: 'Users', exact: true }).first().waitFor();
    // The identity provider asks for any second factor: Preferences offers no setup of ours.
    await page.goto(consoleUrl('/preferences'));
    await page
      .getByTestId('second-factor-status')
      .getByText(/single sign-on/)
      .waitFor();
    expect(await page.getByRole('button', { name: 'Set up two-step sign-in' }).count()).toBe(0);
    await context.close();
  });

  it('lands a client user on /assets, on a phone', async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await openStandIn(page);
    await screenshot(page, 'sso-stand-in-phone');
    const release = await holdExchange(page);
    await submitEmail(page, 'client@demo.local');
    await page.getByText('Signing you in…').waitFor();
    await screenshot(page, 'sso-callback-phone');
    release();
    await waitForScreen(page, /\/assets$/);
    await context.close();
  });

  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ])('shows Access denied for an unknown e-mail and returns to the root (%s)', async (name, viewport) => {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await openStandIn(page);
    await submitEmail(page, 'nobody@nowhere.example');
    await page.getByText('Access denied').waitFor();
    // The root sends a visitor on to the sign-in screen.
    await waitForScreen(page, /\/sign-in$/);
    // One notice, although strict mode runs the callback's effect twice.
    expect(await page.getByText('Access denied').count()).toBe(1);
    expect(await page.evaluate(() => localStorage.getItem('session'))).toBeNull();
    await page.getByText('Sign in with Microsoft').waitFor();
    await screenshot(page, `sso-access-denied-${name}`);
    await context.close();
  });

  it('shows Access denied for a forged callback', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await page.goto(consoleUrl('/oauth?code=forged&state=forged&session_state=x'));
    await page.getByText('Access denied').waitFor();
    await waitForScreen(page, /\/sign-in$/);
    await context.close();
  });
});
