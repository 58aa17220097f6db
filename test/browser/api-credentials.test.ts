import type { Browser } from 'playwright-core';
import { DESKTOP, launchBrowser, PHONE, screenshot, signInAs } from '../harness/browser';
import { readStack } from '../harness/stack';

describe('API credentials screen', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('creates a credential, shows the secret once, and revokes it after confirmation', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await signInAs(page, 'admin', '/api');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The name is required').waitFor();
    await page.getByLabel(/^name/i).fill('Browser ERP link');
    await page.getByRole('button', { name: 'Save' }).click();
    const secretField = page.getByRole('textbox', { name: 'Client secret' });
    await secretField.waitFor();
    const secret = await secretField.inputValue();
    const clientId = await page.getByRole('textbox', { name: 'Client id' }).inputValue();
    expect(secret.length).toBeGreaterThanOrEqual(43);
    await page.getByText('Browser ERP link').last().waitFor();
    await screenshot(page, 'api-credentials-created-desktop');

    // The secret works at the token endpoint.
    const issued = await fetch(`${readStack().apiUrl}/api/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId, client_secret: secret }),
    });
    expect(issued.status).toBe(200);

    // After Done the secret is gone for good.
    await page.getByRole('button', { name: 'Done' }).click();
    expect(await page.getByRole('textbox', { name: 'Client secret' }).count()).toBe(0);
    await page.reload();
    await page.getByText(clientId).waitFor();
    expect(await page.content()).not.toContain(secret);

    await page.getByRole('button', { name: 'Revoke Browser ERP link' }).click();
    await page.getByText(/Revoke Browser ERP link\?/).waitFor();
    await screenshot(page, 'api-credentials-revoke-desktop');
    await page.getByRole('button', { name: 'Yes' }).click();
    await page.getByText('The API credential is revoked').waitFor();
    await page.getByText(clientId).waitFor({ state: 'detached' });
    await page.close();
  });

  it('works on a phone', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await signInAs(page, 'acme-admin', '/api');
    await page.getByLabel(/^name/i).fill('Phone check');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('textbox', { name: 'Client secret' }).waitFor();
    await screenshot(page, 'api-credentials-created-phone');
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByText('Phone check').waitFor();
    await screenshot(page, 'api-credentials-list-phone');
    await page.close();
  });
});
