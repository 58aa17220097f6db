import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { DESKTOP, launchBrowser, screenshot, signInAs } from '../harness/browser';
import { readPdf } from '../harness/export-files';

/**
 * The asset panel's Evidence action: the dialog takes the history's period from the address, and the document
 * is written by the export worker and saved by the browser like every background export.
 */
describe("an asset's evidence from its panel", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('starts a PDF of the period in the address and saves it, its hash on the page', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await signInAs(page, 'admin', '/assets/5?from=2026-03-02T00:00:00Z&to=2026-03-15T12:00:00Z');
    await page.getByTestId('asset-evidence').click();
    const dialog = page.getByRole('dialog', { name: /^Evidence of / });
    await dialog.waitFor();
    expect(await dialog.getByTestId('evidence-from').inputValue()).toBe('2026-03-02');
    expect(await dialog.getByTestId('evidence-to').inputValue()).toBe('2026-03-15');
    await dialog.getByTestId('evidence-from').fill('2025-03-02');
    await dialog.getByRole('alert').waitFor();
    expect(await dialog.getByTestId('evidence-start').isDisabled()).toBe(true);
    await dialog.getByTestId('evidence-from').fill('2026-03-01');
    await screenshot(page, 'evidence-dialog-desktop');
    const download = page.waitForEvent('download');
    await dialog.getByTestId('evidence-start').click();
    const saved = await download;
    expect(saved.suggestedFilename()).toBe('Evidence.5.2026-03-01.2026-03-15.pdf');
    await page.getByText(`${saved.suggestedFilename()} is ready`).waitFor();
    await saved.saveAs(path.resolve(__dirname, '../../test-results/exports', saved.suggestedFilename()));
    const { text } = await readPdf(readFileSync(await saved.path()));
    expect(text).toMatch(/SHA-256 [0-9a-f]{64}/);
    expect(text).toContain('Time zone');
    await screenshot(page, 'evidence-ready-desktop');
    await page.close();
  });
});
