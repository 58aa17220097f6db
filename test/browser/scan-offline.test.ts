import type { Browser } from 'playwright-core';
import { call, tokenOf } from '../harness/api';
import { animationsFinished, PHONE, screenshot, signInAs } from '../harness/browser';
import { conflictDialog, conflictRowOf, expectConflictDialogFits, saveAsOther } from '../harness/conflicts';
import { browserFilming, newPhonePage } from '../harness/fake-camera';

type Asset = { id: number; name: string; version: number; status: { status: string } | null };

/**
 * The depot's check-out and check-in made where there is no signal (docs/decisions/0330): the scanned asset's
 * action is kept on the phone and shown pending, sent on reconnect, and a change made meanwhile by someone else
 * is asked about in the conflict dialog, never overwritten. The asset is this block's own, filmed by its camera.
 */
describe('scanning at the depot without a connection', () => {
  type Stored = Asset & { client: { id: number; company: string | null } | null };
  let browser: Browser;
  let asset: Asset;
  const stored = async () =>
    (await call<Stored>('GET', `/api/assets/${asset.id}`, { token: await tokenOf('admin') })).body;
  const updatesAudited = async () => {
    const page = await call<{ 'hydra:member': { action: string }[] }>(
      'GET',
      `/api/audit?entityType=assets&entityId=${asset.id}&itemsPerPage=50`,
      { token: await tokenOf('admin') },
    );
    return page.body['hydra:member'].filter((entry) => entry.action === 'assets.update').length;
  };

  beforeAll(async () => {
    const created = await call<Asset>('POST', '/api/assets', {
      token: await tokenOf('admin'),
      body: { name: `Depot reel ${Date.now()}`, client: null },
    });
    expect(created.status).toBe(201);
    asset = created.body;
    browser = await browserFilming(asset);
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function scanAsAdmin() {
    const page = await newPhonePage(browser);
    await signInAs(page, 'admin', '/scan');
    const scanned = page.locator(`[data-testid="scanned-asset"][data-asset-id="${asset.id}"]`);
    await scanned.waitFor({ timeout: 60_000 });
    return { page, scanned, depot: scanned.getByTestId('depot-check') };
  }

  it('keeps a check-out made offline as pending and sends it once on reconnect', async () => {
    const { page, scanned, depot } = await scanAsAdmin();
    const before = await stored();
    await depot.getByRole('combobox', { name: 'Customer' }).fill('De Boer');
    await page
      .getByRole('option', { name: /De Boer/ })
      .first()
      .click();
    const updatesBefore = await updatesAudited();

    await page.context().setOffline(true);
    // A photo is not kept on the phone: offline a report with one waits for it to be removed.
    const photo = await page.screenshot({ type: 'jpeg', quality: 80 });
    await page
      .getByTestId('scan-photo-input')
      .setInputFiles({ name: 'IMG_0002.jpg', mimeType: 'image/jpeg', buffer: photo });
    const photoOffline = scanned.getByText(/^No connection: a photo is not kept on the phone\./);
    await photoOffline.waitFor();
    expect(await scanned.getByRole('button', { name: 'Report empty' }).isDisabled()).toBe(true);
    await scanned.getByRole('button', { name: 'Remove the photo' }).click();
    await photoOffline.waitFor({ state: 'detached' });
    expect(await scanned.getByRole('button', { name: 'Report empty' }).isDisabled()).toBe(false);

    await depot.getByRole('button', { name: 'Check out to the customer' }).click();
    await scanned.getByTestId('scan-pending-chip').getByText('Pending: 1').waitFor();
    await page.locator('[data-testid="offline-queue-button"][data-count="1"][data-online="false"]').waitFor();
    await page.getByText('Kept on this phone: it is sent when the connection returns.').waitFor();
    expect(await depot.getByRole('button', { name: 'Check in at the depot' }).isDisabled()).toBe(true);
    await animationsFinished(page);
    await screenshot(page, 'scan-depot-offline-phone');
    // On a narrower phone (360 px) the queue's list stays whole on screen.
    await page.setViewportSize({ width: 360, height: 740 });
    await page.getByTestId('offline-queue-button').click();
    const list = page.getByRole('dialog', { name: 'Waiting to be sent' });
    await list.getByTestId('queued-action').waitFor();
    await screenshot(page, 'scan-depot-offline-queue-360');
    const box = await list.boundingBox();
    expect(box && [box.x >= 0, box.x + box.width <= 360]).toEqual([true, true]);
    await page.keyboard.press('Escape');
    await list.waitFor({ state: 'detached' });
    await page.setViewportSize(PHONE);
    const waiting = await stored();
    expect([waiting.version, waiting.client]).toEqual([before.version, before.client]);

    await page.context().setOffline(false);
    await page.getByText(`Checked out to the customer: ${asset.name}`).waitFor();
    await scanned.getByText(/^Customer: .*De Boer/).waitFor();
    await page.locator(`[data-testid="scanned-asset"][data-status="registered"]`).waitFor();
    await page.getByTestId('offline-queue-button').waitFor({ state: 'detached' });
    const sent = await stored();
    expect([sent.version, sent.status?.status, sent.client?.company]).toEqual([
      before.version + 1,
      'registered',
      expect.stringMatching(/De Boer/),
    ]);
    expect(await updatesAudited()).toBe(updatesBefore + 1);
    await page.context().close();
  });

  it('asks about a change made by someone else meanwhile, and keeps theirs when told to', async () => {
    const { page, scanned, depot } = await scanAsAdmin();
    await page.context().setOffline(true);
    await depot.getByRole('button', { name: 'Check in at the depot' }).click();
    await scanned.getByTestId('scan-pending-chip').waitFor();
    // Another user renames the asset and hands it to demo's customer 1 while the phone has no signal.
    const renamed = `${asset.name} moved`;
    await saveAsOther(`/api/assets/${asset.id}`, { name: renamed, client: 1, status: 'registered' });
    const theirs = await stored();

    await page.context().setOffline(false);
    await conflictDialog(page).getByRole('heading', { name: 'Changed by someone else' }).waitFor();
    expect(await conflictRowOf(page, 'Name')).toEqual([renamed, asset.name]);
    await animationsFinished(page);
    await screenshot(page, 'scan-depot-conflict-phone');
    await expectConflictDialogFits(page);
    // Nothing was written while the dialog waits for the choice.
    expect((await stored()).version).toBe(theirs.version);

    await conflictDialog(page).getByRole('button', { name: 'Reload' }).click();
    await page.getByTestId('offline-queue-button').waitFor({ state: 'detached' });
    // The card shows the asset as it is now, not as scanned.
    await scanned.getByRole('heading', { name: renamed }).waitFor();
    const kept = await stored();
    expect([kept.version, kept.name, kept.client?.id, kept.status?.status]).toEqual([
      theirs.version,
      renamed,
      1,
      'registered',
    ]);
    await page.context().close();
  });

  it("makes the check-in again on the asset as it is now when told to overwrite, keeping the other's rename", async () => {
    const { page, scanned, depot } = await scanAsAdmin();
    await page.context().setOffline(true);
    await depot.getByRole('button', { name: 'Check in at the depot' }).click();
    await scanned.getByTestId('scan-pending-chip').waitFor();
    const renamed = `${asset.name} renamed`;
    await saveAsOther(`/api/assets/${asset.id}`, { name: renamed, client: 1, status: 'registered' });
    const theirs = await stored();

    await page.context().setOffline(false);
    await conflictDialog(page).getByRole('button', { name: 'Overwrite' }).click();
    await page.getByTestId('offline-queue-button').waitFor({ state: 'detached' });
    await page.locator(`[data-testid="scanned-asset"][data-status="deregistered"]`).waitFor();
    const checkedIn = await stored();
    // The check-in's own fields win; the name is the other user's, not the one scanned.
    expect([checkedIn.version, checkedIn.name, checkedIn.client, checkedIn.status?.status]).toEqual([
      theirs.version + 1,
      renamed,
      null,
      'deregistered',
    ]);
    await page.context().close();
  });
});
