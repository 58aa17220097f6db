import type { Browser, Page } from 'playwright-core';
import { call, tokenOf } from '../harness/api';
import { consoleUrl, DESKTOP, launchBrowser, PHONE, screenshot, signInAs, waitForScreen } from '../harness/browser';

/**
 * Device profiles, console side: the admins' device profile screen (/device-profiles) with its codec editor and
 * test panel, the device panel's Payload profile, the phone width and the menu entry only admins get. The test's
 * own profiles are made and removed here; the demo device it assigns one to is put back through the API.
 */

interface Profile {
  id: number;
  name: string;
  version: number;
}
interface DeviceRow {
  id: number;
  name: string | null;
  dev_eui: string;
  device_profiles: number[];
}

const STEP_BUDGET_MS = 240_000;
const run = Date.now().toString(36).slice(-6);
const drawer = (page: Page) => page.locator('.MuiDrawer-paper:has(h2)').last();

/** A codec in the LoRaWAN Device Repository convention: a position nested under gps, a battery in volts. */
const CODEC = `function decodeUplink(input) {
  var b = input.bytes;
  var int32 = function (i) { return (b[i] << 24) | (b[i + 1] << 16) | (b[i + 2] << 8) | b[i + 3]; };
  if (b.length < 9) return { errors: ['expected 9 bytes, got ' + b.length] };
  return {
    data: { gps: { lat: int32(0) / 1e6, lng: int32(4) / 1e6 }, batV: b[8] / 50, port: input.fPort },
    warnings: input.fPort === 2 ? [] : ['unexpected fPort ' + input.fPort]
  };
}`;

/** 52.090737 N, 5.121420 E and 3.6 V, as the codec above reads them. */
const int32Hex = (value: number) => (value >>> 0).toString(16).padStart(8, '0');
const BYTES = `${int32Hex(52_090_737)}${int32Hex(5_121_420)}b4`.replace(/(..)(?!$)/g, '$1 ').toUpperCase();

let adminToken: string;
const api = async <T>(method: string, path: string, body?: unknown) =>
  call<T>(method, path, { token: adminToken, ...(body === undefined ? {} : { body }) });

async function profileNamed(name: string) {
  const list = await api<{ 'hydra:member': Profile[] }>('GET', '/api/device-profiles');
  return list.body['hydra:member'].find((profile) => profile.name === name);
}

async function openScreen(page: Page) {
  await page.goto(consoleUrl('/device-profiles'));
  await page.getByRole('columnheader', { name: 'Uplink interval' }).waitFor({ timeout: 90_000 });
  await page.getByTestId('skeleton-row').first().waitFor({ state: 'detached' });
}

describe('device profiles in the console', () => {
  let browser: Browser;
  let device: DeviceRow;
  const made: number[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
    adminToken = await tokenOf('admin');
    const devices = await api<{ 'hydra:member': DeviceRow[] }>('GET', '/api/devices?itemsPerPage=1');
    expect(devices.status).toBe(200);
    device = devices.body['hydra:member'][0] as DeviceRow;
  });
  afterAll(async () => {
    // The demo device gets its profiles back before the test's profiles go (a used profile cannot be deleted).
    if (device) await api('PUT', `/api/devices/${device.id}`, { device_profiles: device.device_profiles });
    for (const id of made) await api('DELETE', `/api/device-profiles/${id}`);
    await browser?.close();
  });

  it(
    'lets an admin create a profile, test bytes with its codec, save it and give it to a device',
    async () => {
      const page = await browser.newPage({ viewport: DESKTOP });
      await signInAs(page, 'admin');
      await page.getByRole('link', { name: 'Device profiles' }).click();
      await waitForScreen(page, /\/device-profiles$/);
      await page.getByRole('columnheader', { name: 'Uplink interval' }).waitFor();
      await page.getByRole('row').filter({ hasText: 'Built-in' }).first().waitFor();
      await screenshot(page, 'device-profiles-list-desktop');

      await page.getByRole('button', { name: 'Add new' }).click();
      await waitForScreen(page, /\/device-profiles\/new$/);
      await drawer(page).getByRole('button', { name: 'Save' }).click();
      await drawer(page).getByText('The name is required').waitFor();

      const name = `Browser LGT ${run}`;
      await drawer(page).getByLabel(/^Name/).fill(name);
      await drawer(page).getByTestId('codec-editor').fill(CODEC);
      // Latitude and longitude go together: both paths named, or both found by their common names.
      await drawer(page).getByLabel('Latitude', { exact: true }).fill('gps.lat');
      await drawer(page).getByLabel('Longitude', { exact: true }).fill('gps.lng');
      // Bytes that are neither hex nor base64 are refused under the field, as the API would.
      await drawer(page).getByLabel('Bytes (hex or base64)').fill('zz!');
      await drawer(page).getByRole('button', { name: 'Test', exact: true }).click();
      await drawer(page).getByText('The bytes must be hexadecimal (spaces allowed) or base64').waitFor();

      await drawer(page).getByLabel('Bytes (hex or base64)').fill(BYTES);
      await drawer(page).getByLabel('FPort').fill('2');
      const answer = page.waitForResponse((r) => r.url().endsWith('/api/device-profiles/test'));
      await drawer(page).getByRole('button', { name: 'Test', exact: true }).click();
      expect((await answer).status()).toBe(200);
      const result = drawer(page).getByTestId('codec-test-result');
      await result.waitFor();
      expect(await result.getAttribute('data-outcome')).toBe('decoded');
      expect(await drawer(page).getByTestId('mapped-latitude').locator('td').textContent()).toBe('52.090737');
      expect(await drawer(page).getByTestId('mapped-longitude').locator('td').textContent()).toBe('5.12142');
      // No path for the battery: found by its common name (batV).
      expect(await drawer(page).getByTestId('mapped-battery_voltage').locator('td').textContent()).toBe('3.6');
      expect(await drawer(page).getByTestId('mapped-battery_low').locator('td').textContent()).toBe('No');
      const decoded = JSON.parse((await drawer(page).getByTestId('codec-test-data').textContent()) ?? 'null');
      expect(decoded).toEqual({ gps: { lat: 52.090737, lng: 5.12142 }, batV: 3.6, port: 2 });
      await drawer(page)
        .getByText(/^Decoded in [\d.]+ ms$/)
        .waitFor();
      await screenshot(page, 'device-profiles-test-panel-desktop');

      // A codec that throws is a result of the test, shown as its errors, not a failure of the screen.
      await drawer(page).getByLabel('Bytes (hex or base64)').fill('01 02');
      await drawer(page).getByRole('button', { name: 'Test', exact: true }).click();
      await drawer(page).getByTestId('codec-test-errors').getByText('expected 9 bytes, got 2').waitFor();

      await drawer(page).getByRole('button', { name: 'Save' }).click();
      await page.getByText('Device profile added').waitFor();
      await waitForScreen(page, /\/device-profiles$/);
      const saved = await profileNamed(name);
      expect(saved).toBeDefined();
      made.push(saved?.id ?? 0);
      await page.getByRole('row').filter({ hasText: name }).getByRole('cell', { name: '12 hours' }).waitFor();

      // The panel's address is shareable: it opens the profile again after a reload.
      await page.goto(consoleUrl(`/device-profiles/${saved?.id}`));
      await drawer(page).getByText(`Device profile ${name}`).waitFor();
      expect(await drawer(page).getByTestId('codec-editor').inputValue()).toBe(CODEC);
      expect(await drawer(page).getByLabel('Latitude', { exact: true }).inputValue()).toBe('gps.lat');

      await page.goto(consoleUrl(`/devices/${device.id}`));
      await drawer(page).getByTestId('payload-profile').click();
      await page.getByRole('option', { name, exact: true }).click();
      await screenshot(page, 'device-profiles-device-panel-desktop');
      await drawer(page).getByRole('button', { name: 'Save' }).click();
      await page.getByText('Device updated').waitFor();
      const after = await api<DeviceRow>('GET', `/api/devices/${device.id}`);
      expect(after.body.device_profiles).toEqual([saved?.id]);

      // Used by a device: the delete is refused and the panel says why.
      await page.goto(consoleUrl(`/device-profiles/${saved?.id}`));
      await drawer(page).getByText(`Device profile ${name}`).waitFor();
      await drawer(page).getByRole('button', { name: 'Delete' }).click();
      await page.getByRole('button', { name: 'Yes' }).click();
      await drawer(page)
        .getByTestId('profile-delete-refused')
        .getByText(/used by devices/)
        .waitFor();
      await screenshot(page, 'device-profiles-in-use-desktop');
      await page.close();
    },
    STEP_BUDGET_MS,
  );

  it(
    'shows a built-in read-only, and a save that met another save in the conflict dialog',
    async () => {
      const body = {
        name: `Browser conflict ${run}`,
        codec: null,
        field_paths: {},
        battery_unit: '%',
        battery_low_below: 20,
        battery_fine_above: 25,
        uplink_interval_minutes: 90,
        silent_after_intervals: 4,
      };
      const created = await api<Profile>('POST', '/api/device-profiles', body);
      expect(created.status).toBe(201);
      made.push(created.body.id);
      const page = await browser.newPage({ viewport: DESKTOP });
      await signInAs(page, 'admin', '/device-profiles/1');
      await drawer(page)
        .getByText(/^Built-in device profile /)
        .waitFor();
      expect(await drawer(page).getByRole('button', { name: 'Save' }).count()).toBe(0);
      expect(await drawer(page).getByRole('button', { name: 'Delete' }).count()).toBe(0);
      expect(await drawer(page).getByLabel(/^Name/).getAttribute('readonly')).not.toBeNull();

      await page.goto(consoleUrl(`/device-profiles/${created.body.id}`));
      await drawer(page).getByText(`Device profile Browser conflict ${run}`).waitFor();
      expect(await drawer(page).getByLabel('Expected uplink interval').inputValue()).toBe('90');
      // Someone else saves first.
      const theirs = await api('PUT', `/api/device-profiles/${created.body.id}`, {
        ...body,
        name: `Browser conflict ${run} (theirs)`,
        version: created.body.version,
      });
      expect(theirs.status).toBe(200);
      await drawer(page).getByLabel(/^Name/).fill(`Browser conflict ${run} (mine)`);
      await drawer(page).getByRole('button', { name: 'Save' }).click();
      const dialog = page.getByTestId('conflict-dialog');
      await dialog.getByText(`Browser conflict ${run} (theirs)`).waitFor();
      await screenshot(page, 'device-profiles-conflict-desktop');
      await dialog.getByRole('button', { name: 'Overwrite' }).click();
      await page.getByText('Device profile saved').waitFor();
      const now = await api<Profile>('GET', `/api/device-profiles/${created.body.id}`);
      expect(now.body.name).toBe(`Browser conflict ${run} (mine)`);
      await page.close();
    },
    STEP_BUDGET_MS,
  );

  it(
    'fits a phone: the list, and the panel with an uploaded codec and its test',
    async () => {
      const page = await browser.newPage({ viewport: PHONE });
      await signInAs(page, 'admin');
      await openScreen(page);
      await screenshot(page, 'device-profiles-list-phone');
      await page.goto(consoleUrl('/device-profiles/new'));
      await drawer(page).getByText('New device profile').waitFor();
      await drawer(page)
        .getByTestId('codec-file')
        .setInputFiles({ name: 'lgt92.js', mimeType: 'text/javascript', buffer: Buffer.from(CODEC) });
      await drawer(page).getByText('function decodeUplink(input) {', { exact: false }).first().waitFor({
        state: 'attached',
      });
      expect(await drawer(page).getByTestId('codec-editor').inputValue()).toBe(CODEC);
      await drawer(page).getByLabel('Bytes (hex or base64)').fill(BYTES);
      await drawer(page).getByLabel('FPort').fill('2');
      await drawer(page).getByRole('button', { name: 'Test', exact: true }).click();
      await drawer(page).getByTestId('mapped-latitude').getByText('52.090737').waitFor();
      // Nothing of the form or the test panel is wider than the phone (the codec scrolls inside its own box).
      await screenshot(page, 'device-profiles-panel-phone');
      const wider = await page.evaluate<string[]>(
        `[...document.querySelectorAll('.MuiDrawer-paper form *, [data-testid="codec-test-panel"] *')].filter((e) => e.getBoundingClientRect().right > ${PHONE.width} + 0.5).map((e) => e.tagName + '.' + String(e.className).slice(0, 80))`,
      );
      expect(wider).toEqual([]);
      await page.close();
    },
    STEP_BUDGET_MS,
  );

  it('gives no menu entry and no screen to a user who is not an admin', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await signInAs(page, 'user');
    await page.getByRole('link', { name: 'Devices', exact: true }).waitFor();
    expect(await page.getByRole('link', { name: 'Device profiles' }).count()).toBe(0);
    await page.goto(consoleUrl('/device-profiles'));
    await waitForScreen(page, (url) => url.pathname !== '/device-profiles' && url.pathname !== '/');
    expect(await page.getByRole('columnheader', { name: 'Uplink interval' }).count()).toBe(0);
    await page.close();
  });
});
