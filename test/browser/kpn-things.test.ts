import type { Browser, Page } from 'playwright-core';
import { KPN_DEMO } from '../../scripts/local/kpn-things';
import { DESKTOP, launchBrowser, PHONE, screenshot, signInAs } from '../harness/browser';

const LABELS: Record<keyof typeof KPN_DEMO, RegExp> = {
  client_id: /^Client ID/,
  client_secret: /^Client Secret/,
  kpn_tenant_id: /^KPN Tenant id/,
  application_id: /^Application ID/,
  project_id: /^Project ID/,
  device_group_id: /^Device group ID/,
};

async function fill(page: Page, values: Partial<Record<keyof typeof KPN_DEMO, string>>) {
  for (const [field, value] of Object.entries(values))
    await page.getByLabel(LABELS[field as keyof typeof KPN_DEMO]).fill(value);
}

describe('KPN Things screen', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('validates, verifies, saves and keeps the secret hidden', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await signInAs(page, 'admin', '/kpnthings');
    await page.getByRole('heading', { name: 'KPN Things', level: 1 }).waitFor();
    expect(await page.getByRole('navigation', { name: /breadcrumb/i }).count()).toBe(0);
    expect(await page.getByText('Counts').count()).toBe(0); // super admins only

    await page.getByRole('button', { name: 'Save' }).click();
    for (const message of [
      'The Client ID is required',
      'The Client Secret is required',
      'The KPN Tenant id is required',
      'The Application ID is required',
      'The Project ID is required',
      'The Device group ID is required',
    ])
      await page.getByText(message).waitFor();
    await screenshot(page, 'kpn-things-required-desktop');

    await fill(page, { ...KPN_DEMO, client_secret: 'wrong-secret' });
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('KPN Things did not accept these settings').waitFor();
    await screenshot(page, 'kpn-things-verify-failed-desktop');

    await fill(page, { client_secret: KPN_DEMO.client_secret });
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('The connection to KPN Things works.').waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The KPN Things settings are saved').waitFor();
    await screenshot(page, 'kpn-things-saved-desktop');

    await page.reload();
    await page.getByText('A secret is saved. Leave this empty to keep it.').waitFor();
    expect(await page.getByLabel(LABELS.client_id).inputValue()).toBe(KPN_DEMO.client_id);
    expect(await page.getByLabel(LABELS.client_secret).inputValue()).toBe('');
    expect(await page.content()).not.toContain(KPN_DEMO.client_secret);
    // Verify with the stored secret (the field stays empty).
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('The connection to KPN Things works.').waitFor();
    await page.close();
  });

  it('sets up the HTTPS destination: plug UUID and a shared secret KPN would accept, kept hidden', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await signInAs(page, 'acme-admin', '/kpnthings');
    await page.getByRole('heading', { name: 'HTTPS destination (uplinks from KPN Things)' }).waitFor();
    await fill(page, KPN_DEMO);
    await page.getByLabel(/^Plug UUID/).fill('1b7e0c2a-4f3d-4e21-9c8b-5a6d7e8f9a0b');
    await page.getByLabel(/^Shared secret/).fill('too-weak');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The shared secret needs at least 32 characters').waitFor();
    await screenshot(page, 'kpn-things-destination-weak-desktop');
    const secret = 'Acme-Things-Shared-Secret-2026-#01';
    await page.getByLabel(/^Shared secret/).fill(secret);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The KPN Things settings are saved').waitFor();
    await page.reload();
    await page.getByText('/api/things/uplink', { exact: false }).waitFor();
    expect(await page.getByLabel(/^Plug UUID/).inputValue()).toBe('1b7e0c2a-4f3d-4e21-9c8b-5a6d7e8f9a0b');
    expect(await page.getByLabel(/^Shared secret/).inputValue()).toBe('');
    expect(await page.getByText('A secret is saved. Leave this empty to keep it.').count()).toBe(2);
    expect(await page.content()).not.toContain(secret);
    await screenshot(page, 'kpn-things-destination-desktop');
    await page.setViewportSize(PHONE);
    await page.getByLabel(/^Plug UUID/).scrollIntoViewIfNeeded();
    await screenshot(page, 'kpn-things-destination-phone');
    await page.close();
  });

  it('shows the device count to a super admin, also on a phone', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await signInAs(page, 'superadmin', '/kpnthings');
    await page.getByText('Counts').waitFor();
    await page.getByText('Number of devices: 137').waitFor();
    await screenshot(page, 'kpn-things-phone');
    await page.getByText('Number of devices: 137').scrollIntoViewIfNeeded();
    await screenshot(page, 'kpn-things-count-phone');
    await page.setViewportSize(DESKTOP);
    await page.evaluate('window.scrollTo(0, 0)');
    await screenshot(page, 'kpn-things-superadmin-desktop');
    await page.close();
  });

  it('makes a ChirpStack secret, shows it once, and asks before replacing it (acme, phone and desktop)', async () => {
    // acme's ChirpStack secret: the one no integration test relies on (network-ways-in.test.ts uses demo's).
    const page = await browser.newPage({ viewport: DESKTOP });
    await signInAs(page, 'acme-admin', '/kpnthings');
    await page.getByRole('heading', { name: 'Other LoRaWAN network servers' }).waitFor();
    const row = page.locator('[data-integration="chirpstack"]');
    const newSecret = row.getByRole('button', { name: 'New secret for ChirpStack' });
    await newSecret.click();
    // Another run may have made one already: replacing it asks first.
    const dialog = page.getByRole('dialog');
    const field = row.getByRole('textbox', { name: 'Secret for ChirpStack' });
    await Promise.race([dialog.waitFor(), field.waitFor()]);
    if (await dialog.isVisible()) await dialog.getByRole('button', { name: 'Yes' }).click();
    await field.waitFor();
    const first = await field.inputValue();
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await row.getByText(/^A secret is set/).waitFor();
    await screenshot(page, 'kpn-things-network-secret-desktop');

    await page.reload();
    await row.getByText(/^A secret is set/).waitFor();
    expect(await page.content()).not.toContain(first);
    await newSecret.click();
    await dialog.getByText('The current secret for ChirpStack stops working at once. Make a new one?').waitFor();
    await page.setViewportSize(PHONE);
    await screenshot(page, 'kpn-things-network-secret-confirm-phone');
    await dialog.getByRole('button', { name: 'Yes' }).click();
    await field.waitFor();
    expect(await field.inputValue()).not.toBe(first);
    await field.scrollIntoViewIfNeeded();
    await screenshot(page, 'kpn-things-network-secret-phone');
    await page.close();
  });
});
