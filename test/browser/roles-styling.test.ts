import type { Browser, Page } from 'playwright-core';
import { DEFAULT_COLORS } from '../../shared/schemas/settings';
import { call, tokenOf } from '../harness/api';
import { DESKTOP, launchBrowser, PHONE, screenshot, signInAs } from '../harness/browser';

/** The Roles and Styling screens (spec 001 s.2) as an admin, at desktop and phone width. */

// Browser globals used inside page.evaluate callbacks; the test project's tsconfig has no DOM library.
declare const document: { querySelector(selector: string): unknown };
declare function getComputedStyle(element: unknown): { backgroundColor: string };

interface ApiRole {
  id: number;
  name: string;
  role_permissions: { permission: string }[];
  version: number;
}

async function roleNamed(name: string): Promise<ApiRole> {
  const matrix = await call<{ 'hydra:member': ApiRole[] }>('GET', '/api/role-matrix', {
    token: await tokenOf('admin'),
  });
  return matrix.body['hydra:member'].find((role) => role.name === name) as ApiRole;
}

const topBarColour = (page: Page) =>
  page
    .locator('header')
    .first()
    .evaluate((element) => getComputedStyle(element).backgroundColor);

describe('roles and styling screens', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
    // A user-defined role, so the matrix shows the pencil of an editable name.
    await call('POST', '/api/roles', {
      token: await tokenOf('admin'),
      body: { name: 'ROLE_PLANNER', role_permissions: [{ permission: 'ASSET_READ' }] },
    });
  });
  it('toggles a permission of the transporter and saves the matrix', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await signInAs(page, 'admin', '/permissions');
    await page.getByRole('heading', { name: 'Roles' }).waitFor();
    const save = page.getByRole('button', { name: 'Save', exact: true });
    const cell = page.getByLabel('View alarm rules for Transporter');
    await cell.waitFor();
    expect(await save.isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Add role' }).isDisabled()).toBe(true);
    await screenshot(page, 'roles-desktop');
    await cell.check();
    expect(await save.isEnabled()).toBe(true);
    await cell.uncheck();
    expect(await save.isDisabled()).toBe(true);
    await cell.check();
    await save.click();
    await page.getByText('The roles are saved').waitFor();
    expect(await save.isDisabled()).toBe(true);
    const transporter = await roleNamed('ROLE_TRANSPORTER');
    expect(transporter.role_permissions.map((p) => p.permission)).toContain('ALARM_READ');
    expect(await cell.isChecked()).toBe(true);

    await page.getByRole('button', { name: 'Rename ROLE_PLANNER' }).click();
    await page.getByLabel('Role name').fill('ROLE_DISPATCHER');
    await page.getByRole('button', { name: 'Confirm the name' }).click();
    await page.getByText('The role is renamed').waitFor();
    await page.getByRole('button', { name: 'Rename ROLE_DISPATCHER' }).waitFor();
    await page.close();
  });

  it('shows the matrix on a phone, scrolling the roles sideways', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await signInAs(page, 'admin', '/permissions');
    await page.getByLabel('View alarm rules for Transporter').waitFor();
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'roles-phone');
    await page.close();
  });

  it('changes a colour with a live preview, saves it and the top bar follows', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await signInAs(page, 'admin', '/styling');
    await page.getByRole('heading', { name: 'Colors' }).waitFor();
    // The colours' Save, not the Mail card's (its own form, data-testid mail-settings).
    const save = page
      .getByRole('button', { name: 'Save', exact: true })
      .and(page.locator(':not([data-testid="mail-settings"] button)'));
    await page.getByRole('button', { name: /^Primary #/ }).waitFor();
    expect(await save.isDisabled()).toBe(true);
    expect(await topBarColour(page)).toBe('rgb(3, 51, 2)');
    await screenshot(page, 'styling-desktop');

    await page.getByRole('button', { name: /^Primary #/ }).click();
    await page.getByLabel('Hex value').fill('#7a1f5c');
    const previewBar = page.getByTestId('theme-preview').locator('header');
    await page.waitForFunction(
      () => {
        const bar = document.querySelector('[data-testid="theme-preview"] header');
        return bar && getComputedStyle(bar).backgroundColor === 'rgb(122, 31, 92)';
      },
      undefined,
      // A state, not a time: a loaded machine's renderer can take seconds for the re-render.
      { timeout: 30_000 },
    );
    expect(await previewBar.evaluate((e) => getComputedStyle(e).backgroundColor)).toBe('rgb(122, 31, 92)');
    await screenshot(page, 'styling-picker-desktop');
    // Until Save, only the preview changes.
    expect(await topBarColour(page)).toBe('rgb(3, 51, 2)');
    await page.keyboard.press('Escape');
    await save.click();
    await page.getByText('The colours are saved').waitFor();
    await page.waitForFunction(() => {
      const bar = document.querySelector('header');
      return bar && getComputedStyle(bar).backgroundColor === 'rgb(122, 31, 92)';
    });
    expect(await save.isDisabled()).toBe(true);
    await page.close();
  });

  it('shows the styling screen on a phone in the saved colours', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await signInAs(page, 'admin', '/styling');
    await page.getByRole('button', { name: /^Primary #/ }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await topBarColour(page)).toBe('rgb(122, 31, 92)');
    await screenshot(page, 'styling-phone');
    await page.getByRole('button', { name: /^Secondary #/ }).click();
    await page.getByLabel('Hex value').waitFor();
    await screenshot(page, 'styling-picker-phone');
    await page.close();
  });

  afterAll(async () => {
    await browser?.close();
    await restoreStack();
  });
});

/** Leaves the stack as other browser tests expect it: default colours, transporter without alarms. */
async function restoreStack() {
  const token = await tokenOf('admin');
  const colors = await call<{ 'hydra:member': { id: number; version: number }[] }>(
    'GET',
    '/api/frontend-settings?name=colors',
    { token },
  );
  const record = colors.body['hydra:member'][0];
  const data = Object.entries(DEFAULT_COLORS).map(([name, color]) => ({ name, color }));
  if (record?.id) {
    await call('PUT', `/api/frontend-settings/${record.id}`, {
      token,
      body: { name: 'colors', data, version: record.version },
    });
  }
  const transporter = await roleNamed('ROLE_TRANSPORTER');
  await call('PUT', `/api/roles/${transporter.id}`, {
    token,
    body: {
      role_permissions: transporter.role_permissions.filter((p) => p.permission !== 'ALARM_READ'),
      version: transporter.version,
    },
  });
}
