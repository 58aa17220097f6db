import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { call, tokenOf } from '../harness/api';
import { animationsFinished, DESKTOP, launchBrowser, PHONE, screenshot, signInAs } from '../harness/browser';

/** "Edit selected" on /assets: the dialog, its confirmation, the job's progress and the rows' results. */
const STEP_BUDGET_MS = 240_000;

type Asset = { id: number; version: number; scheduled: string | null };

const dayOffset = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function waitForRows(page: Page, n: number) {
  await page
    .locator('table[aria-busy="false"] tbody tr:not([data-testid="placeholder-row"])')
    .nth(n - 1)
    .waitFor();
}

describe('bulk edit in the console', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it(
    'sets the scheduled date of the selected assets and lists each row done',
    async () => {
      const admin = await tokenOf('admin');
      const run = `bulkui-${randomBytes(4).toString('hex')}`;
      const assets: Asset[] = [];
      for (const name of [`${run} one`, `${run} two`]) {
        const created = await call<Asset>('POST', '/api/assets', { token: admin, body: { name } });
        expect(created.status).toBe(201);
        assets.push(created.body);
      }
      const page = await browser.newPage({ viewport: DESKTOP, acceptDownloads: true });
      await signInAs(page, 'admin', `/assets?search=${run}`);
      await waitForRows(page, 2);
      const boxes = page.locator('tbody tr').getByRole('checkbox');
      for (let i = 0; i < 2; i++) await boxes.nth(i).check();
      await page.getByRole('button', { name: 'Edit selected (2)' }).click();

      const dialog = page.getByRole('dialog', { name: 'Edit several rows' });
      // Next without a field ticked: the shared schema's message, nothing sent.
      await dialog.getByRole('button', { name: 'Next' }).click();
      await dialog.getByText('Choose at least one field to change').waitFor();
      await dialog.getByRole('checkbox', { name: 'Scheduled' }).check();
      await dialog.getByText('Choose at least one field to change').waitFor({ state: 'detached' });
      const day = dayOffset(12);
      await dialog.getByLabel('Scheduled', { exact: true }).and(page.locator('input[type="date"]')).fill(day);
      await animationsFinished(page);
      await screenshot(page, 'bulk-edit-dialog-desktop');
      await page.setViewportSize(PHONE);
      await animationsFinished(page);
      await screenshot(page, 'bulk-edit-dialog-phone');
      await page.setViewportSize(DESKTOP);
      await dialog.getByRole('button', { name: 'Next' }).click();
      await dialog.getByText('Change Scheduled on the 2 selected rows?').waitFor();

      const request = page.waitForRequest((r) => r.method() === 'POST' && r.url().includes('/api/assets/bulk-edit'));
      await dialog.getByRole('button', { name: 'Apply' }).click();
      const sent = (await request).postDataJSON() as { selection: { ids: number[] }; changes: unknown };
      expect(sent.selection.ids.sort()).toEqual(assets.map((a) => a.id).sort());
      expect(sent.changes).toEqual({ scheduled: day });

      await dialog.locator('[data-testid="bulk-edit-result"][data-state="done"]').waitFor();
      await expect(dialog.locator('tbody tr[data-outcome="done"]').count()).resolves.toBe(2);
      await dialog.getByText('Applied: 2. Refused: 0.').waitFor();
      await screenshot(page, 'bulk-edit-result-desktop');
      await page.setViewportSize(PHONE);
      await animationsFinished(page);
      await screenshot(page, 'bulk-edit-result-phone');

      const download = page.waitForEvent('download');
      await dialog.getByRole('button', { name: 'Download CSV' }).click();
      const csv = readFileSync((await (await download).path()) as string, 'utf8');
      const [header, ...lines] = csv
        .replace(/^\uFEFF/, '')
        .split('\r\n')
        .filter(Boolean);
      expect(header).toBe('Id,Result,Reason');
      expect(lines.sort()).toEqual(assets.map((a) => `${a.id},Done,`).sort());
      for (const asset of assets) {
        const read = await call<Asset>('GET', `/api/assets/${asset.id}`, { token: admin });
        expect(read.body.scheduled?.slice(0, 10)).toBe(day);
      }
      await page.close();
    },
    STEP_BUDGET_MS,
  );
});
