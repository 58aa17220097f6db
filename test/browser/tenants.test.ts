import type { Browser, Page } from 'playwright-core';
import { call, tokenOf } from '../harness/api';
import { DESKTOP, launchBrowser, PHONE, screenshot, signInAs, waitForScreen } from '../harness/browser';
import { conflictDialog, conflictRowOf, saveAsOther } from '../harness/conflicts';

/** The Tenants screen (spec 001 s.2, s.4, s.8) driven as the super admin, at desktop and phone width. */

const run = Date.now().toString(36);
const PNG_1X1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const drawer = (page: Page) => page.locator('.MuiDrawer-paper').last();

describe('tenants administration in the console', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('creates, edits, switches to and deletes a tenant as super admin', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await signInAs(page, 'superadmin', '/tenants');
    await page.getByRole('cell', { name: 'Demo Kabel & Haspel B.V.', exact: true }).waitFor();
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'tenants-list-desktop');

    // Create: a taken subdomain is refused on its field, then the tenant is created.
    const company = `Browser Tenant ${run}`;
    await page.getByRole('button', { name: 'Create' }).click();
    await waitForScreen(page, /\/tenants\/new/);
    await drawer(page).getByText('Create tenant').waitFor();
    await drawer(page).getByLabel('Subdomain').fill('acme');
    await drawer(page).getByLabel('Company').fill(company);
    await drawer(page).getByLabel('Short description').fill(`BT ${run}`);
    await drawer(page).getByLabel('City').fill('Delft');
    await drawer(page).getByRole('button', { name: 'Save' }).click();
    await drawer(page).getByText('This subdomain is already used by another tenant').waitFor();
    await screenshot(page, 'tenants-create-errors-desktop');
    await drawer(page).getByLabel('Subdomain').fill(`bt-${run}`);
    await drawer(page).getByRole('button', { name: 'Save' }).click();
    await page.getByText('Tenant created').waitFor();
    await waitForScreen(page, /\/tenants$/);

    // Edit: found through the filter drawer (dot badge), opened by row click.
    await page.getByRole('button', { name: 'Filter' }).click();
    await drawer(page).getByLabel('Company').fill(run);
    await drawer(page).getByRole('button', { name: 'Filter' }).click();
    await page.getByRole('cell', { name: company, exact: true }).click();
    await drawer(page).getByText(`Edit tenant BT ${run}`).waitFor();
    await drawer(page).getByLabel('City').fill('Leiden');
    // The icon drop zone refuses anything but an image of at most 50000 bytes, and shows an accepted one.
    const icon = page.getByTestId('tenant-icon-input');
    await icon.setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(50001, 1) });
    await drawer(page).getByText('The icon must be an image with up to 50kb').waitFor();
    await icon.setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: Buffer.from(PNG_1X1, 'base64') });
    await drawer(page).getByRole('img', { name: 'Icon' }).waitFor();
    await drawer(page).getByText('The icon must be an image with up to 50kb').waitFor({ state: 'detached' });
    await drawer(page).getByTestId('tenant-icon-dropzone').scrollIntoViewIfNeeded();
    await screenshot(page, 'tenants-edit-desktop');
    await drawer(page).getByRole('button', { name: 'Save' }).click();
    await page.getByText('Tenant updated').waitFor();
    await page.getByRole('cell', { name: 'Leiden', exact: true }).waitFor();

    // Switch: the navigation drawer names the selected tenant; the way back restores the own one.
    await page.getByRole('button', { name: `Switch to tenant ${company}` }).click();
    await page.getByTestId('current-tenant').getByText(company).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('selectedTenant'))).toContain(company);
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'tenants-switched-desktop');
    await page.getByRole('button', { name: 'Back to my own tenant' }).click();
    await page.getByTestId('current-tenant').getByText('Demo Kabel & Haspel B.V.').waitFor();

    // Delete, after the Yes/No question.
    await page.getByRole('cell', { name: company, exact: true }).click();
    await drawer(page).getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Are you sure you want to delete?').waitFor();
    await page.getByRole('button', { name: 'Yes' }).click();
    await page.getByText('Tenant deleted').waitFor();
    await page.getByText('No result found').waitFor();
    await page.close();
  });

  it('a save that meets another super admin’s opens the conflict dialog; Overwrite saves over theirs', async () => {
    const token = await tokenOf('superadmin');
    type Stored = { id: number; version: number; company: string; city: string };
    const created = await call<Stored>('POST', '/api/tenants', {
      token,
      body: { subdomain: `bc-${run}`, company: `Conflict Tenant ${run}`, city: 'Delft' },
    });
    expect(created.status).toBe(201);
    const { id } = created.body;
    const read = async () =>
      (await call<{ 'hydra:member': Stored[] }>('GET', `/api/tenants?id=${id}`, { token })).body['hydra:member'][0];
    const page = await browser.newPage({ viewport: DESKTOP });
    await signInAs(page, 'superadmin', `/tenants/${id}`);
    await drawer(page).getByLabel('Company').waitFor();
    expect(await drawer(page).getByLabel('Company').inputValue()).toBe(`Conflict Tenant ${run}`);
    await drawer(page).getByLabel('City').fill('Leiden');
    await saveAsOther(
      `/api/tenants/${id}`,
      { company: `Their Tenant ${run}` },
      async () => (await read())?.version ?? 0,
    );

    await drawer(page).getByRole('button', { name: 'Save' }).click();
    await conflictDialog(page).waitFor();
    expect(await conflictRowOf(page, 'Company')).toEqual([`Their Tenant ${run}`, `Conflict Tenant ${run}`]);
    await screenshot(page, 'tenants-conflict-desktop');
    await conflictDialog(page).getByRole('button', { name: 'Overwrite' }).click();
    await page.getByText('Tenant updated').waitFor();
    expect(await read()).toMatchObject({ company: `Conflict Tenant ${run}`, city: 'Leiden', version: 3 });
    await call('DELETE', `/api/tenants/${id}`, { token });
    await page.close();
  });

  it('fits a phone', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await signInAs(page, 'superadmin', '/tenants');
    await page.getByRole('cell', { name: 'Demo Kabel & Haspel B.V.', exact: true }).waitFor();
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'tenants-list-phone');
    await page.getByRole('cell', { name: 'Acme Verhuur B.V.', exact: true }).click();
    await drawer(page).getByText('Edit tenant Acme').waitFor();
    await screenshot(page, 'tenants-edit-phone');
    await page.close();
  });
});
