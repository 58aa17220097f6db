import type { Browser, Page } from 'playwright-core';
import { INTERVAL_EMPTY, INTERVAL_INVALID, INTERVALS_OVERLAP } from '../../shared/schemas/working-hours';
import { consoleUrl, DESKTOP, launchBrowser, PHONE, screenshot, signInAs } from '../harness/browser';

/**
 * The working hours of a "moved outside working hours" rule in the alarm rule panel: shown for that type only,
 * Mon-Fri 07:00-18:00 to start with, the schema's messages on the weekday they are about, saved as intervals,
 * shown again on the rule; desktop and phone.
 */
const run = Date.now().toString(36);
const TYPE = 'Asset moved outside working hours';
const drawer = (page: Page) => page.locator('.MuiDrawer-paper').last();
const day = (page: Page, weekday: string) => drawer(page).getByTestId(`working-hours-${weekday}`);
const hours = (page: Page) => drawer(page).getByTestId('working-hours');

async function openNew(page: Page) {
  await page.goto(consoleUrl('/alarm-rules/new'));
  await drawer(page).getByText('New Alarm rule').waitFor({ timeout: 90_000 });
}

async function chooseType(page: Page, label: string) {
  await drawer(page).getByLabel(/^type/i).click();
  await page.getByRole('option', { name: label, exact: true }).click();
  await page.getByRole('option', { name: label, exact: true }).waitFor({ state: 'detached' });
}

describe('the working hours of an alarm rule in the console', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('asks for working hours for its type only, checks each day, saves and shows them (desktop)', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await signInAs(page, 'admin');
    await openNew(page);
    await chooseType(page, 'Asset idle');
    expect(await hours(page).count()).toBe(0);
    await chooseType(page, TYPE);
    await hours(page).waitFor();
    expect(await day(page, 'mon').inputValue()).toBe('07:00-18:00');
    expect(await day(page, 'sun').inputValue()).toBe('');
    await drawer(page).getByLabel(/^name/i).fill(`Night ${run}`);

    await day(page, 'mon').fill('18:00-07:00');
    await day(page, 'tue').fill('7-18');
    await day(page, 'wed').fill('07:00-12:00, 11:00-18:00');
    await drawer(page).getByRole('button', { name: 'Save' }).click();
    await drawer(page).getByText(INTERVAL_EMPTY).waitFor();
    await drawer(page).getByText(INTERVAL_INVALID).waitFor();
    await drawer(page).getByText(INTERVALS_OVERLAP).waitFor();
    await screenshot(page, 'alarm-rule-working-hours-invalid-desktop');

    await day(page, 'mon').fill('07:00-18:00');
    await day(page, 'tue').fill('07:00-18:00');
    await day(page, 'wed').fill('07:00-12:00, 13:00-18:00');
    await day(page, 'sat').fill('08:00-12:00');
    await drawer(page).getByTestId('move-distance').locator('input').fill('300');
    await drawer(page).getByText(INTERVALS_OVERLAP).waitFor({ state: 'detached' });
    const created = page.waitForResponse((r) => r.url().endsWith('/api/alarms') && r.request().method() === 'POST');
    await drawer(page).getByRole('button', { name: 'Save' }).click();
    const body = (await (await created).json()) as {
      id: number;
      working_hours: Record<string, string[]>;
      move_distance: number;
    };
    expect(body.working_hours).toEqual({
      mon: ['07:00-18:00'],
      tue: ['07:00-18:00'],
      wed: ['07:00-12:00', '13:00-18:00'],
      thu: ['07:00-18:00'],
      fri: ['07:00-18:00'],
      sat: ['08:00-12:00'],
      sun: [],
    });
    expect(body.move_distance).toBe(300);
    await page.getByText('Alarm rule added').waitFor();

    // Reopened: the hours as saved, one text a day.
    await page.goto(consoleUrl(`/alarm-rules/${body.id}`));
    await drawer(page).getByText('Alarm rule', { exact: true }).waitFor();
    await waitForValue(page, 'wed', '07:00-12:00, 13:00-18:00');
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'alarm-rule-working-hours-desktop');
    await drawer(page).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('button', { name: 'Yes' }).click();
    await page.getByText('Alarm rule deleted').waitFor();
    await page.close();
  });

  it('shows the working hours at phone width and drops them with another type', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await signInAs(page, 'admin');
    await openNew(page);
    await chooseType(page, TYPE);
    await hours(page).waitFor();
    await screenshot(page, 'alarm-rule-working-hours-phone');
    await chooseType(page, 'Asset battery level low');
    await hours(page).waitFor({ state: 'detached' });
    await page.close();
  });
});

/** Waits until a weekday's field shows the value (the panel fills its form once the rule has loaded). */
async function waitForValue(page: Page, weekday: string, value: string) {
  await page.waitForFunction(
    ([id, wanted]) =>
      (
        globalThis as unknown as { document: { querySelector(s: string): { value: string } | null } }
      ).document.querySelector(`[data-testid="working-hours-${id}"]`)?.value === wanted,
    [weekday, value] as const,
  );
}
