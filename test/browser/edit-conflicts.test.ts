import type { Browser } from 'playwright-core';
import assetsNl from '../../web/src/i18n/features/assets/nl.json';
import commonNl from '../../web/src/i18n/features/common/nl.json';
import { LANGUAGE_STORAGE_KEY } from '../../web/src/i18n/languages';
import { call, tokenOf } from '../harness/api';
import {
  animationsFinished,
  consoleUrl,
  DESKTOP,
  launchBrowser,
  PHONE,
  screenshot,
  signInAs,
} from '../harness/browser';
import {
  conflictDialog,
  expectConflictDialogAccessible as expectAccessible,
  expectConflictDialogFits,
  conflictRowOf as rowOf,
  saveAsOther,
} from '../harness/conflicts';
import { publishMqtt, waitFor } from '../harness/uplinks';

/**
 * A save that meets someone else's save shows what they changed (theirs beside yours) with
 * Reload and Overwrite, in the asset panel, the list's inline Scheduled date, the device drawer and a panel on
 * the shared panel form (the alarm rule's). The other person's save goes through the API while the page is open.
 * The tenant, geo zone, stock limits, asset profile definition and cable reel panels test theirs in their own
 * files, with the same helpers (test/harness/conflicts.ts).
 */
type Asset = { id: number; version: number; name: string; description: string | null; scheduled: string | null };
type Device = { id: number; version: number; name: string | null; model: string | null };

const nextWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
const stamp = () => `${Date.now()}`.slice(-7);

async function newAsset(name: string): Promise<Asset> {
  const created = await call<Asset>('POST', '/api/assets', { token: await tokenOf('admin'), body: { name } });
  expect(created.status).toBe(201);
  return created.body;
}

const readAsset = async (id: number) =>
  (await call<Asset>('GET', `/api/assets/${id}`, { token: await tokenOf('admin') })).body;

describe('edit conflicts in the console', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('asset panel: shows their change beside yours; Overwrite saves yours over theirs', async () => {
    const asset = await newAsset(`Conflict panel ${stamp()}`);
    const page = await browser.newPage({ viewport: DESKTOP });
    await signInAs(page, 'admin', `/assets/${asset.id}`);
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.getByLabel('Description').fill('Mine');
    await saveAsOther(`/api/assets/${asset.id}`, { name: `${asset.name} (theirs)`, description: 'Theirs' });

    await page.getByRole('button', { name: 'Save' }).click();
    await conflictDialog(page).waitFor();
    await animationsFinished(page);
    expect(await rowOf(page, 'Name')).toEqual([`${asset.name} (theirs)`, asset.name]);
    expect(await rowOf(page, 'Description')).toEqual(['Theirs', 'Mine']);
    await screenshot(page, 'edit-conflict-asset-panel-desktop');
    await expectAccessible(page);

    await conflictDialog(page).getByRole('button', { name: 'Overwrite' }).click();
    await page.getByText('Asset updated').waitFor();
    const stored = await readAsset(asset.id);
    expect(stored).toMatchObject({ name: asset.name, description: 'Mine', version: asset.version + 2 });
    await page.close();
  }, 240_000);

  it('asset panel on a phone: Reload takes their values into the form and saves nothing', async () => {
    const asset = await newAsset(`Conflict reload ${stamp()}`);
    const page = await browser.newPage({ viewport: PHONE });
    await signInAs(page, 'admin', `/assets/${asset.id}`);
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    // A reference is one long word: on a phone it wraps inside the dialog rather than push "Yours" off screen.
    const mine = `REF-MINE-${'0123456789'.repeat(4)}`;
    await page.getByLabel('Reference').fill(mine);
    await saveAsOther(`/api/assets/${asset.id}`, { name: asset.name, reference: 'REF-THEIRS' });
    await page.getByRole('button', { name: 'Save' }).click();
    await conflictDialog(page).waitFor();
    await animationsFinished(page);
    expect(await rowOf(page, 'Reference')).toEqual(['REF-THEIRS', mine]);
    await screenshot(page, 'edit-conflict-asset-panel-phone');
    await expectConflictDialogFits(page);
    await expectAccessible(page);

    await conflictDialog(page).getByRole('button', { name: 'Reload' }).click();
    await conflictDialog(page).waitFor({ state: 'detached' });
    expect(await page.getByLabel('Reference').inputValue()).toBe('REF-THEIRS');
    expect(await readAsset(asset.id)).toMatchObject({ reference: 'REF-THEIRS', version: asset.version + 1 });
    await page.close();
  }, 240_000);

  it('a tag reporting while the panel is open: the save goes through and keeps what the tag set', async () => {
    const devEui = `C0FE${Date.now().toString(16).toUpperCase().slice(-12).padStart(12, '0')}`;
    const device = await call<Device>('POST', '/api/devices', {
      token: await tokenOf('superadmin'),
      body: { dev_eui: devEui, name: 'Reporting tag' },
    });
    const created = await call<Asset>('POST', '/api/assets', {
      token: await tokenOf('admin'),
      body: { name: `Reporting ${stamp()}`, devices: [device.body.id] },
    });
    const asset = created.body;
    const page = await browser.newPage({ viewport: DESKTOP });
    await signInAs(page, 'admin', `/assets/${asset.id}`);
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.getByLabel('Description').fill('Edited while it reported');
    const at = new Date(Math.floor(Date.now() / 1000) * 1000);
    await publishMqtt({
      devEui,
      at,
      payload: { eventType: 'moving', fix: { latitude: 52.09, longitude: 5.12, accuracy: 10 } },
    });
    type Reported = Asset & { status: { status: string } | null; last_event: { date: string } | null };
    const reported = await waitFor(
      async () => (await readAsset(asset.id)) as Reported,
      (read) => read.last_event?.date === at.toISOString(),
    );
    expect(reported.version).toBe(asset.version);

    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Asset updated').waitFor();
    expect(await conflictDialog(page).count()).toBe(0);
    const stored = (await readAsset(asset.id)) as Reported;
    expect(stored).toMatchObject({ description: 'Edited while it reported', version: asset.version + 1 });
    // The form showed no status; the tag's "moving" stays, and so does its position.
    expect(stored.status?.status).toBe('moving');
    expect(stored.last_event?.date).toBe(at.toISOString());
    await page.close();
  }, 240_000);

  it('in Dutch on a phone: the dialog is translated and accessible', async () => {
    const asset = await newAsset(`Conflict nl ${stamp()}`);
    const page = await browser.newPage({ viewport: PHONE });
    await signInAs(page, 'admin');
    await page.evaluate(({ key }) => localStorage.setItem(key, 'nl'), { key: LANGUAGE_STORAGE_KEY });
    await page.goto(consoleUrl(`/assets/${asset.id}`));
    await page.getByRole('button', { name: assetsNl.words.edit, exact: true }).click();
    await page.getByLabel(assetsNl.fields.description).fill('Van mij');
    await saveAsOther(`/api/assets/${asset.id}`, { name: asset.name, description: 'Van hen' });
    await page.getByRole('button', { name: assetsNl.words.save, exact: true }).click();
    await conflictDialog(page).getByRole('heading', { name: commonNl.conflict.title }).waitFor();
    await animationsFinished(page);
    expect(await rowOf(page, assetsNl.fields.description)).toEqual(['Van hen', 'Van mij']);
    await screenshot(page, 'edit-conflict-asset-panel-phone-nl');
    await expectConflictDialogFits(page);
    await expectAccessible(page);
    await page.close();
  }, 240_000);

  it('inline Scheduled date: a row read before someone’s save opens the dialog; Overwrite saves the day', async () => {
    const asset = await newAsset(`Conflict schedule ${stamp()}`);
    const page = await browser.newPage({ viewport: DESKTOP });
    // The row must stay as read: with the live console connected, their save would refresh it first (and the
    // inline save would then rightly succeed), a race this test is not about. The live socket goes nowhere.
    await page.routeWebSocket(/\/event/, () => undefined);
    await signInAs(page, 'admin', `/assets?id=${asset.id}`);
    const picker = page.locator('tbody tr').first().getByLabel('Scheduled');
    await picker.waitFor();
    await saveAsOther(`/api/assets/${asset.id}`, { name: `${asset.name} renamed` });

    const day = nextWeek();
    await picker.fill(day);
    await conflictDialog(page).waitFor();
    await animationsFinished(page);
    expect((await rowOf(page, 'Name'))[0]).toBe(`${asset.name} renamed`);
    await screenshot(page, 'edit-conflict-scheduled-desktop');
    await conflictDialog(page).getByRole('button', { name: 'Overwrite' }).click();
    await page.getByText('Asset updated').waitFor();
    // Overwrite sends the day over their version: their rename stays.
    const stored = await readAsset(asset.id);
    expect(stored.scheduled?.slice(0, 10)).toBe(day);
    expect(stored.name).toBe(`${asset.name} renamed`);
    await page.close();
  }, 240_000);

  it('device drawer: their change beside yours; Reload shows theirs', async () => {
    const created = await call<Device>('POST', '/api/devices', {
      token: await tokenOf('superadmin'),
      body: {
        dev_eui: `C0FF${Date.now().toString(16).toUpperCase().slice(-12).padStart(12, '0')}`,
        name: 'Drawer tag',
      },
    });
    expect(created.status).toBe(201);
    const page = await browser.newPage({ viewport: DESKTOP });
    await signInAs(page, 'admin', `/devices/${created.body.id}`);
    // The drawer's fields are there before the device is: typing into them first would make the form dirty
    // before it is filled, and a device read after their save would carry their version (no conflict to show).
    const nameField = page.getByLabel('Sensor name');
    await waitFor(
      () => nameField.inputValue(),
      (value) => value === 'Drawer tag',
    );
    await nameField.fill('My name');
    await saveAsOther(`/api/devices/${created.body.id}`, { name: 'Drawer tag', model: 'Their model' });
    await page.getByRole('button', { name: 'Save' }).click();
    await conflictDialog(page).waitFor();
    await animationsFinished(page);
    expect(await rowOf(page, 'Model')).toEqual(['Their model', '—']);
    await screenshot(page, 'edit-conflict-device-drawer-desktop');

    await conflictDialog(page).getByRole('button', { name: 'Reload' }).click();
    await conflictDialog(page).waitFor({ state: 'detached' });
    expect(await page.getByRole('textbox', { name: 'Model', exact: true }).inputValue()).toBe('Their model');
    expect(await page.getByLabel('Sensor name').inputValue()).toBe('Drawer tag');
    await page.close();
  }, 240_000);

  it('alarm rule panel (the shared panel form): their text beside yours; Overwrite keeps yours', async () => {
    const token = await tokenOf('admin');
    const rule = await call<{ id: number }>('POST', '/api/alarms', {
      token,
      body: { name: `Conflict rule ${stamp()}`, type: 2, text: 'Battery low.', email: null },
    });
    expect(rule.status).toBe(201);
    const page = await browser.newPage({ viewport: DESKTOP });
    await signInAs(page, 'admin', `/alarm-rules/${rule.body.id}`);
    const name = page.getByRole('textbox', { name: 'Name' });
    await page.locator('form#alarm-rule-form:not([aria-busy="true"])').waitFor();
    await name.fill('My rule name');
    const path = `/api/alarms/${rule.body.id}`;
    const read = await call<Record<string, unknown>>('GET', path, { token });
    await saveAsOther(path, { name: read.body.name, type: 2, text: 'Their text.', email: null });
    await page.getByRole('button', { name: 'Save' }).click();
    await conflictDialog(page).waitFor();
    await animationsFinished(page);
    expect(await rowOf(page, 'Text')).toEqual(['Their text.', 'Battery low.']);
    await expectAccessible(page);
    await screenshot(page, 'edit-conflict-alarm-rule-desktop');

    const saved = page.waitForResponse((r) => r.url().endsWith(path) && r.request().method() === 'PUT');
    await conflictDialog(page).getByRole('button', { name: 'Overwrite' }).click();
    expect((await saved).status()).toBe(200);
    const stored = (await call<{ name: string; text: string }>('GET', path, { token })).body;
    expect(stored).toMatchObject({ name: 'My rule name', text: 'Battery low.' });
    await call('DELETE', path, { token });
    await page.close();
  }, 240_000);
});
