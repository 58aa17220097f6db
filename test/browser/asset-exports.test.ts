import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { call, tokenOf } from '../harness/api';
import { consoleUrl, DESKTOP, launchBrowser, PHONE, screenshot, signInAs } from '../harness/browser';
import { readCsv, readPdf, readXlsx } from '../harness/export-files';

/** The asset list's export menu (spec 000 s.2): each format downloaded by the browser and read back. */
type Collection = { 'hydra:member': { id: number; name: string }[]; 'hydra:totalItems': number };

const FILE_NAME = /^Assets\.\d{4}-\d{2}-\d{2}\.(pdf|xlsx|csv)$/;

async function openList(page: Page, search = '') {
  await page.goto(consoleUrl(`/assets${search}`));
  await page.locator('[data-testid="placeholder-row"]').first().waitFor({ state: 'detached' });
  await page.locator('tbody tr').first().waitFor();
  await page.waitForLoadState('networkidle');
}

const headersOf = async (page: Page) =>
  (await page.getByRole('columnheader').allInnerTexts()).map((text) => text.trim()).filter(Boolean);

/** Chooses a format in the menu and returns the file the browser saved. */
async function exportFrom(page: Page, label: 'PDF' | 'Excel' | 'CSV', shot?: string) {
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: label, exact: true }).click();
  if (shot) await screenshot(page, shot);
  const saved = await download;
  expect(saved.suggestedFilename()).toMatch(FILE_NAME);
  await page.getByText(`${saved.suggestedFilename()} is ready`).waitFor();
  // Kept beside the screenshots, to look at.
  await saved.saveAs(path.resolve(__dirname, '../../test-results/exports', saved.suggestedFilename()));
  return { name: saved.suggestedFilename(), file: readFileSync(await saved.path()) };
}

describe('asset exports from the list', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('downloads CSV, Excel and PDF of the filtered, sorted list with the columns on screen', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await signInAs(page, 'admin');
    const search = '?search=h-11&sort=reference:asc';
    await openList(page, search);
    const expected = await call<Collection>('GET', '/api/assets?search=h-11&order[reference]=asc&pagination=false', {
      token: await tokenOf('admin'),
    });
    const names = expected.body['hydra:member'].map((asset) => asset.name);
    const headers = await headersOf(page);
    await screenshot(page, 'asset-exports-list-desktop');

    const csv = await exportFrom(page, 'CSV', 'asset-exports-preparing-desktop');
    expect(csv.name).toMatch(/\.csv$/);
    const [csvHeader, ...csvRows] = readCsv(csv.file);
    expect(csvHeader).toEqual(headers);
    const nameAt = (csvHeader ?? []).indexOf('Asset');
    expect(csvRows.map((row) => (row[nameAt] ?? '').replace(/ \(Sabotage alarm\)$/, ''))).toEqual(names);
    await screenshot(page, 'asset-exports-ready-desktop');

    const excel = await exportFrom(page, 'Excel');
    const [sheetHeader, ...sheetRows] = await readXlsx(excel.file);
    expect(sheetHeader).toEqual(headers);
    expect(sheetRows).toHaveLength(names.length);

    const pdf = await exportFrom(page, 'PDF');
    const { pages, text } = await readPdf(pdf.file);
    expect(pages).toBeGreaterThanOrEqual(1);
    for (const name of names.slice(0, 5)) expect(text).toContain(name);
    await page.close();
  });

  it('shows the server’s message when nothing matches, and no download', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await signInAs(page, 'admin', '/assets?search=no-asset-is-called-like-this');
    await page.getByText('No result found').waitFor();
    let downloaded = false;
    page.on('download', () => {
      downloaded = true;
    });
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    await page.getByRole('menuitem', { name: 'CSV', exact: true }).click();
    await page.getByText('There is nothing to export: no item matches the current filters').waitFor();
    await screenshot(page, 'asset-exports-empty-desktop');
    expect(downloaded).toBe(false);
    await page.close();
  });

  it('gives a client user on a phone the columns they see, in their language', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await signInAs(page, 'client');
    await page.evaluate(() => localStorage.setItem('language', 'nl'));
    await openList(page);
    const headers = await headersOf(page);
    expect(headers).not.toContain('Klant');
    await page.getByRole('button', { name: 'Exporteren', exact: true }).click();
    await page.getByRole('menuitem', { name: 'CSV', exact: true }).waitFor();
    await screenshot(page, 'asset-exports-menu-phone');
    const download = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'CSV', exact: true }).click();
    const [header] = readCsv(readFileSync(await (await download).path()));
    expect(header).toEqual(headers);
    await page.getByText(/ is klaar$/).waitFor();
    await screenshot(page, 'asset-exports-ready-phone');
    await page.close();
  });

  it('counts the rows of a long export in its notice until the file is ready', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await signInAs(page, 'admin');
    await openList(page);
    const all = await call<Collection>('GET', '/api/assets?itemsPerPage=1', { token: await tokenOf('admin') });
    const progress = `CSV export: 120 of ${all.body['hydra:totalItems']} rows written…`;
    // The demo list exports in a blink: the first status answers are held at "running" to see the progress.
    let held = 0;
    await page.route('**/api/exports/*', async (route) => {
      const response = await route.fetch();
      const job = (await response.json()) as Record<string, unknown>;
      if (held++ < 3) {
        await route.fulfill({ response, json: { ...job, status: 'running', rows: 120, result: undefined } });
      } else await route.fulfill({ response, json: job });
    });
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    const download = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'CSV', exact: true }).click();
    await page.getByText(progress).waitFor();
    await screenshot(page, 'asset-exports-progress-desktop');
    expect((await download).suggestedFilename()).toMatch(FILE_NAME);
    await page.getByText(progress).waitFor({ state: 'detached' });
    await page.close();
  });
});
