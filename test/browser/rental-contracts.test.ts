import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { call, tokenOf } from '../harness/api';
import { DESKTOP, launchBrowser, PHONE, screenshot, signInAs } from '../harness/browser';

/**
 * The rental contracts screen (web/src/rental-contracts/): a CSV of good and malformed lines is checked in the
 * browser, only the good ones are sent, the report lists every line (the refused with why) and offers the
 * error report; the customer's lines are listed, one opens with its versions and is cancelled after a
 * confirmation; the customer panel lists its lines.
 */
const run = Date.now().toString(36);
const idOf = (n: number) => `BRC-${run}-${n}`;
const drawer = (page: Page) => page.locator('.MuiDrawer-paper').last();
const rows = (page: Page) => page.locator('main tbody tr:not([data-testid="skeleton-row"])');
const csvFile = (name: string, text: string) => ({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });

describe('rental contracts in the console', () => {
  let browser: Browser;
  let admin: string;
  let customer: number;
  let asset: number;
  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await tokenOf('admin');
    const client = await call<{ id: number }>('POST', '/api/clients', {
      token: admin,
      body: { company: `Contracts ${run}`, name: 'Cora Contract', email: `cora.${run}@rent.example` },
    });
    customer = client.body.id;
    asset = (await call<{ id: number }>('POST', '/api/assets', { token: admin, body: { name: `Hired ${run}` } })).body
      .id;
  });
  afterAll(async () => {
    await browser?.close();
    await call('DELETE', `/api/assets/${asset}`, { token: admin });
    await call('DELETE', `/api/clients/${customer}`, { token: admin });
  });

  it('imports a file of good and malformed lines: only the good ones are written, the report says why the others are not', async () => {
    const page = await browser.newPage({ viewport: DESKTOP, acceptDownloads: true });
    await signInAs(page, 'admin', '/rental-contracts');
    await page.getByRole('button', { name: 'Import lines' }).click();
    const input = drawer(page).getByTestId('contract-import-file');
    expect(await input.getAttribute('accept')).toContain('.xlsx');
    const csv = [
      'externalId;customer;asset;onHire;expectedReturn;offHire;address;dayRate;currency',
      `${idOf(1)};${customer};${asset};2026-03-02;2026-04-30;;Havenweg 1;12.5;EUR`,
      `${idOf(2)};${customer};${asset};2026-13-40;;;Havenweg 1;;`,
      `${idOf(3)};${customer};${asset};2026-05-01;;2026-04-01;Havenweg 1;;`,
      `${idOf(4)};${customer};${asset};2026-06-01;;;Kade 2;9;EUR`,
    ].join('\n');
    await input.setInputFiles(csvFile('lines.csv', csv));
    await drawer(page).getByText('4 lines read: 2 valid, 2 with problems.').waitFor();
    const report = drawer(page).getByTestId('contract-import-report');
    await report
      .locator('tr[data-result="refused"]', { hasText: idOf(2) })
      .getByText(/^On hire: /)
      .waitFor();
    await report
      .locator('tr[data-result="refused"]', { hasText: idOf(3) })
      .getByText('Off hire: The off-hire day cannot be before the on-hire day')
      .waitFor();

    await drawer(page).getByRole('button', { name: 'Send 2 valid lines' }).click();
    await drawer(page).getByText('Done: 2 written, 0 unchanged, 2 refused.').waitFor();
    expect(await report.locator('tr[data-result="done"]').allTextContents()).toEqual([
      expect.stringContaining(idOf(1)),
      expect.stringContaining(idOf(4)),
    ]);
    await screenshot(page, 'rental-contracts-import-desktop');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'rental-contracts-import-phone');
    await page.setViewportSize(DESKTOP);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      drawer(page).getByRole('button', { name: 'Download the error report' }).click(),
    ]);
    const text = await (await download.createReadStream()).toArray();
    const errors = Buffer.concat(text).toString('utf8');
    expect(errors).toContain(`3,${idOf(2)},onHire,`);
    expect(errors).toContain(`4,${idOf(3)},offHire,The off-hire day cannot be before the on-hire day`);
    expect(errors).not.toContain(idOf(1));

    // Sent again: the written lines come back unchanged, nothing new is written.
    await input.setInputFiles(csvFile('again.csv', csv));
    await drawer(page).getByRole('button', { name: 'Send 2 valid lines' }).click();
    await drawer(page).getByText('Done: 0 written, 2 unchanged, 2 refused.').waitFor();
    const stored = await call<{ 'hydra:member': { externalId: string }[] }>(
      'GET',
      `/api/clients/${customer}/rental-contracts`,
      { token: admin },
    );
    expect(stored.body['hydra:member'].map((line) => line.externalId).sort()).toEqual([idOf(1), idOf(4)]);
    await page.close();
  });

  it('reads an Excel workbook: dates as days, numbers as numbers', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Lines');
    sheet.addRow(['External id', 'Customer', 'Asset', 'On hire', 'Day rate', 'Currency', 'Address']);
    sheet.addRow([idOf(21), customer, asset, new Date(Date.UTC(2026, 6, 1)), 14.5, 'EUR', 'Werf 5']);
    sheet.addRow([idOf(22), customer, null, new Date(Date.UTC(2026, 6, 2)), 3, 'EUR', 'Werf 5']);
    const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
    const page = await browser.newPage({ viewport: DESKTOP });
    await signInAs(page, 'admin', '/rental-contracts');
    await page.getByRole('button', { name: 'Import lines' }).click();
    await drawer(page).getByTestId('contract-import-file').setInputFiles({
      name: 'lines.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer,
    });
    await drawer(page).getByText('2 lines read: 1 valid, 1 with problems.').waitFor();
    await drawer(page).getByRole('button', { name: 'Send 1 valid lines' }).click();
    await drawer(page).getByText('Done: 1 written, 0 unchanged, 1 refused.').waitFor();
    const read = await call<{ onHire: string; dayRate: { amount: string } }>(
      'GET',
      `/api/rental-contracts/${idOf(21)}`,
      { token: admin },
    );
    expect(read.body).toMatchObject({ onHire: '2026-07-01', dayRate: { amount: '14.50' } });
    await page.close();
  });

  it('adds a line from the console, refusing an external id that exists already', async () => {
    const line = { customer, asset, onHire: '2026-08-01', deliverySite: { address: 'Dok 4' } };
    await call('PUT', `/api/rental-contracts/${idOf(30)}`, { token: admin, body: line });
    const page = await browser.newPage({ viewport: DESKTOP });
    await signInAs(page, 'admin', '/rental-contracts/new');
    const panel = drawer(page);
    await panel.getByLabel('External id').fill(idOf(30));
    await panel.getByLabel('Customer').fill(String(customer));
    await panel.getByLabel('Asset', { exact: true }).fill(String(asset));
    await panel.getByLabel('On hire').fill('2026-08-03');
    await panel.getByLabel('Delivery address').fill('Dok 5');
    await panel.getByRole('button', { name: 'Save' }).click();
    await panel.getByText('A line with this external id exists already: open it to change it').waitFor();
    await panel.getByLabel('External id').fill(idOf(31));
    await panel.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Contract line saved').waitFor();
    const read = (id: string) =>
      call<{ onHire: string; version: number }>('GET', `/api/rental-contracts/${id}`, {
        token: admin,
      });
    expect((await read(idOf(30))).body).toMatchObject({ onHire: '2026-08-01', version: 1 });
    expect((await read(idOf(31))).body).toMatchObject({ onHire: '2026-08-03', version: 1 });
    await page.close();
  });

  it("lists a customer's lines, shows one with its versions, edits it by the shared schema and cancels it after a confirmation", async () => {
    // The latest on-hire of the customer's lines: the first of its panel's Contracts, whatever else is there.
    const line = { customer, asset, onHire: '2026-12-01', deliverySite: { address: 'Dok 3' } };
    await call('PUT', `/api/rental-contracts/${idOf(9)}`, { token: admin, body: line });
    await call('PUT', `/api/rental-contracts/${idOf(9)}`, { token: admin, body: { ...line, offHire: '2026-12-20' } });
    const page = await browser.newPage({ viewport: DESKTOP });
    await signInAs(page, 'admin', `/rental-contracts?customer=${customer}`);
    await rows(page)
      .filter({ hasText: idOf(9) })
      .click();
    const versions = drawer(page).getByTestId('contract-versions');
    await versions.locator('tbody tr').nth(1).waitFor();
    expect(await versions.locator('tbody tr td:first-child').allTextContents()).toEqual(['2', '1']);
    await screenshot(page, 'rental-contracts-line-desktop');
    // Edit: the shared schema refuses what the API would, on its field; a good change saves a new version.
    await drawer(page).getByRole('button', { name: 'Edit' }).click();
    const expectedReturn = drawer(page).getByLabel('Expected return');
    await expectedReturn.fill('2026-01-15');
    await drawer(page).getByRole('button', { name: 'Save' }).click();
    await drawer(page).getByText('The expected return cannot be before the on-hire day').waitFor();
    await expectedReturn.fill('2026-12-15');
    await drawer(page).getByRole('button', { name: 'Save' }).click();
    await page.getByText('Contract line saved').waitFor();
    await rows(page).filter({ hasText: '2026-12-15' }).click();
    await versions.locator('tbody tr').nth(2).waitFor();
    await drawer(page).getByRole('button', { name: 'Cancel line' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
    await page.getByText('Contract line cancelled').waitFor();
    await rows(page)
      .filter({ hasText: idOf(9) })
      .getByText('Cancelled')
      .waitFor();

    await page.goto(
      page.url().replace(/\/rental-contracts.*/, `/rental-contracts?customer=${customer}&status=cancelled`),
    );
    await rows(page).first().waitFor();
    expect(await rows(page).allTextContents()).toEqual([expect.stringContaining(idOf(9))]);
    await page.setViewportSize(PHONE);
    await screenshot(page, 'rental-contracts-list-phone');

    await page.setViewportSize(DESKTOP);
    await page.goto(page.url().replace(/\/rental-contracts.*/, `/customers/${customer}`));
    const section = drawer(page).getByTestId('contracts-of-clients');
    await section.getByRole('link', { name: new RegExp(`${idOf(9)} · Cancelled`) }).waitFor();
    await screenshot(page, 'rental-contracts-customer-panel-desktop');
    await page.close();
  });
});
