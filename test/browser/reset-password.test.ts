import type { Browser } from 'playwright-core';
import { DEMO_PASSWORD } from '../harness/api';
import { consoleUrl, DESKTOP, launchBrowser, PHONE, screenshot, waitForScreen } from '../harness/browser';
import { resetCodeIn, waitForMail, wrongCodeFor } from '../harness/mail';
import { createTestUser } from '../harness/test-users';

const NEW_PASSWORD = 'Browser-Reset-2026!';

describe('resetting a password in the console', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('requests a code, sets a new password with it and signs in (desktop)', async () => {
    const user = await createTestUser({ password: DEMO_PASSWORD });
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(consoleUrl('/sign-in'));
    await page.getByRole('link', { name: /forgot your password/i }).click();
    await waitForScreen(page, /\/reset-password$/);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByText('Email is required').waitFor();
    await screenshot(page, 'reset-password-request-desktop');
    await page.getByLabel(/^email/i).fill(user.email);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByText(`An email is send to ${user.email}`).waitFor();
    await page.getByRole('link', { name: 'Back to login' }).waitFor();

    const code = resetCodeIn((await waitForMail(user.email)).text);
    await page.getByLabel(/^code/i).fill(wrongCodeFor(code));
    await page.getByLabel(/^new password/i).fill(NEW_PASSWORD);
    await page.getByLabel(/^repeat new password/i).fill('something else');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText('The passwords do not match').waitFor();
    await page.getByLabel(/^repeat new password/i).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText('The code is not correct').waitFor();
    await screenshot(page, 'reset-password-confirm-desktop');

    await page.getByLabel(/^code/i).fill(code);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText('Your password has been changed').waitFor();
    await screenshot(page, 'reset-password-done-desktop');

    await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
    await waitForScreen(page, /\/sign-in$/);
    await page.getByLabel(/username or e-mail/i).fill(user.email);
    await page.getByLabel(/^password/i).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await waitForScreen(page, /\/assets$/);
    await page.close();
  });

  it('fits a phone, in Dutch', async () => {
    const user = await createTestUser({ password: DEMO_PASSWORD });
    const page = await browser.newPage({ viewport: PHONE, locale: 'nl-NL' });
    await page.addInitScript(() => localStorage.setItem('language', 'nl'));
    await page.goto(consoleUrl('/reset-password'));
    await page.getByRole('button', { name: 'Wachtwoord herstellen' }).waitFor();
    await screenshot(page, 'reset-password-request-phone');
    await page.getByLabel(/^e-mail/i).fill(user.email);
    await page.getByRole('button', { name: 'Wachtwoord herstellen' }).click();
    await page.getByText(`Er is een e-mail verstuurd naar ${user.email}`).waitFor();
    expect((await waitForMail(user.email)).subject).toBe('Je code om je wachtwoord te herstellen');
    await screenshot(page, 'reset-password-confirm-phone');
    await page.close();
  });
});
