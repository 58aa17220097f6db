import type { Browser, Page } from 'playwright-core';
import { publishAlarms } from '../../functions/lib/pipeline/alarms/publish-alarms';
import { call, tokenOf } from '../harness/api';
import { DESKTOP, launchBrowser, PHONE, screenshot, signInAs } from '../harness/browser';
import { readStack } from '../harness/stack';
import { waitUntil } from '../harness/wait';

/** The Alarms tab of the asset panel: alarms sent for the asset, taken, acknowledged and resolved from the console. */

const panel = (page: Page) =>
  page
    .getByRole('dialog')
    .filter({ has: page.getByRole('heading', { level: 2 }) })
    .last();

/**
 * Shows the Alarms tab and waits for `ready` in it. The tab stays chosen while the asset refetches (a live
 * change, the alarm just published): the panel keeps it above its loading and error states.
 */
async function onAlarmsTab(page: Page, ready: (list: ReturnType<Page['getByRole']>) => Promise<unknown>) {
  await panel(page).getByRole('tab', { name: 'Alarms' }).click({ timeout: 120_000 });
  const list = panel(page).getByRole('list', { name: 'Alarms' });
  await ready(list);
  return list;
}

describe('asset alarms tab', () => {
  let browser: Browser;
  let assetId: number;
  const name = `Alarmed reel ${Date.now()}`;

  beforeAll(async () => {
    browser = await launchBrowser();
    const { ports } = readStack();
    Object.assign(process.env, {
      AWS_REGION: 'eu-west-1',
      EVENTBRIDGE_ENDPOINT: `http://127.0.0.1:${ports.EVENTBRIDGE_PORT}`,
    });
    const token = await tokenOf('admin');
    assetId = (await call<{ id: number }>('POST', '/api/assets', { token, body: { name } })).body.id;
    // Through the real path: the bus rule, the alarm handler and the demo tenant's own "outside" rule.
    await publishAlarms([
      {
        tenantId: '1',
        kind: 1,
        assetId,
        assetName: name,
        deviceId: 1,
        deviceName: 'Tag 1',
        devEui: '0011223344556677',
        zoneId: null,
        zoneName: 'Depot',
        at: new Date().toISOString(),
        latitude: 52.09,
        longitude: 5.12,
      },
    ]);
    await waitUntil(
      `the alarm of asset ${assetId} to be recorded`,
      () => call<{ 'hydra:totalItems': number }>('GET', `/api/assets/${assetId}/alarms`, { token }),
      (list) => list.body['hydra:totalItems'] > 0,
      { timeoutMs: 30_000, describe: (list) => `${list.status} ${JSON.stringify(list.body)}` },
    );
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('lists the alarm with its type, text and recipients, takes, acknowledges and resolves it with its history', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await signInAs(page, 'admin', `/assets/${assetId}`);
    const list = await onAlarmsTab(page, (l) =>
      l.getByText('Asset outside the geo zone').first().waitFor({ timeout: 20_000 }),
    );
    const item = list.getByTestId('asset-alarm').first();
    await item.getByText(name, { exact: false }).waitFor();
    await item.getByText(/^Sent to /).waitFor();
    await screenshot(page, 'asset-alarms-desktop');

    await item.getByRole('button', { name: 'Take' }).click();
    await item.getByText('Owner: admin').waitFor();
    await item.getByRole('button', { name: 'Acknowledge' }).click();
    const dialog = page.getByRole('dialog', { name: 'Acknowledge the alarm' });
    await dialog.getByLabel('Comment (optional)').fill('Driver called, on his way back');
    await dialog.getByRole('button', { name: 'Acknowledge' }).click();
    await page.getByText('Alarm acknowledged').waitFor();
    await item.getByText(/^Acknowledged by admin on /).waitFor();
    await item.getByText('“Driver called, on his way back”').waitFor();
    await item.getByText(/^Assigned to admin by admin on /).waitFor();
    await screenshot(page, 'asset-alarms-acknowledged-desktop');

    // The tab is in the address: it stays chosen when the panel turns into the phone's, and after a reload.
    expect(new URL(page.url()).hash).toBe('#alarms');
    await page.setViewportSize(PHONE);
    await panel(page).getByRole('tab', { name: 'Alarms', selected: true }).waitFor();
    await list
      .getByText(/^Acknowledged by admin on /)
      .first()
      .waitFor();
    await screenshot(page, 'asset-alarms-phone');
    await page.reload();
    await list
      .getByText(/^Acknowledged by admin on /)
      .first()
      .waitFor({ timeout: 60_000 });
    await item.getByRole('button', { name: 'Resolve' }).click();
    const resolve = page.getByRole('dialog', { name: 'Resolve the alarm' });
    await resolve.getByLabel('Comment (optional)').fill('Back in the yard');
    await resolve.getByRole('button', { name: 'Resolve' }).click();
    await item.getByText(/^Resolved by admin on /).waitFor();
    await item.getByText('“Back in the yard”').waitFor();
    expect(await item.getByRole('button').count()).toBe(0);
    await screenshot(page, 'asset-alarms-resolved-phone');
    await page.close();
  });

  it("shows each address's alarm mail subscription under the rule's Email field", async () => {
    const email = `panel-${Date.now()}@example.com`;
    const rule = await call<{ id: number }>('POST', '/api/alarms', {
      token: await tokenOf('admin'),
      body: { name: `Subscriptions ${Date.now()}`, type: 2, text: 'Battery of {asset_name} low.', email },
    });
    const page = await browser.newPage({ viewport: DESKTOP });
    await signInAs(page, 'admin', `/alarm-rules/${rule.body.id}`);
    const list = page.getByRole('list', { name: 'Alarm mail subscriptions' });
    await list.waitFor({ timeout: 120_000 });
    await list.getByText(email).waitFor();
    await list.getByText('Pending confirmation').waitFor();
    await screenshot(page, 'alarm-rule-subscriptions-desktop');
    await page.setViewportSize(PHONE);
    await list.getByText('Pending confirmation').waitFor();
    await screenshot(page, 'alarm-rule-subscriptions-phone');
    await page.close();
  });

  it('shows an address SNS refused as failed with the reason, not pending', async () => {
    const email = `refused-${Date.now()}@example.com`;
    const rule = await call<{ id: number }>('POST', '/api/alarms', {
      token: await tokenOf('admin'),
      body: { name: `Refused ${Date.now()}`, type: 2, text: 'Battery of {asset_name} low.', email },
    });
    const page = await browser.newPage({ viewport: PHONE });
    // SNS refusing an address cannot be provoked through the form (the API checks addresses and grows shards
    // past the quota), so the rule's answer is the one a refused save gives.
    await page.route(`**/api/alarms/${rule.body.id}`, async (route) => {
      const answer = await route.fetch();
      const body = {
        ...(await answer.json()),
        subscriptions: [{ email, status: 'failed', reason: 'FilterPolicyLimitExceeded' }],
      };
      await route.fulfill({ response: answer, json: body });
    });
    await signInAs(page, 'admin', `/alarm-rules/${rule.body.id}`);
    const list = page.getByRole('list', { name: 'Alarm mail subscriptions' });
    await list.waitFor({ timeout: 120_000 });
    await list.locator('[data-status="failed"]').getByText('Failed', { exact: true }).waitFor();
    await list.getByText(/SNS refused the subscription \(FilterPolicyLimitExceeded\)/).waitFor();
    await screenshot(page, 'alarm-rule-subscription-failed-phone');
    await page.close();
  });
});
