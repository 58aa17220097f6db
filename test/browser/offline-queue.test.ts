import type { Browser, BrowserContext, Page } from 'playwright-core';
import assetsDe from '../../web/src/i18n/features/assets/de.json';
import assetsEn from '../../web/src/i18n/features/assets/en.json';
import assetsFr from '../../web/src/i18n/features/assets/fr.json';
import assetsNl from '../../web/src/i18n/features/assets/nl.json';
import commonDe from '../../web/src/i18n/features/common/de.json';
import commonEn from '../../web/src/i18n/features/common/en.json';
import commonFr from '../../web/src/i18n/features/common/fr.json';
import commonNl from '../../web/src/i18n/features/common/nl.json';
import offlineDe from '../../web/src/i18n/features/offline/de.json';
import offlineEn from '../../web/src/i18n/features/offline/en.json';
import offlineFr from '../../web/src/i18n/features/offline/fr.json';
import offlineNl from '../../web/src/i18n/features/offline/nl.json';
import { LANGUAGE_STORAGE_KEY } from '../../web/src/i18n/languages';
import { call, tokenOf } from '../harness/api';
import { axeViolations, serious } from '../harness/axe';
import { animationsFinished, consoleUrl, launchBrowser, PHONE, screenshot, signInAs } from '../harness/browser';
import { conflictDialog, conflictRowOf, expectConflictDialogAccessible, saveAsOther } from '../harness/conflicts';
import { waitUntil } from '../harness/wait';

/**
 * The transporter's reports made without network (web/src/offline/): queued on the device and shown as pending,
 * sent when the connection returns, once even when the first send's answer was lost (the Idempotency-Key), and
 * a change made meanwhile on the server asked about in the conflict dialog instead of overwritten. On a phone,
 * where these reports are made.
 */
type Asset = { id: number; version: number; name: string; status: { status: string } | null };
type AuditPage = { 'hydra:member': { action: string }[] };
const LANGUAGES = ['en', 'nl', 'de', 'fr'] as const;
type Language = (typeof LANGUAGES)[number];
const STRINGS = {
  en: { offline: offlineEn, assets: assetsEn, common: commonEn },
  nl: { offline: offlineNl, assets: assetsNl, common: commonNl },
  de: { offline: offlineDe, assets: assetsDe, common: commonDe },
  fr: { offline: offlineFr, assets: assetsFr, common: commonFr },
};
const strings = (language: Language) => STRINGS[language];

const stamp = () => `${Date.now()}`.slice(-7);

async function newCustomerAsset(name: string): Promise<Asset> {
  const created = await call<Asset>('POST', '/api/assets', {
    token: await tokenOf('admin'),
    body: { name, client: 1 },
  });
  expect(created.status).toBe(201);
  return created.body;
}

const readAsset = async (id: number) =>
  (await call<Asset>('GET', `/api/assets/${id}`, { token: await tokenOf('admin') })).body;

/** The reports of one kind the server took for an asset: its audit entries (the asset is the test's own). */
async function reportsMade(assetId: number, action: string) {
  const page = await call<AuditPage>('GET', `/api/audit?entityType=assets&entityId=${assetId}&itemsPerPage=50`, {
    token: await tokenOf('admin'),
  });
  return page.body['hydra:member'].filter((entry) => entry.action === action).length;
}

const assetPanel = (page: Page) =>
  page
    .getByRole('dialog')
    .filter({ has: page.getByRole('heading', { level: 2 }) })
    .last();
const queueButton = (page: Page) => page.getByTestId('offline-queue-button');

async function openAsTransporter(browser: Browser, asset: Asset, language: Language = 'en') {
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  await page.addInitScript(`localStorage.setItem(${JSON.stringify(LANGUAGE_STORAGE_KEY)}, '${language}')`);
  await signInAs(page, 'transporter', `/assets/${asset.id}`);
  await assetPanel(page).getByText(asset.name, { exact: true }).first().waitFor();
  return { context, page };
}

/** Offline, the report is kept: the panel's pending chip, the top bar's count and its list say so. */
async function reportOffline(context: BrowserContext, page: Page, button: string, language: Language) {
  const { offline } = strings(language);
  await context.setOffline(true);
  await assetPanel(page).getByRole('button', { name: button }).click();
  await assetPanel(page)
    .getByTestId('asset-pending-chip')
    .getByText(offline.pending.replace('{{count}}', '1'))
    .waitFor();
  await page.locator('[data-testid="offline-queue-button"][data-count="1"][data-online="false"]').waitFor();
}

describe('actions queued on the device', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('keeps a report made offline as pending and sends it once on reconnect, a lost answer included', async () => {
    const asset = await newCustomerAsset(`Offline delivered ${stamp()}`);
    const { context, page } = await openAsTransporter(browser, asset);
    await reportOffline(context, page, 'Report delivered buck', 'en');
    await queueButton(page).click();
    await page.getByTestId('queued-action').filter({ hasText: asset.name }).getByText('Waiting').waitFor();
    await animationsFinished(page);
    await screenshot(page, 'offline-queue-pending-phone');
    // The list is a new popover: axe's WCAG 2 A/AA rules on it (conventions), no serious or critical violation.
    const found = serious(await axeViolations(page, { include: '[data-testid="offline-queue"]' }));
    expect(found.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    await page.keyboard.press('Escape');
    expect((await readAsset(asset.id)).status?.status).toBe('registered');

    // Back online, the first send reaches the server but its answer is lost on the way back: it waits again.
    let lost = 0;
    await page.route(`**/api/assets/${asset.id}/delivered`, async (route) => {
      if (route.request().method() !== 'PUT') return route.fallback();
      await route.fetch();
      lost += 1;
      await route.abort('connectionreset');
    });
    await queueButton(page).click();
    await context.setOffline(false);
    await waitUntil(
      'the first send to be made and its answer lost',
      async () => lost,
      (sends) => sends === 1,
    );
    await page.locator('[data-testid="queued-action"][data-state="pending"]').waitFor();
    expect((await readAsset(asset.id)).status?.status).toBe('send_delivered');
    await page.unroute(`**/api/assets/${asset.id}/delivered`);
    // Sent again with the same key: the server answers as before and makes no second report.
    await page.getByRole('button', { name: 'Send now' }).click();
    await page.getByText('Notification is send').waitFor();
    await assetPanel(page).getByText('Asset is delivered').waitFor();
    await queueButton(page).waitFor({ state: 'detached' });
    expect(await reportsMade(asset.id, 'assets.delivered')).toBe(1);
    await context.close();
  });

  it('asks about a change made on the server meanwhile, and reports again on the new version', async () => {
    const asset = await newCustomerAsset(`Offline conflict ${stamp()}`);
    const { context, page } = await openAsTransporter(browser, asset);
    await reportOffline(context, page, 'Report empty buck', 'en');
    await saveAsOther(`/api/assets/${asset.id}`, { name: `${asset.name} renamed` });
    await context.setOffline(false);
    await conflictDialog(page).getByRole('heading', { name: 'Changed by someone else' }).waitFor();
    await animationsFinished(page);
    expect(await conflictRowOf(page, 'Name')).toEqual([`${asset.name} renamed`, asset.name]);
    await screenshot(page, 'offline-queue-conflict-phone');
    await expectConflictDialogAccessible(page);
    expect(await reportsMade(asset.id, 'assets.deregister')).toBe(0);

    await conflictDialog(page).getByRole('button', { name: 'Overwrite' }).click();
    await assetPanel(page).getByText('Asset is signed off').waitFor();
    expect((await readAsset(asset.id)).status?.status).toBe('send_deregistered');
    expect(await reportsMade(asset.id, 'assets.deregister')).toBe(1);
    await context.close();
  });

  it('keeps a report the server refused as failed, for the user to drop', async () => {
    const asset = await newCustomerAsset(`Offline refused ${stamp()}`);
    const { context, page } = await openAsTransporter(browser, asset);
    await reportOffline(context, page, 'Report empty buck', 'en');
    // A refusal that no change on the server explains (as a rule added meanwhile would give): 422 with its reason.
    await page.route(`**/api/assets/${asset.id}/deregister`, (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({
            status: 422,
            contentType: 'application/ld+json',
            body: JSON.stringify({ status: 422, detail: 'status: Asset is signed off', violations: [] }),
          })
        : route.fallback(),
    );
    await queueButton(page).click();
    await context.setOffline(false);
    const refused = page.locator('[data-testid="queued-action"][data-state="failed"]');
    await refused.getByText('Refused', { exact: true }).waitFor();
    await refused.getByText(/status: Asset is signed off/).waitFor();
    await animationsFinished(page);
    await screenshot(page, 'offline-queue-refused-phone');
    await refused.getByRole('button', { name: 'Drop' }).click();
    await queueButton(page).waitFor({ state: 'detached' });
    expect((await readAsset(asset.id)).status?.status).toBe('registered');
    await context.close();
  });

  it.each(LANGUAGES.filter((language) => language !== 'en'))(
    'says what waits and what conflicts in %s',
    async (language) => {
      const { offline, assets, common } = strings(language);
      const asset = await newCustomerAsset(`Offline ${language} ${stamp()}`);
      const { context, page } = await openAsTransporter(browser, asset, language);
      await reportOffline(context, page, assets.report.empty, language);
      await queueButton(page).click();
      await page.getByTestId('queued-action').getByText(offline.state.pending, { exact: true }).waitFor();
      await page.getByText(offline.offlineNote).waitFor();
      await animationsFinished(page);
      await screenshot(page, `offline-queue-pending-${language}-phone`);
      await page.keyboard.press('Escape');
      await saveAsOther(`/api/assets/${asset.id}`, { name: `${asset.name} *` });
      await context.setOffline(false);
      await conflictDialog(page).getByRole('heading', { name: common.conflict.title }).waitFor();
      await conflictDialog(page).getByRole('button', { name: common.conflict.reload }).click();
      await queueButton(page).waitFor({ state: 'detached' });
      expect((await readAsset(asset.id)).status?.status).toBe('registered');
      await context.close();
    },
  );

  it('shows an asset page opened before as its last known data when offline', async () => {
    const asset = await newCustomerAsset(`Offline read ${stamp()}`);
    const context = await browser.newContext({ viewport: PHONE, serviceWorkers: 'allow' });
    const page = await context.newPage();
    await signInAs(page, 'transporter', `/assets/${asset.id}`);
    await assetPanel(page).getByText(asset.name, { exact: true }).first().waitFor();
    // The worker takes the pages loaded after it is active: one reload online, then one with no network.
    await page.evaluate('navigator.serviceWorker.ready.then(() => undefined)');
    await page.reload();
    await assetPanel(page).getByText(asset.name, { exact: true }).first().waitFor();
    await context.setOffline(true);
    await page.goto(consoleUrl(`/assets/${asset.id}`));
    await assetPanel(page).getByText(asset.name, { exact: true }).first().waitFor();
    await page
      .getByTestId('offline-data-notice')
      .getByText(/^Offline — last known data from \d\d\/\d\d\/\d{4} \d\d:\d\d$/)
      .waitFor();
    await screenshot(page, 'offline-queue-last-known-phone');
    await context.close();
  });
});
