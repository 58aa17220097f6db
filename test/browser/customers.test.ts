import type { Browser, Page } from 'playwright-core';
import { DESKTOP, launchBrowser, PHONE, screenshot, signInAs, waitForScreen } from '../harness/browser';

/** The Customers screen (spec 000 s.2 /customers) driven as an admin: list, create, edit, delete, users tab. */

const run = Date.now().toString(36);
const drawer = (page: Page) => page.locator('.MuiDrawer-paper').last();

describe('customers in the console', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('creates, edits and deletes a customer', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await signInAs(page, 'admin', '/customers');
    // The first visit may wait for the dev server to compile the page (and reload once for new dependencies).
    await page.getByRole('columnheader', { name: 'Account Manager' }).waitFor({ timeout: 90_000 });
    await page.locator('tbody tr').nth(4).waitFor();
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'customers-list-desktop');

    await page.getByRole('button', { name: 'Add new' }).click();
    await waitForScreen(page, /\/customers\/new/);
    await drawer(page).getByText('New Customer').waitFor();
    await drawer(page).getByRole('button', { name: 'Save' }).click();
    await drawer(page).getByText('The name is required').waitFor();
    const company = `Browser Cranes ${run}`;
    await drawer(page)
      .getByLabel(/^company/i)
      .fill(company);
    await drawer(page).getByLabel(/^name/i).fill('Bram Browser');
    await drawer(page)
      .getByLabel(/^email/i)
      .fill('not-an-email');
    await drawer(page).getByRole('button', { name: 'Save' }).click();
    await drawer(page).getByText('Must be a valid email').waitFor();
    await drawer(page)
      .getByLabel(/^email/i)
      .fill(`bram.${run}@cranes.example`);
    await drawer(page)
      .getByLabel(/^account manager/i)
      .click();
    await page.getByRole('option', { name: 'Mila Manager' }).click();
    await drawer(page).getByRole('button', { name: 'Save' }).click();
    await page.getByText('Customer added').waitFor();
    await waitForScreen(page, /\/customers$/);

    await page.getByLabel(/search customers/i).fill(run);
    // The search applies 300 ms after typing; wait for it, or a row click would race the URL update.
    await waitForScreen(page, new RegExp(`search=${run}`));
    await page.locator('tbody tr').nth(1).waitFor({ state: 'detached' });
    await page.getByRole('cell', { name: company }).waitFor();
    await page.getByRole('row').filter({ hasText: company }).getByRole('cell', { name: 'Mila Manager' }).waitFor();
    await page.getByRole('cell', { name: company }).click();
    await drawer(page).getByText(`Customer ${company}`).waitFor();
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'customers-drawer-details-desktop');
    await drawer(page).getByRole('button', { name: 'Edit' }).click();
    await drawer(page).getByLabel(/^name/i).fill('Bram Browser-Smit');
    await drawer(page).getByRole('button', { name: 'Save' }).click();
    await page.getByText('Customer updated').waitFor();
    await page.getByRole('cell', { name: 'Bram Browser-Smit' }).waitFor();

    // Users tab: add one user through the small editor, then find it with the search.
    await page.getByRole('cell', { name: company }).click();
    await drawer(page).getByRole('tab', { name: 'Users' }).click();
    await drawer(page).getByText('No result found').waitFor();
    await drawer(page).getByRole('button', { name: 'Add new' }).click();
    await drawer(page).getByLabel(/^name/i).fill('Ursula User');
    await drawer(page)
      .getByLabel(/^email/i)
      .fill(`ursula.${run}@cranes.example`);
    await drawer(page).getByRole('button', { name: 'Save' }).click();
    await page.getByText('User added').waitFor();
    await drawer(page).getByRole('cell', { name: 'Ursula User' }).waitFor();
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'customers-drawer-users-desktop');
    await drawer(page).getByRole('cell', { name: 'Ursula User' }).click();
    await drawer(page).getByText('Edit user').waitFor();
    await screenshot(page, 'customers-drawer-user-editor-desktop');
    await drawer(page).getByRole('button', { name: 'Back' }).click();

    // Delete asks first and takes the customer's users with it.
    await drawer(page).getByRole('tab', { name: 'Details' }).click();
    await drawer(page).getByRole('button', { name: 'Delete' }).click();
    await page.getByText(`Delete customer ${company} and its users?`).waitFor();
    await page.getByRole('button', { name: 'Yes' }).click();
    await page.getByText('Customer deleted').waitFor();
    // The list's empty state (the closing panel's Contracts section has one of its own).
    await page.getByLabel('Customers', { exact: true }).getByText('No result found').waitFor();
    await page.close();
  });

  it('shows the list and both tabs at phone width', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await signInAs(page, 'admin', '/customers');
    await page.locator('tbody tr').nth(4).waitFor();
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'customers-list-phone');
    await page.locator('tbody tr').first().click();
    await drawer(page).getByRole('tab', { name: 'Details' }).waitFor();
    await drawer(page).getByText('The client will receive an email with login credentials.').waitFor();
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'customers-drawer-details-phone');
    await drawer(page).getByRole('tab', { name: 'Users' }).click();
    await drawer(page).getByText('No result found').or(drawer(page).getByRole('cell').first()).waitFor();
    await drawer(page).getByTestId('skeleton-row').first().waitFor({ state: 'detached' });
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'customers-drawer-users-phone');
    await page.close();
  });
});
