import type { Browser, Page } from 'playwright-core';
import { call, tokenOf } from '../harness/api';
import { axeViolations, serious } from '../harness/axe';
import { DESKTOP, launchBrowser, PHONE, screenshot, signInAs, waitForScreen } from '../harness/browser';
import { publishMqtt, waitFor } from '../harness/uplinks';

/**
 * The alarm inbox in the top bar: a sabotage alarm raised through the real local pipeline (an MQTT
 * uplink -> processor -> EventBridge -> alarm handler with the demo tenant's own sabotage rule) appears with
 * the count, announces itself unless muted, is taken, acknowledged with a comment, and leaves when resolved. Without push (or before it) the
 * inbox reads again when the tab comes back to the front: the test shows the tab again to get there.
 */
const stamp = Date.now();
let tags = 0;

const button = (page: Page) => page.getByTestId('alarm-inbox-button');
const countOf = async (page: Page) => Number(await button(page).getAttribute('data-alarm-count'));
/** The console's notifications (filled alerts) that say `text`. */
const notices = (page: Page, text: RegExp) => page.getByRole('alert').filter({ hasText: text });
const inbox = (page: Page) => page.getByTestId('alarm-inbox');
const entriesOf = (page: Page, name: string) =>
  inbox(page)
    .getByTestId('alarm-inbox-entry')
    .filter({ has: page.getByRole('link', { name: `Open ${name}` }) });

/** A fresh asset whose fresh tag reports sabotage: one alarm per sabotage rule of the tenant. */
async function sabotagedAsset(prefix: string): Promise<string> {
  const admin = await tokenOf('admin');
  const name = `${prefix} ${stamp}`;
  const asset = await call<{ id: number }>('POST', '/api/assets', { token: admin, body: { name, client: 1 } });
  tags++;
  const devEui = `${(stamp % 0xffffffff).toString(16).toUpperCase().padStart(8, '0')}000B0C${tags}0`;
  const device = await call<{ id: number }>('POST', '/api/devices', {
    token: await tokenOf('superadmin'),
    body: { dev_eui: devEui, name: `${prefix} tag`, asset: asset.body.id },
  });
  if (device.status !== 201) throw new Error(`device: ${device.status}`);
  await publishMqtt({
    devEui,
    at: new Date(Date.now() - 60_000),
    payload: { eventType: 'moving', fix: { latitude: 51.7, longitude: 5.9, accuracy: 5 }, sabotaged: true },
  });
  await waitFor(
    () => call<{ 'hydra:totalItems': number }>('GET', `/api/assets/${asset.body.id}/alarms`, { token: admin }),
    (answer) => answer.body['hydra:totalItems'] > 0,
  );
  return name;
}

/** The tab is hidden and shown again: the inbox reads again (what push does at once when it is there). */
async function tabShownAgain(page: Page) {
  await page.evaluate(`window.dispatchEvent(new Event('visibilitychange'))`);
}

async function signedIn(browser: Browser, viewport: typeof DESKTOP) {
  const page = await browser.newPage({ viewport });
  await signInAs(page, 'admin');
  await page.waitForSelector('[data-testid="alarm-inbox-button"][data-alarm-count]', { timeout: 120_000 });
  return page;
}

/** Takes a step through its dialog: the entry's button, then the dialog's (with a comment if given). */
async function step(
  page: Page,
  entry: ReturnType<typeof entriesOf>,
  kind: 'Acknowledge' | 'Resolve',
  comment?: string,
) {
  await entry.getByRole('button', { name: kind }).click();
  const dialog = page.getByRole('dialog', { name: `${kind} the alarm` });
  if (comment) await dialog.getByLabel('Comment (optional)').fill(comment);
  await dialog.getByRole('button', { name: kind }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** Resolves every alarm of the asset: resolved alarms leave the inbox (acknowledged ones stay in it). */
async function resolveAll(page: Page, name: string) {
  while ((await entriesOf(page, name).count()) > 0) {
    const before = await entriesOf(page, name).count();
    await step(page, entriesOf(page, name).first(), 'Resolve');
    await waitFor(
      () => entriesOf(page, name).count(),
      (now) => now < before,
    );
  }
}

describe('alarm inbox', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows a new alarm with the count and a notice, resolves it, and stays quiet when muted (desktop)', async () => {
    const page = await signedIn(browser, DESKTOP);
    await page.evaluate(`window.localStorage.removeItem('alarmInbox.muted')`);
    const before = await countOf(page);
    const name = await sabotagedAsset('Inbox reel');
    await tabShownAgain(page);
    await waitFor(
      () => countOf(page),
      (count) => count > before,
    );
    await notices(page, new RegExp(`new alarm.*Asset tag sabotaged – ${name}`, 'i')).waitFor();
    await screenshot(page, 'alarm-inbox-notice-desktop');
    await button(page).click();
    await entriesOf(page, name).first().waitFor();
    const raised = (await countOf(page)) - before;
    expect(await entriesOf(page, name).count()).toBe(raised);
    await screenshot(page, 'alarm-inbox-open-desktop');
    await resolveAll(page, name);
    await waitFor(
      () => countOf(page),
      (count) => count === before,
    );
    await screenshot(page, 'alarm-inbox-resolved-desktop');

    // Muted: the next alarm arrives in the inbox, and no notice names it.
    await page.getByTestId('alarm-notice-switch').click();
    expect(await page.evaluate(`window.localStorage.getItem('alarmInbox.muted')`)).toBe('true');
    await page.keyboard.press('Escape');
    const quiet = await sabotagedAsset('Quiet reel');
    await tabShownAgain(page);
    await waitFor(
      () => countOf(page),
      (count) => count > before,
    );
    await button(page).click();
    await entriesOf(page, quiet).first().waitFor();
    await screenshot(page, 'alarm-inbox-muted-desktop');
    // The notice would have come with the answer that brought the entry.
    expect(await notices(page, new RegExp(quiet)).allTextContents()).toEqual([]);
    await resolveAll(page, quiet);
    await page.close();
  });

  it('lists, links, takes, acknowledges and resolves in a full-width drawer on a phone', async () => {
    const page = await signedIn(browser, PHONE);
    const name = await sabotagedAsset('Phone reel');
    await tabShownAgain(page);
    // The notice first (an open drawer hides the rest of the page from the accessibility tree), closed as a
    // user would, since it lies over the drawer's head for a while.
    const notice = notices(page, new RegExp(`new alarm.*${name}`, 'i'));
    await notice.getByRole('button').click();
    await notice.waitFor({ state: 'detached' });
    await button(page).click();
    const drawer = page.getByRole('presentation').filter({ has: inbox(page) });
    await entriesOf(page, name).first().waitFor();
    const box = await inbox(page).boundingBox();
    expect(Math.round(box?.width ?? 0)).toBe(PHONE.width);
    await screenshot(page, 'alarm-inbox-open-phone');
    await entriesOf(page, name).first().getByRole('link').click();
    // The link opens the asset on its alarms tab, which the address names.
    await waitForScreen(page, /\/assets\/\d+#alarms$/);
    await page
      .getByRole('tab', { name: 'Alarms', selected: true })
      .waitFor()
      .catch(async (error) => {
        await screenshot(page, 'alarm-inbox-asset-failed-phone');
        throw error;
      });
    await screenshot(page, 'alarm-inbox-asset-alarms-phone');
    await page.goBack();
    await waitForScreen(page, (url) => !/\/assets\/\d+$/.test(url.pathname));
    await button(page).click();
    const entry = entriesOf(page, name).first();
    await entry.getByRole('button', { name: 'Take' }).click();
    await entry.getByText('Owner: admin').waitFor();
    await step(page, entry, 'Acknowledge', 'Looking into it');
    await entry.getByText('Acknowledged', { exact: true }).waitFor();
    await screenshot(page, 'alarm-inbox-handled-phone');
    await resolveAll(page, name);
    expect(await drawer.count()).toBeGreaterThan(0);
    await page.close();
  });

  it('filters by owner and state, takes and acknowledges with a comment, and shows who owns what (desktop)', async () => {
    const page = await signedIn(browser, DESKTOP);
    const name = await sabotagedAsset('Handled reel');
    await tabShownAgain(page);
    await button(page).click();
    const entry = entriesOf(page, name).first();
    await entry.waitFor();
    await entry.getByText('No owner').waitFor();
    await entry.getByRole('button', { name: 'Take' }).click();
    await entry.getByText('Owner: admin').waitFor();
    const alarmId = await entry.getAttribute('data-alarm-id');
    const byId = inbox(page).locator(`[data-alarm-id="${alarmId}"]`);
    await step(page, byId, 'Acknowledge', 'Driver called');
    await byId.getByTestId('alarm-state').getByText('Acknowledged').waitFor();
    await screenshot(page, 'alarm-inbox-handling-desktop');

    // Mine: it is there; open only: it is not (it is acknowledged).
    const choose = async (filter: string, option: string) => {
      await page.getByTestId(filter).getByRole('combobox').click();
      await page.getByRole('option', { name: option, exact: true }).click();
    };
    await choose('alarm-filter-owner', 'Me');
    await byId.waitFor();
    await choose('alarm-filter-state', 'Open');
    await byId.waitFor({ state: 'detached' });
    await choose('alarm-filter-owner', 'Anyone');
    // The answer of the new filter is in once its placeholders are gone.
    await waitFor(
      () => inbox(page).locator('.MuiSkeleton-root').count(),
      (count) => count === 0,
    );
    await screenshot(page, 'alarm-inbox-filtered-desktop');
    await choose('alarm-filter-state', 'Not resolved');
    await byId.waitFor();
    // Assigned to a colleague, chosen among the tenant's active staff.
    await byId.getByRole('button', { name: 'Assign' }).click();
    const dialog = page.getByRole('dialog', { name: 'Assign the alarm' });
    await dialog.getByRole('combobox').click();
    await page.getByRole('option', { name: 'Ulrich User (user)' }).click();
    await screenshot(page, 'alarm-inbox-assign-desktop');
    // The accessibility walk meets no alarm in a fresh demo tenant: the handling dialog is checked here.
    expect(
      serious(await axeViolations(page, { include: '[data-testid="alarm-step-dialog"] [role="dialog"]' })),
    ).toEqual([]);
    await dialog.getByRole('button', { name: 'Assign' }).click();
    await dialog.waitFor({ state: 'detached' });
    await byId.getByText('Owner: user').waitFor();
    await resolveAll(page, name);
    await page.close();
  });
});
