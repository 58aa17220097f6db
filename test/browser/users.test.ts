import type { Browser, Page } from 'playwright-core';
import { DESKTOP, launchBrowser, PHONE, screenshot, signInAs, waitForScreen } from '../harness/browser';

/** The Users screen (spec 001 s.2) driven as an admin: list, create, edit, delete, at both widths. */

const run = Date.now().toString(36);
const drawer = (page: Page) => page.locator('.MuiDrawer-paper').last();

describe('users administration in the console', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('creates, edits and deletes a user as admin', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await signInAs(page, 'admin', '/users');
    await page.getByRole('cell', { name: 'Anna Admin' }).waitFor();
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'users-list-desktop');

    // Create: the schema's messages first, then the server's violation on the username field.
    await page.getByRole('button', { name: 'Add new' }).click();
    await waitForScreen(page, /\/users\/new/);
    await drawer(page).getByText('Create user').waitFor();
    await drawer(page).getByRole('button', { name: 'Save' }).click();
    await drawer(page).getByText('The name is required').waitFor();
    await screenshot(page, 'users-create-errors-desktop');
    const name = `Browser User ${run}`;
    await drawer(page).getByLabel(/^name/i).fill(name);
    await drawer(page)
      .getByLabel(/^username/i)
      .fill('admin');
    await drawer(page)
      .getByLabel(/^email/i)
      .fill(`browser-${run}@demo.local`);
    await drawer(page)
      .getByLabel(/^password/i)
      .fill('Browser-Pass-2026!');
    await drawer(page).getByRole('button', { name: 'Save' }).click();
    await drawer(page).getByText('This username is already taken').waitFor();
    await drawer(page)
      .getByLabel(/^username/i)
      .fill(`browser-${run}`);
    await drawer(page).getByRole('button', { name: 'Save' }).click();
    await page.getByText('User created').waitFor();
    await waitForScreen(page, /\/users$/);

    // Find it with the search box and edit it.
    await page.getByLabel(/search name/i).fill(run);
    await waitForScreen(page, new RegExp(`search=${run}`));
    await page.getByRole('cell', { name: 'Anna Admin' }).waitFor({ state: 'detached' });
    await page.getByRole('cell', { name }).click();
    await drawer(page).getByText(`Edit user ${name}`).waitFor();
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'users-drawer-desktop');
    await drawer(page).getByLabel(/^name/i).fill(`${name} Edited`);
    await drawer(page).getByRole('button', { name: 'Save' }).click();
    await page.getByText('User updated').waitFor();
    await page.getByRole('cell', { name: `${name} Edited` }).waitFor();

    // Delete asks first, naming the user.
    await page.getByRole('cell', { name: `${name} Edited` }).click();
    await drawer(page).getByRole('button', { name: 'Delete' }).click();
    await page.getByText(`Are you sure you want to delete ${name} Edited?`).waitFor();
    await screenshot(page, 'users-delete-confirm-desktop');
    await page.getByRole('button', { name: 'Yes' }).click();
    await page.getByText('User deleted').waitFor();
    await page.getByRole('cell', { name: `${name} Edited` }).waitFor({ state: 'detached' });
    await page.getByText('No result found').waitFor();
    await page.close();
  });

  it('filters by e-mail with a dot badge and validates the filter', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await signInAs(page, 'admin', '/users');
    await page.getByRole('button', { name: 'Filter' }).click();
    await drawer(page).getByLabel(/^id/i).fill('abc');
    await drawer(page).getByRole('button', { name: 'Filter' }).click();
    await drawer(page).getByText('Must be a number').waitFor();
    await drawer(page).getByLabel(/^id/i).fill('');
    await drawer(page)
      .getByLabel(/^email/i)
      .fill('user@demo.local');
    await drawer(page).getByRole('button', { name: 'Filter' }).click();
    await waitForScreen(page, /email=user%40demo\.local/);
    await page.getByRole('cell', { name: 'Ulrich User' }).waitFor();
    // The previous page stays visible until the filtered answer arrives.
    await page.getByRole('cell', { name: 'Anna Admin' }).waitFor({ state: 'detached' });
    await screenshot(page, 'users-filtered-desktop');
    await page.close();
  });

  it('works at phone width: list, speed dial and the full-width drawer', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await signInAs(page, 'admin', '/users');
    await page.getByRole('cell', { name: 'Anna Admin' }).waitFor();
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'users-list-phone');
    await page.getByRole('cell', { name: 'Ulrich User' }).click();
    await drawer(page).getByText('Edit user Ulrich User').waitFor();
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'users-drawer-phone');
    await page.goBack();
    await waitForScreen(page, /\/users$/);
    await page.getByRole('button', { name: 'Add new' }).first().click();
    await page.getByRole('menuitem', { name: 'Add new' }).click();
    await drawer(page).getByText('Create user').waitFor();
    await page.close();
  });

  it('opens Preferences with only the basic fields for oneself', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await signInAs(page, 'user', '/preferences');
    await drawer(page).getByText('Preferences').waitFor();
    await drawer(page)
      .getByLabel(/change password/i)
      .waitFor();
    expect(
      await drawer(page)
        .getByLabel(/^email/i)
        .count(),
    ).toBe(0);
    await screenshot(page, 'users-preferences-desktop');
    await page.close();
  });
});
