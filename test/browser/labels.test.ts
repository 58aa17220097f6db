import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, launchBrowser, screenshot, signInAs } from '../harness/browser';
import { readPdf } from '../harness/export-files';

/** "Print labels" of the selected rows on /assets and /devices (web/src/labels/usePrintLabels.tsx). */
const STEP_BUDGET_MS = 240_000;

async function waitForRows(page: Page) {
  await page.locator('table[aria-busy="false"] tbody tr:not([data-testid="placeholder-row"])').first().waitFor();
}

/** Checks the first `n` rows' boxes, opens the dialog, picks the sheet and saves the PDF. */
async function printLabels(page: Page, n: number, sheet: RegExp, shot: string) {
  const boxes = page.locator('tbody tr').getByRole('checkbox');
  for (let i = 0; i < n; i++) await boxes.nth(i).check();
  await page.getByRole('button', { name: `Print labels (${n})` }).click();
  const dialog = page.getByRole('dialog', { name: 'Print labels' });
  await dialog.getByRole('radio', { name: sheet }).check();
  await screenshot(page, shot);
  const download = page.waitForEvent('download');
  const request = page.waitForRequest((r) => r.method() === 'POST' && r.url().includes('/labels'));
  await dialog.getByRole('button', { name: 'Download PDF' }).click();
  const file = await download;
  await page.getByText('The labels are ready').waitFor();
  const sent = (await request).postDataJSON() as { ids: number[]; sheet: string };
  return { sent, name: file.suggestedFilename(), pdf: await readPdf(readFileSync((await file.path()) as string)) };
}

describe('labels in the console', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it(
    'prints the labels of selected assets',
    async () => {
      const page = await browser.newPage({ viewport: DESKTOP, acceptDownloads: true });
      await signInAs(page, 'admin', '/assets');
      await waitForRows(page);
      const printed = await printLabels(page, 3, /Avery L7163/, 'labels-assets-dialog');
      expect(printed.name).toBe('Assets.labels.a4-2x7.pdf');
      expect(printed.pdf.pages).toBe(1);
      expect(printed.sent).toEqual({ ids: expect.any(Array), sheet: 'a4-2x7' });
      expect(printed.sent.ids).toHaveLength(3);
      await page.close();
    },
    STEP_BUDGET_MS,
  );

  it(
    'prints the labels of selected devices on a roll, one a page',
    async () => {
      const page = await browser.newPage({ viewport: DESKTOP, acceptDownloads: true });
      await signInAs(page, 'admin', '/devices');
      await page.getByRole('columnheader', { name: 'DEVEUI' }).waitFor({ timeout: 90_000 });
      await page.getByTestId('skeleton-row').first().waitFor({ state: 'detached' });
      const printed = await printLabels(page, 2, /Brother DK-11209/, 'labels-devices-dialog');
      expect(printed.name).toBe('Devices.labels.roll-62x29.pdf');
      expect(printed.pdf.pages).toBe(2);
      expect(printed.pdf.text).toMatch(/DevEUI [0-9A-F]{16}/i);
      await page.close();
    },
    STEP_BUDGET_MS,
  );
});
