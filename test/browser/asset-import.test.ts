import type { Browser, Page } from 'playwright-core';
import { DESKTOP, launchBrowser, PHONE, screenshot, signInAs } from '../harness/browser';

/** Import on /assets (docs/decisions/0332-asset-import-round-trips-the-export-per-row-behind-a-dry-run.md). */
const run = `ImpUi${Date.now().toString(36)}`;
const csvFile = (text: string) => ({ name: 'assets.csv', mimeType: 'text/csv', buffer: Buffer.from(text) });
const dialog = (page: Page) => page.getByRole('dialog', { name: 'Import assets' });

describe('asset import in the console', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows the dry run with its counts and rows, then applies it', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await signInAs(page, 'admin', '/assets');
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await dialog(page)
      .getByTestId('asset-import-file')
      .setInputFiles(csvFile(`name,reference\n${run} a,${run}\n,x\n`));
    const plan = dialog(page).getByTestId('asset-import-plan');
    await plan.getByText('New: 1').waitFor();
    await plan.getByText('Refused: 1').waitFor();
    await plan.locator('tr[data-action="refused"]').getByText(/name:/).waitFor();
    await screenshot(page, 'asset-import-dry-run-desktop');
    await dialog(page).getByRole('button', { name: 'Import 1 row' }).click();
    await dialog(page).getByTestId('asset-import-result').getByText(/1 new/).waitFor();
    await dialog(page).getByRole('button', { name: 'Download error report' }).waitFor();
    await screenshot(page, 'asset-import-applied-desktop');
    await page.close();
  });

  it('fits a phone', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await signInAs(page, 'admin', '/assets');
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await dialog(page)
      .getByTestId('asset-import-file')
      .setInputFiles(csvFile(`name\n${run} phone\n`));
    await dialog(page).getByTestId('asset-import-plan').getByText('New: 1').waitFor();
    await screenshot(page, 'asset-import-dry-run-phone');
    await page.close();
  });
});
