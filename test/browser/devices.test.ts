import type { Browser, Page } from 'playwright-core';
import { call, tokenOf } from '../harness/api';
import { consoleUrl, DESKTOP, launchBrowser, PHONE, screenshot, signInAs, waitForScreen } from '../harness/browser';

/** The Devices screen (spec 000 s.2 /devices) and the asset form's device field, against the local stack. */

interface DeviceRow {
  id: number;
  name: string | null;
  dev_eui: string;
  is_sabotaged: boolean;
  asset: { id: number; name: string } | null;
}

/** The machine is shared with other test runs; a step waits for states, this only bounds a stuck one. */
const STEP_BUDGET_MS = 240_000;
const run = Date.now().toString(16).toUpperCase().slice(-8);
const drawer = (page: Page) => page.locator('.MuiDrawer-paper').last();
const rows = (page: Page) => page.locator('tbody tr');

/** The list once its placeholder rows have gone. */
async function waitForList(page: Page) {
  await page.getByRole('columnheader', { name: 'DEVEUI' }).waitFor({ timeout: 90_000 });
  await page.getByTestId('skeleton-row').first().waitFor({ state: 'detached' });
  await rows(page).first().waitFor();
}

/**
 * Opens a console URL. A navigation of the page's own (the dev server reloading it when a file changes on this
 * shared machine) aborts a goto with ERR_ABORTED; the URL is then simply asked for again.
 */
async function goto(page: Page, path: string) {
  for (let attempt = 1; ; attempt++) {
    try {
      await page.goto(consoleUrl(path));
      return;
    } catch (error) {
      if (attempt >= 3 || !String(error).includes('ERR_ABORTED')) throw error;
    }
  }
}

async function openDevices(page: Page, login: string, path = '/devices') {
  await signInAs(page, login);
  await page.waitForLoadState('load');
  await goto(page, path);
  await waitForList(page);
}

/** A column's cells, as the table shows them now (1-based, as CSS counts). */
const columnTexts = (page: Page, column: number) => rows(page).locator(`td:nth-child(${column})`).allTextContents();

describe('devices in the console', () => {
  let browser: Browser;
  let devices: DeviceRow[];
  beforeAll(async () => {
    browser = await launchBrowser();
    const token = await tokenOf('superadmin');
    const list = await call<{ 'hydra:member': DeviceRow[] }>('GET', '/api/devices?pagination=false', { token });
    expect(list.status).toBe(200);
    devices = list.body['hydra:member'];
  });
  afterAll(async () => {
    await browser?.close();
  });

  it(
    'lets a super admin add, find, edit and delete a device',
    async () => {
      const page = await browser.newPage({ viewport: DESKTOP });
      await openDevices(page, 'superadmin');
      await page.waitForLoadState('networkidle');
      await screenshot(page, 'devices-list-desktop');

      await page.getByRole('button', { name: 'Add new' }).click();
      await waitForScreen(page, /\/devices\/new$/);
      await drawer(page).getByText('New device').waitFor();
      await drawer(page)
        .getByLabel(/^DEVEUI/)
        .fill('70-B3-XYZ');
      await drawer(page).getByRole('button', { name: 'Save' }).click();
      await drawer(page).getByText('The DEVEUI must be 16 hexadecimal characters').waitFor();
      await screenshot(page, 'devices-new-invalid-desktop');

      const devEui = `FEED0000${run}`;
      const name = `Browser tag ${run}`;
      // Spelled as printed on a label: the schema stores it as 16 upper-case hex digits.
      await drawer(page)
        .getByLabel(/^DEVEUI/)
        .fill(devEui.toLowerCase().replace(/(..)(?!$)/g, '$1-'));
      await drawer(page).getByLabel('Barcode').fill(`BC${run}`);
      await drawer(page).getByLabel('Sensor name').fill(name);
      await drawer(page).getByLabel('Model').fill('KPN LocationTag V');
      await drawer(page).getByRole('button', { name: 'Save' }).click();
      await page.getByText('Device added').waitFor();
      await waitForScreen(page, /\/devices$/);

      await page.getByLabel('Search name, model or DEVEUI').fill(run);
      await waitForScreen(page, new RegExp(`search=${run}`));
      await page.getByRole('row').filter({ hasText: devEui }).getByRole('cell', { name, exact: true }).waitFor();
      await page.getByRole('cell', { name, exact: true }).click();
      await waitForScreen(page, /\/devices\/\d+/);
      await drawer(page).getByText(`Device ${name}`).waitFor();
      // DEVEUI and barcode are fixed once the device exists.
      expect(await drawer(page).getByLabel('DEVEUI').inputValue()).toBe(devEui);
      expect(await drawer(page).getByLabel('DEVEUI').getAttribute('readonly')).not.toBeNull();
      expect(await drawer(page).getByLabel('Barcode').getAttribute('readonly')).not.toBeNull();
      await drawer(page).getByLabel('Notes').fill('Moved to depot Utrecht');
      await drawer(page).getByRole('button', { name: 'Save' }).click();
      await page.getByText('Device updated').waitFor();
      await page.getByRole('cell', { name: 'Moved to depot Utrecht' }).waitFor();

      await page.getByRole('cell', { name, exact: true }).click();
      await drawer(page).getByRole('button', { name: 'Delete' }).click();
      await page.getByText(`Are you sure you want to delete device ${name}?`).waitFor();
      await page.getByRole('button', { name: 'Yes' }).click();
      await page.getByText('Device deleted').waitFor();
      await page.getByText('No result found').waitFor();
      await page.close();
    },
    STEP_BUDGET_MS,
  );

  it(
    'sorts by a column header',
    async () => {
      const page = await browser.newPage({ viewport: DESKTOP });
      await openDevices(page, 'superadmin');
      const header = page.getByRole('columnheader', { name: 'DEVEUI' });
      // DEVEUIs are upper-case hex, so the API's byte order is JavaScript's default sort.
      const all = devices.map((d) => d.dev_eui).sort();
      /** Clicks the header and waits until the table shows the first device of that order. */
      const sortBy = async (direction: 'asc' | 'desc') => {
        const first = direction === 'asc' ? all[0] : all[all.length - 1];
        await header.getByRole('button').click();
        await waitForScreen(page, new RegExp(`order=devEui&dir=${direction}`));
        await page.locator('tbody tr:first-child td:nth-child(6)', { hasText: first ?? '' }).waitFor();
        return columnTexts(page, 6);
      };
      const ascending = await sortBy('asc');
      await page.locator('th[aria-sort="ascending"]', { hasText: 'DEVEUI' }).waitFor();
      expect(ascending).toEqual([...ascending].sort());
      const descending = await sortBy('desc');
      expect(descending).toEqual([...descending].sort().reverse());
      expect(descending[0]).not.toBe(ascending[0]);
      await page.locator('th[aria-sort="descending"]', { hasText: 'DEVEUI' }).waitFor();
      await page.close();
    },
    STEP_BUDGET_MS,
  );

  it(
    'resets the alarm of a sabotaged device, and opens a panel from its URL on reload',
    async () => {
      const sabotaged = devices.find((d) => d.is_sabotaged);
      if (!sabotaged) throw new Error('the demo seed has no sabotaged device');
      const page = await browser.newPage({ viewport: DESKTOP });
      await signInAs(page, 'superadmin');
      await goto(page, `/devices?search=${sabotaged.dev_eui}`);
      const row = page.getByRole('row').filter({ hasText: sabotaged.dev_eui });
      await row.getByText('Sabotaged').waitFor({ timeout: 60_000 });
      await screenshot(page, 'devices-list-sabotaged-desktop');
      await row.click();
      await waitForScreen(page, new RegExp(`/devices/${sabotaged.id}\\?`));
      await drawer(page).getByLabel('DEVEUI').waitFor();
      await page.reload();
      const alert = drawer(page).getByText('This device reported sabotage.');
      await alert.waitFor();
      expect(await drawer(page).getByLabel('DEVEUI').inputValue()).toBe(sabotaged.dev_eui);
      await page.waitForLoadState('networkidle');
      await screenshot(page, 'devices-panel-sabotaged-desktop');
      const answer = page.waitForResponse((r) => r.url().endsWith(`/api/devices/${sabotaged.id}/reset-sabotaged`));
      await drawer(page).getByRole('button', { name: 'Reset alarm' }).click();
      expect((await answer).status()).toBe(200);
      await page.getByText('Alarm reset').waitFor();
      await alert.waitFor({ state: 'detached' });
      const after = await call<DeviceRow>('GET', `/api/devices/${sabotaged.id}`, {
        token: await tokenOf('superadmin'),
      });
      expect(after.body.is_sabotaged).toBe(false);
      await page.close();
    },
    STEP_BUDGET_MS,
  );

  it(
    'exports the filtered, sorted list as CSV',
    async () => {
      const page = await browser.newPage({ viewport: DESKTOP });
      await openDevices(page, 'superadmin', '/devices?hasAsset=false&order=name&dir=desc');
      const started = page.waitForRequest((r) => r.method() === 'POST' && r.url().includes('/api/devices/export'));
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Export', exact: true }).click();
      await page.getByRole('menuitem', { name: 'CSV', exact: true }).click();
      const query = new URL((await started).url()).searchParams;
      expect(query.get('type')).toBe('csv');
      expect(query.get('asset[exists]')).toBe('false');
      expect(query.get('order[name]')).toBe('desc');
      expect((await download).suggestedFilename()).toMatch(/\.csv$/);
      await page.getByText(/is ready$/).waitFor();
      await page.close();
    },
    STEP_BUDGET_MS,
  );

  it(
    'offers Add new to super admins only and shows admins the asset as a plain name',
    async () => {
      const page = await browser.newPage({ viewport: DESKTOP });
      await openDevices(page, 'admin', '/devices?hasAsset=true');
      await page.getByRole('button', { name: 'Filter' }).waitFor();
      expect(await page.getByRole('button', { name: 'Add new' }).count()).toBe(0);
      expect(await page.locator('tbody a').count()).toBe(0);
      await page.close();
    },
    STEP_BUDGET_MS,
  );

  it(
    'shows users the asset as a link to it',
    async () => {
      const page = await browser.newPage({ viewport: DESKTOP });
      await openDevices(page, 'user', '/devices?hasAsset=true');
      expect(await page.getByRole('button', { name: 'Add new' }).count()).toBe(0);
      const link = page.locator('tbody a').first();
      const href = await link.getAttribute('href');
      expect(href).toMatch(/^\/assets\/\d+$/);
      await link.click();
      await waitForScreen(page, new RegExp(`${href}$`));
      await page.close();
    },
    STEP_BUDGET_MS,
  );

  it(
    'shows the list and the panel at phone width',
    async () => {
      const page = await browser.newPage({ viewport: PHONE });
      await openDevices(page, 'superadmin');
      await page.waitForLoadState('networkidle');
      await screenshot(page, 'devices-list-phone');
      await rows(page).first().click();
      await drawer(page).getByLabel('DEVEUI').waitFor();
      await page.waitForLoadState('networkidle');
      await screenshot(page, 'devices-panel-phone');
      await page.close();
    },
    STEP_BUDGET_MS,
  );

  it(
    "says under the asset form's Devices field when its list failed, and tries again",
    async () => {
      const page = await browser.newPage({ viewport: DESKTOP });
      await signInAs(page, 'admin');
      let failing = true;
      await page.route('**/api/devices?*', (route) =>
        failing
          ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"detail":"Boom"}' })
          : route.fallback(),
      );
      await goto(page, '/assets/new');
      const form = drawer(page);
      const error = form.getByText('There was an error while trying to fetch the devices list');
      await error.waitFor({ timeout: 90_000 });
      await page.waitForLoadState('networkidle');
      await screenshot(page, 'devices-asset-form-load-error');
      failing = false;
      await form.getByRole('button', { name: 'Try again' }).click();
      await error.waitFor({ state: 'detached' });
      await form.getByLabel('Devices').click();
      await page.getByRole('option').first().waitFor();
      await page.close();
    },
    STEP_BUDGET_MS,
  );
});
