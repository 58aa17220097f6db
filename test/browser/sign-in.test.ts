import type { Browser } from 'playwright-core';
import { DEMO_PASSWORD } from '../harness/api';
import { consoleUrl, DESKTOP, launchBrowser, PHONE, screenshot, waitForScreen } from '../harness/browser';

describe('signing in to the console against the local stack', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows the wrong-credentials message from the API', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(consoleUrl('/'));
    await waitForScreen(page, /\/sign-in$/);
    await page.getByLabel(/username or e-mail/i).fill('admin');
    await page.getByLabel(/^password/i).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByText('User not found or wrong password').first().waitFor();
    await screenshot(page, 'sign-in-wrong-password');
    await page.close();
  });

  it('signs an admin in and lands in the shell on /users with the admin menu', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(consoleUrl('/sign-in'));
    await page.getByLabel(/username or e-mail/i).fill('admin@demo.local');
    await page.getByLabel(/^password/i).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await waitForScreen(page, /\/users$/);
    for (const entry of ['Assets', 'Users', 'Styling']) {
      await page.getByRole('link', { name: entry, exact: true }).first().waitFor();
    }
    // Tenants is for super admins only (spec 001 s.2).
    expect(await page.getByRole('link', { name: 'Tenants', exact: true }).count()).toBe(0);
    await page.getByRole('heading', { name: 'Users' }).first().waitFor();
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'shell-admin-desktop');
    // The session survives a reload (local storage + refresh).
    await page.reload();
    await waitForScreen(page, /\/users$/);
    await page.getByRole('link', { name: 'Users', exact: true }).first().waitFor();
    await page.close();
  });

  it('sends a client user to /assets with only the client’s menu, on a phone', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await page.goto(consoleUrl('/sign-in'));
    await page.getByRole('button', { name: 'Sign in', exact: true }).last().waitFor();
    await screenshot(page, 'sign-in-phone');
    await page.getByLabel(/username or e-mail/i).fill('client');
    await page.getByLabel(/^password/i).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await waitForScreen(page, /\/assets$/);
    await page.goto(consoleUrl('/users'));
    await waitForScreen(page, /\/assets$/);
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'shell-client-phone');
    await page.close();
  });
});
