import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import type { WebhookEndpoint } from '../../shared/schemas/webhook';
import { call, tokenOf } from '../harness/api';
import { consoleUrl, DESKTOP, launchBrowser, PHONE, screenshot, signInAs, waitForScreen } from '../harness/browser';
import { waitUntil } from '../harness/wait';

/**
 * Webhooks, console side: an administrator adds a webhook endpoint (the secret shown once), sends a test
 * event to a receiver started here and sees it delivered in the log, sends it again, makes a new secret after
 * confirming, is refused an SSRF address under the field, and deletes the endpoint; chooses the Teams format, whose
 * test event arrives as an Adaptive Card message; the panel at phone width.
 * The demo tenant's endpoints this test makes are removed through the API afterwards.
 */
const drawer = (page: Page) => page.locator('.MuiDrawer-paper:has(h2)').last();

describe('webhook endpoints in the console', () => {
  let browser: Browser;
  let server: Server;
  let url: string;
  let received = 0;
  const bodies: { path: string; body: string }[] = [];
  const made = new Set<number>();

  beforeAll(async () => {
    browser = await launchBrowser();
    server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received += 1;
        bodies.push({ path: request.url ?? '/', body: Buffer.concat(chunks).toString('utf8') });
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://webhook-receiver.localhost:${(server.address() as AddressInfo).port}/browser-${Date.now()}`;
  });
  afterAll(async () => {
    const token = await tokenOf('admin');
    for (const id of made) await call('DELETE', `/api/webhook-endpoints/${id}`, { token });
    await browser?.close();
    await new Promise((resolve) => server.close(resolve));
  });

  const deliveryRows = (page: Page) => drawer(page).getByTestId('webhook-deliveries').getByRole('listitem');

  it('adds an endpoint, shows its secret once, delivers a test event, replays it and rotates the secret', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await signInAs(page, 'admin');
    await page.getByRole('link', { name: 'Webhooks' }).click();
    await waitForScreen(page, /\/webhooks$/);
    // The first visit compiles the screen's chunk under the dev server: give it the time other screens get.
    await page.getByRole('button', { name: 'Add new' }).click({ timeout: 90_000 });
    await waitForScreen(page, /\/webhooks\/new$/);

    // Nothing chosen: the shared schema's message under the event types.
    await drawer(page).getByLabel(/^URL/).fill('https://localhost/hook');
    await drawer(page).getByRole('button', { name: 'Save' }).click();
    await drawer(page).getByText('Choose at least one event type').waitFor();
    // The server's SSRF check answers on the field.
    await drawer(page)
      .getByRole('checkbox', { name: /Alarm raised/ })
      .check();
    await drawer(page).getByRole('button', { name: 'Save' }).click();
    await drawer(page).getByText('The URL must name a host on the internet').waitFor();
    await screenshot(page, 'webhooks-ssrf-refused-desktop');

    await drawer(page).getByLabel(/^URL/).fill(url);
    await drawer(page).getByLabel('Description').fill('Planning system');
    const created = page.waitForResponse((r) => r.url().endsWith('/api/webhook-endpoints') && r.status() === 201);
    await drawer(page).getByRole('button', { name: 'Save' }).click();
    const endpoint = (await (await created).json()) as WebhookEndpoint;
    made.add(endpoint.id);
    await waitForScreen(page, new RegExp(`/webhooks/${endpoint.id}$`));
    const secret = drawer(page).getByTestId('webhook-secret').getByRole('textbox');
    expect(await secret.inputValue()).toBe(endpoint.secret);

    await drawer(page).getByTestId('webhook-test').click();
    await drawer(page).locator('[data-status="delivered"]').first().waitFor();
    expect(received).toBe(1);
    await screenshot(page, 'webhooks-drawer-delivered-desktop');

    await deliveryRows(page).first().getByRole('button', { name: 'Send again' }).click();
    await drawer(page).getByText('2 attempts').waitFor();
    expect(received).toBe(2);

    await drawer(page).getByRole('button', { name: 'New signing secret' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
    await page.getByText('A new signing secret is made').waitFor();
    expect(await secret.inputValue()).not.toBe(endpoint.secret);
    expect(await secret.inputValue()).toMatch(/^whsec_/);

    // A leaked secret: replaced at once, after a confirmation that says what it does to the receiver.
    const rotated = await secret.inputValue();
    await drawer(page).getByRole('button', { name: 'Replace the secret now' }).click();
    await page.getByRole('dialog').getByText('The current one stops signing now').waitFor();
    await screenshot(page, 'webhooks-replace-secret-now-desktop');
    await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
    const replaced = await waitUntil(
      'the panel to show the secret that replaced the rotated one',
      () => secret.inputValue(),
      (value) => value !== rotated,
    );
    expect(replaced).toMatch(/^whsec_/);

    // Reloaded, the panel no longer holds any secret.
    await page.goto(consoleUrl(`/webhooks/${endpoint.id}`));
    await drawer(page).getByLabel('Description').waitFor();
    expect(await drawer(page).getByTestId('webhook-secret').count()).toBe(0);
    // The list behind the panel (hidden from the accessibility tree while the panel is open).
    await page.locator('tbody tr').filter({ hasText: url }).waitFor();
    await screenshot(page, 'webhooks-drawer-reloaded-desktop');

    await drawer(page).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
    await page.getByText('The webhook endpoint is deleted').waitFor();
    await waitForScreen(page, /\/webhooks$/);
    made.delete(endpoint.id);
    await screenshot(page, 'webhooks-list-desktop');
    await page.close();
  });

  it('sends to a Teams channel in its format, chosen in the panel', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await signInAs(page, 'admin', '/webhooks/new');
    const teamsUrl = `${url}-teams`;
    await drawer(page).getByLabel(/^URL/).fill(teamsUrl, { timeout: 90_000 });
    await drawer(page).getByLabel('Message format').click();
    await page.getByRole('option', { name: 'Microsoft Teams (Adaptive Card)' }).click();
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    await screenshot(page, 'webhooks-format-teams-desktop');
    await drawer(page)
      .getByRole('checkbox', { name: /Alarm raised/ })
      .check();
    const created = page.waitForResponse((r) => r.url().endsWith('/api/webhook-endpoints') && r.status() === 201);
    await drawer(page).getByRole('button', { name: 'Save' }).click();
    const endpoint = (await (await created).json()) as WebhookEndpoint;
    made.add(endpoint.id);
    expect(endpoint.format).toBe('teams');
    await waitForScreen(page, new RegExp(`/webhooks/${endpoint.id}$`));
    await drawer(page).getByTestId('webhook-test').click();
    await drawer(page).locator('[data-status="delivered"]').first().waitFor();
    const path = new URL(teamsUrl).pathname;
    const message = JSON.parse(bodies.find((entry) => entry.path === path)?.body ?? '{}');
    expect(message).toMatchObject({
      type: 'message',
      attachments: [{ contentType: 'application/vnd.microsoft.card.adaptive', content: { type: 'AdaptiveCard' } }],
    });
    // Read again, the panel shows the saved format.
    await page.goto(consoleUrl(`/webhooks/${endpoint.id}`));
    await drawer(page).getByText('Microsoft Teams (Adaptive Card)').waitFor();
    await page.close();
  });

  it('works at phone width', async () => {
    const created = await call<WebhookEndpoint>('POST', '/api/webhook-endpoints', {
      token: await tokenOf('admin'),
      body: { url: `${url}-phone`, description: 'ERP', event_types: ['alarm.raised', 'zone.entered'] },
    });
    made.add(created.body.id);
    const page = await browser.newPage({ viewport: PHONE });
    await signInAs(page, 'admin', '/webhooks');
    await page.getByText(`${url}-phone`).waitFor({ timeout: 90_000 });
    await screenshot(page, 'webhooks-list-phone');
    await page.goto(consoleUrl(`/webhooks/${created.body.id}`));
    await drawer(page)
      .getByRole('checkbox', { name: /Zone entered/ })
      .waitFor();
    expect(
      await drawer(page)
        .getByRole('checkbox', { name: /Zone entered/ })
        .isChecked(),
    ).toBe(true);
    await screenshot(page, 'webhooks-drawer-phone');
    await page.close();
  });
});
