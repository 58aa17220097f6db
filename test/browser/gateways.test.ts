import type { Browser, Page } from 'playwright-core';
import { DESKTOP, launchBrowser, PHONE, screenshot, signInAs } from '../harness/browser';

/** The Gateways screen registers a gateway, shows its credentials once, and deletes it. */
const uniqueEui = () => `B827EBCC${Date.now().toString(16).slice(-8).toUpperCase().padStart(8, '0')}`;

async function registerThroughDialog(page: Page, name: string, eui: string) {
  await page.getByTestId('register-gateway').click();
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await page.getByText('The name is required').waitFor();
  await page.getByLabel(/^name/i).fill(name);
  await page.getByLabel(/^gateway eui/i).fill(eui);
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await page.getByTestId('gateway-credentials').waitFor();
}

describe('Gateways screen', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('registers a gateway, shows its key once, and deletes it after confirmation', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await signInAs(page, 'admin', '/gateways');
    await page.getByText('Depot gateway').waitFor();
    await screenshot(page, 'gateways-list-desktop');
    const eui = uniqueEui();
    await registerThroughDialog(page, 'Browser gateway', eui);
    await page.getByText(/shown only once/).waitFor();
    const key = await page.getByRole('textbox', { name: 'Private key' }).inputValue();
    expect(key).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    expect(await page.getByRole('textbox', { name: 'Client id' }).inputValue()).toBe(`gw-1-${eui}`);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download private key' }).click();
    expect((await download).suggestedFilename()).toBe(`gw-1-${eui}.private.key`);
    await screenshot(page, 'gateways-credentials-desktop');

    // After Done the key is gone for good.
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByTestId('gateway-credentials').waitFor({ state: 'detached' });
    await page.reload();
    await page.getByText(`gw-1-${eui}`, { exact: false }).waitFor();
    expect(await page.content()).not.toContain(key.split('\n')[1]);

    await page.getByRole('button', { name: 'Delete Browser gateway' }).click();
    await page.getByText(/Delete Browser gateway\?/).waitFor();
    await page.getByRole('button', { name: 'Yes' }).click();
    await page.getByText('The gateway is deleted').waitFor();
    await page.getByText(`gw-1-${eui}`, { exact: false }).waitFor({ state: 'detached' });
    await page.close();
  });

  it('works on a phone', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await signInAs(page, 'acme-admin', '/gateways');
    await page.getByText('Depot gateway').waitFor();
    await registerThroughDialog(page, 'Phone gateway', uniqueEui());
    await screenshot(page, 'gateways-credentials-phone');
    const overflow = await page.evaluate('document.documentElement.scrollWidth > window.innerWidth');
    expect(overflow).toBe(false);
    await page.close();
  });
});
