import type { Browser, Page } from 'playwright-core';
import { call, tokenOf } from '../harness/api';
import { consoleUrl, DESKTOP, launchBrowser, PHONE, screenshot, signInAs, waitForScreen } from '../harness/browser';
import { conflictDialog, conflictRowOf, saveAsOther } from '../harness/conflicts';

/** Asset profiles (spec 000 /asset-profiles and the asset's profile block) driven as an admin. */

const run = Date.now().toString(36);
const drawer = (page: Page) => page.locator('.MuiDrawer-paper').last();

/** A seeded asset that holds a cable reel profile. */
async function assetWithProfile(): Promise<number> {
  const admin = await tokenOf('admin');
  for (let id = 60; id < 120; id++) {
    const asset = await call<{ asset_profile_relations: string[] }>('GET', `/api/assets/${id}`, { token: admin });
    if (asset.status === 200 && asset.body.asset_profile_relations.length > 0) return id;
  }
  throw new Error('no seeded asset with a profile');
}

/** Save in the profile block, Yes in its question, and the question gone again. */
async function saveProfile(page: Page) {
  await page.getByRole('region', { name: 'Asset profile' }).getByRole('button', { name: 'Save', exact: true }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: 'Save asset profile' });
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await confirm.waitFor({ state: 'detached' });
}

describe('asset profiles in the console', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('edits a cable type of the definition', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await signInAs(page, 'admin', '/asset-profiles');
    await page.getByRole('cell', { name: 'Kabelhaspels' }).waitFor({ timeout: 90_000 });
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'asset-profiles-list-desktop');

    await page.getByRole('cell', { name: 'Kabelhaspels' }).click();
    await waitForScreen(page, /\/asset-profiles\/1$/);
    const cables = drawer(page).getByRole('region', { name: 'Cable types' });
    await cables.waitFor();
    await screenshot(page, 'asset-profiles-editor-desktop');

    await cables
      .getByRole('button', { name: /^Edit / })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: 'Edit cable type' });
    await dialog.getByLabel(/^Description/).fill('');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await dialog.getByText('The name is required').waitFor();
    await screenshot(page, 'asset-profiles-cable-dialog-desktop');
    await dialog.getByLabel(/^Description/).fill(`Browser ${run}`);
    await dialog.getByRole('button', { name: 'OK' }).click();
    await dialog.waitFor({ state: 'detached' });
    await cables.getByRole('cell', { name: `Browser ${run}` }).waitFor();

    const lengths = drawer(page).getByRole('region', { name: 'Cable length m' });
    await lengths.getByLabel('New item').fill('1234');
    await lengths.getByRole('button', { name: 'Add item' }).click();
    await lengths.getByText('1234', { exact: true }).waitFor();

    await drawer(page).getByRole('button', { name: 'Save' }).click();
    await page.getByText('Asset profile definition saved').waitFor();
    await waitForScreen(page, /\/asset-profiles$/);
    await page.getByRole('cell', { name: 'Kabelhaspels' }).click();
    await drawer(page)
      .getByRole('cell', { name: `Browser ${run}` })
      .waitFor();
    await page.close();
  }, 180_000);

  it('a definition saved meanwhile opens the conflict dialog; Reload shows theirs and saves nothing', async () => {
    type Definition = { id: number; name: string; type: string; version: number; definitions: Entry[] };
    type Entry = { name: string; type: string; value: unknown[] };
    const token = await tokenOf('admin');
    const read = async () =>
      (
        await call<{ 'hydra:member': Definition[] }>('GET', '/api/asset-profile-definitions?pagination=false', {
          token,
        })
      ).body['hydra:member'].find((d) => d.id === 1) as Definition;
    const before = await read();
    const withLength = (length: number) =>
      before.definitions.map((e) => (e.name === 'cable_length' ? { ...e, value: [...e.value, length] } : e));
    const page = await browser.newPage({ viewport: DESKTOP });
    await signInAs(page, 'admin', '/asset-profiles/1');
    const lengths = drawer(page).getByRole('region', { name: 'Cable length m' });
    await lengths.getByLabel('New item').fill('4321');
    await lengths.getByRole('button', { name: 'Add item' }).click();
    await lengths.getByText('4321', { exact: true }).waitFor();
    const theirs = { name: before.name, type: before.type, definitions: withLength(9876) };
    await saveAsOther('/api/asset-profile-definitions/1', theirs, async () => (await read()).version);

    await drawer(page).getByRole('button', { name: 'Save' }).click();
    await conflictDialog(page).waitFor();
    const [theirText, yourText] = await conflictRowOf(page, 'Cable length m');
    expect([theirText?.includes('9876'), theirText?.includes('4321')]).toEqual([true, false]);
    expect([yourText?.includes('9876'), yourText?.includes('4321')]).toEqual([false, true]);
    await screenshot(page, 'asset-profiles-conflict-desktop');
    await conflictDialog(page).getByRole('button', { name: 'Reload' }).click();
    await conflictDialog(page).waitFor({ state: 'detached' });
    await lengths.getByText('9876', { exact: true }).waitFor();
    expect(await lengths.getByText('4321', { exact: true }).count()).toBe(0);
    // Theirs stands; the seeded lengths come back for the other tests.
    const stored = await read();
    expect(stored.version).toBe(before.version + 1);
    await saveAsOther(
      '/api/asset-profile-definitions/1',
      { ...theirs, definitions: before.definitions },
      async () => stored.version,
    );
    await page.close();
  }, 180_000);

  it('sets the profile of an asset and resets its residual length', async () => {
    const id = await assetWithProfile();
    const page = await browser.newPage({ viewport: DESKTOP });
    await signInAs(page, 'admin', `/assets/${id}`);
    const block = page.getByRole('region', { name: 'Asset profile' });
    await block.getByText('Residual length').waitFor({ timeout: 90_000 });
    await block.getByRole('button', { name: 'Edit profile' }).click();

    await block.getByLabel('Reel type').click();
    await page.getByRole('option').nth(2).click();
    await block.getByLabel('Cable length m').fill(`ongeveer ${run.length}0`);
    await screenshot(page, 'asset-profiles-block-edit-desktop');
    await saveProfile(page);
    await page.getByText('Asset profile saved').first().waitFor();
    await block.getByText(`ongeveer ${run.length}0`).waitFor();

    // Straight after a save (the asset is read again then), Edit profile and Reset ask about the reset.
    await block.getByRole('button', { name: 'Edit profile' }).click();
    await block.getByLabel('Cable length m').fill('500');
    await saveProfile(page);
    await block.getByText('500', { exact: true }).waitFor();
    await block.getByRole('button', { name: 'Edit profile' }).click();
    await block.getByRole('button', { name: 'Reset' }).click();
    const reset = page.getByRole('dialog').filter({ hasText: 'Reset the residual length' });
    await reset.waitFor();
    await screenshot(page, 'asset-profiles-reset-confirm-desktop');
    await reset.getByRole('button', { name: 'Yes' }).click();
    await reset.waitFor({ state: 'detached' });
    await block.getByText('500 m').waitFor();
    await block.getByRole('button', { name: 'Cancel' }).click();
    await block.getByRole('button', { name: 'Edit profile' }).waitFor();
    await screenshot(page, 'asset-profiles-block-desktop');

    await page.setViewportSize(PHONE);
    // On a phone the panel is a temporary drawer (a modal), its content mounted anew: wait for the block there.
    await page.locator('.MuiDrawer-modal').getByRole('region', { name: 'Asset profile' }).waitFor();
    await block.scrollIntoViewIfNeeded();
    await screenshot(page, 'asset-profiles-block-phone');
    await page.goto(consoleUrl('/asset-profiles/1'));
    await drawer(page).getByRole('region', { name: 'Cable types' }).waitFor();
    await screenshot(page, 'asset-profiles-editor-phone');
    await page.close();
  }, 180_000);

  it('an asset profile saved meanwhile opens the conflict dialog; Overwrite saves this block’s values', async () => {
    const id = await assetWithProfile();
    const token = await tokenOf('admin');
    type Profile = { data: { name: string; value: unknown }[]; version: number };
    const uri = (await call<{ asset_profile_relations: string[] }>('GET', `/api/assets/${id}`, { token })).body
      .asset_profile_relations[0] as string;
    const page = await browser.newPage({ viewport: DESKTOP });
    await signInAs(page, 'admin', `/assets/${id}`);
    const block = page.getByRole('region', { name: 'Asset profile' });
    await block.getByRole('button', { name: 'Edit profile' }).click({ timeout: 90_000 });
    await block.getByLabel('Cable length m').fill(`mijn ${run}`);
    const stored = (await call<Profile>('GET', uri, { token })).body;
    const theirs = stored.data.map((v) => (v.name === 'cable_length' ? { ...v, value: `hun ${run}` } : v));
    await saveAsOther(uri, { data: theirs.filter((v) => v.name !== 'residual_length') });

    await saveProfile(page);
    await conflictDialog(page).waitFor();
    expect(await conflictRowOf(page, 'Cable length m')).toEqual([`hun ${run}`, `mijn ${run}`]);
    await screenshot(page, 'asset-profiles-block-conflict-desktop');
    await conflictDialog(page).getByRole('button', { name: 'Overwrite' }).click();
    await page.getByText('Asset profile saved').first().waitFor();
    await block.getByText(`mijn ${run}`).waitFor();
    const saved = (await call<Profile>('GET', uri, { token })).body;
    expect(saved.data.find((v) => v.name === 'cable_length')?.value).toBe(`mijn ${run}`);
    expect(saved.version).toBe(stored.version + 2);
    await page.close();
  }, 180_000);

  it('shows the profile read-only to a user without edit rights on the definition', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await signInAs(page, 'user', '/asset-profiles/1');
    await drawer(page).getByRole('region', { name: 'Cable types' }).waitFor({ timeout: 90_000 });
    expect(await drawer(page).getByRole('button', { name: 'Save' }).count()).toBe(0);
    expect(
      await drawer(page)
        .getByRole('button', { name: /^Edit / })
        .count(),
    ).toBe(0);
    await page.close();
  });
});
