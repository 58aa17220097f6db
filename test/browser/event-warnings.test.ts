import type { Browser, Page } from 'playwright-core';
import assetsNl from '../../web/src/i18n/features/assets/nl.json';
import { LANGUAGE_STORAGE_KEY } from '../../web/src/i18n/languages';
import { call, tokenOf } from '../harness/api';
import { consoleUrl, DESKTOP, launchBrowser, PHONE, screenshot, signInAs } from '../harness/browser';
import { publish, publishMqtt, waitFor } from '../harness/uplinks';

/**
 * An uplink whose position was dropped is still in the device's event list, without a
 * position and with the reason (docs/decisions/0246-every-way-in-robust-bad-positions-and-undecodable-payloads-dropped.md), in the user's language around the
 * server's English words.
 */
let browser: Browser;
let assetId: number;
const DROPPED = 'Position dropped: Position 0/0 (a tag without a fix)';

beforeAll(async () => {
  browser = await launchBrowser();
  const devEui = `C0DE${Date.now().toString(16).toUpperCase().slice(-12).padStart(12, '0')}`;
  const device = await call<{ id: number }>('POST', '/api/devices', {
    token: await tokenOf('superadmin'),
    body: { dev_eui: devEui, name: 'Warning tag' },
  });
  expect(device.status).toBe(201);
  const created = await call<{ id: number }>('POST', '/api/assets', {
    token: await tokenOf('admin'),
    body: { name: `Warnings ${Date.now()}`, devices: [device.body.id] },
  });
  expect(created.status).toBe(201);
  assetId = created.body.id;
  const first = new Date(Math.floor(Date.now() / 1000) * 1000 - 120_000);
  await publishMqtt({
    devEui,
    at: first,
    payload: { eventType: 'still', fix: { latitude: 52.09, longitude: 5.12, accuracy: 10 } },
  });
  const dropped = new Date(first.getTime() + 60_000);
  await publish(`tracking/${devEui}/uplink`, {
    devEui,
    time: dropped.toISOString(),
    eventType: 'moving',
    position: { latitude: 0, longitude: 0 },
  });
  const admin = await tokenOf('admin');
  await waitFor(
    async () =>
      (await call<{ last_event: { date: string } | null }>('GET', `/api/assets/${assetId}`, { token: admin })).body,
    (asset) => asset.last_event?.date === dropped.toISOString(),
  );
});

afterAll(async () => {
  await browser?.close();
});

async function openEvents(page: Page, tab: string, list: string) {
  await page.goto(consoleUrl(`/assets/${assetId}`));
  await page.getByRole('tab', { name: tab }).click();
  await page.getByRole('list', { name: list }).locator('[data-event-warning]').first().waitFor();
}

describe('event warnings', () => {
  it('shows the dropped position on its event (desktop, English)', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await signInAs(page, 'admin');
    await openEvents(page, 'Events', 'Events');
    const warnings = page.locator('[data-event-warning]');
    expect(await warnings.allTextContents()).toEqual([`Warning: ${DROPPED}`]);
    await screenshot(page, 'event-warnings-desktop-en');
    await page.close();
  }, 120_000);

  it('in Dutch on a phone', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await signInAs(page, 'admin');
    await page.evaluate(({ key }) => localStorage.setItem(key, 'nl'), { key: LANGUAGE_STORAGE_KEY });
    await openEvents(page, assetsNl.panel.events, assetsNl.panel.events);
    const warning = page.locator('[data-event-warning]').first();
    expect(await warning.textContent()).toBe(`${assetsNl.events.warning} ${DROPPED}`);
    expect(await warning.locator('[lang="en"]').textContent()).toBe(DROPPED);
    await screenshot(page, 'event-warnings-phone-nl');
    await page.close();
  }, 120_000);
});
