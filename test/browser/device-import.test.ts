import type { Browser, Page } from 'playwright-core';
import { consoleUrl, DESKTOP, launchBrowser, PHONE, screenshot, signInAs } from '../harness/browser';

/** Import devices from the tenant and user panels (spec 001 s.2, s.5 csv only, s.8 import error). */
const drawer = (page: Page) => page.locator('.MuiDrawer-paper').last();
/** DEVEUIs of this run only: a time prefix fixed once, then a number. */
const runPrefix = (Date.now() % 0xffffffff).toString(16).toUpperCase().padStart(8, '0');
const devEui = (n: number) => `${runPrefix}${String(n).padStart(8, '0')}`;
const csvFile = (name: string, text: string) => ({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });

describe('device import in the console', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('imports a file from the tenant panel and lists the rows of a rejected one', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await signInAs(page, 'admin', '/tenants/1');
    const importButton = drawer(page).getByRole('button', { name: 'Import devices' });
    await importButton.waitFor();
    const input = drawer(page).getByTestId('device-import-file');
    expect(await input.getAttribute('accept')).toBe('.csv,text/csv');

    await input.setInputFiles(csvFile('devices.csv', `deveui;name\n${devEui(1)};Tag 1\n${devEui(2)};Tag 2\n`));
    await page.getByText('2 devices imported').waitFor();

    await input.setInputFiles(csvFile('bad.csv', `deveui,name\n${devEui(3)},ok\nXYZ,bad\n${devEui(1)},again\n`));
    const problems = drawer(page).getByRole('alert');
    await problems.getByText('Row 3 (deveui): The DEVEUI must be 16 hexadecimal characters').waitFor();
    await problems.getByText('Row 4 (deveui): This DEVEUI is already registered in your tenant.').waitFor();
    await problems.scrollIntoViewIfNeeded();
    await screenshot(page, 'device-import-tenant-errors-desktop');

    await input.setInputFiles(csvFile('devices.xlsx', 'x'));
    await page.getByText('Only .csv files can be imported').waitFor();
    await page.close();
  });

  it('offers the import in a user panel, also on a phone, in Dutch', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await signInAs(page, 'admin');
    await page.evaluate(() => localStorage.setItem('language', 'nl'));
    await page.goto(consoleUrl('/users'));
    await page.getByRole('cell', { name: 'Ulrich User' }).click();
    const input = drawer(page).getByTestId('device-import-file');
    await drawer(page).getByRole('button', { name: 'Apparaten importeren' }).waitFor();
    await input.setInputFiles(csvFile('devices.csv', 'name\nTag\n'));
    await drawer(page)
      .getByRole('alert')
      .getByText('Rij 1: De eerste rij moet de kolommen benoemen en een kolom deveui bevatten.')
      .waitFor();
    await drawer(page).getByRole('alert').scrollIntoViewIfNeeded();
    await screenshot(page, 'device-import-user-errors-phone');
    await input.setInputFiles(csvFile('devices.csv', `deveui\n${devEui(9)}\n`));
    await page.getByText('1 apparaat geïmporteerd').waitFor();
    await drawer(page).getByRole('alert').waitFor({ state: 'detached' });
    await screenshot(page, 'device-import-user-done-phone');
    await page.close();
  });
});
