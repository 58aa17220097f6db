import type { Browser, Page } from 'playwright-core';
import type { ReportSubscription } from '../../shared/schemas/report-subscription';
import { call, tokenOf } from '../harness/api';
import { consoleUrl, DESKTOP, launchBrowser, screenshot, signInAs, waitForScreen } from '../harness/browser';

/**
 * Scheduled reports, console side: an administrator subscribes to the loan-day report through the screen
 * (weekly, in CSV), the list shows it with its schedule in words and its next due time, and Send now mails a
 * preview with a success notice; the list and the panel at desktop and phone width. The subscriptions this file
 * makes are removed through the API afterwards.
 */
const PHONE_375 = { width: 375, height: 812 };
const drawer = (page: Page) => page.locator('.MuiDrawer-paper:has(h2)').last();

/** The next due time as the screen writes it (the page's own Intl, in the schedule's time zone). */
const shownMoment = (page: Page, iso: string) =>
  page.evaluate<string>(
    `new Date(${JSON.stringify(iso)}).toLocaleString('en', { dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23', timeZone: 'Europe/Amsterdam' })`,
  );

async function choose(page: Page, field: string, option: string) {
  await drawer(page).getByRole('combobox', { name: field }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('scheduled reports in the console', () => {
  let browser: Browser;
  const made = new Set<number>();

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    const token = await tokenOf('admin');
    for (const id of made) await call('DELETE', `/api/report-subscriptions/${id}`, { token });
    await browser?.close();
  });

  it('subscribes through the screen, lists it with its next due time, and sends a preview now', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await signInAs(page, 'admin');
    await page.getByRole('link', { name: 'Scheduled reports' }).click();
    await waitForScreen(page, /\/report-subscriptions$/);
    await page.getByRole('button', { name: 'Add new' }).click({ timeout: 90_000 });
    await waitForScreen(page, /\/report-subscriptions\/new$/);

    await choose(page, 'Repeat', 'Every week');
    await choose(page, 'Weekday', 'Tuesday');
    await drawer(page).getByTestId('subscription-time').fill('06:45');
    await choose(page, 'File format', 'CSV');
    await screenshot(page, 'report-subscriptions-drawer-new-desktop');
    const created = page.waitForResponse(
      (r) => r.url().endsWith('/api/report-subscriptions') && r.request().method() === 'POST',
    );
    await drawer(page).getByRole('button', { name: 'Save' }).click();
    const answer = await created;
    expect(answer.status()).toBe(201);
    const subscription = (await answer.json()) as ReportSubscription;
    made.add(subscription.id);
    expect(subscription.schedule).toEqual({ every: 'week', time: '06:45', weekday: 2, day: null });
    await page.getByText('The scheduled report is saved').waitFor();
    await waitForScreen(page, /\/report-subscriptions$/);

    const row = page.locator('tbody tr').filter({ hasText: 'Weekly on Tuesday at 06:45' });
    await row.getByText(await shownMoment(page, subscription.next_due as string)).waitFor();
    await row.getByText('Active').waitFor();
    await screenshot(page, 'report-subscriptions-list-desktop');

    await row.click();
    await waitForScreen(page, new RegExp(`/report-subscriptions/${subscription.id}$`));
    await drawer(page).getByTestId('subscription-preview').click();
    await page.getByText(/^The preview of \d{4}-\d{2} is sent to /).waitFor();
    await screenshot(page, 'report-subscriptions-drawer-sent-desktop');
    await page.close();
  });

  it('works at phone width', async () => {
    const created = await call<ReportSubscription>('POST', '/api/report-subscriptions', {
      token: await tokenOf('admin'),
      body: {
        kind: 'loan-days',
        schedule: { every: 'month', day: 1, time: '07:00' },
        format: 'pdf',
        language: 'nl',
      },
    });
    made.add(created.body.id);
    const page = await browser.newPage({ viewport: PHONE_375 });
    await signInAs(page, 'admin', '/report-subscriptions');
    await page.getByText('Monthly on day 1 at 07:00').first().waitFor({ timeout: 90_000 });
    await screenshot(page, 'report-subscriptions-list-phone');
    await page.goto(consoleUrl(`/report-subscriptions/${created.body.id}`));
    await drawer(page).getByTestId('subscription-preview').waitFor();
    await screenshot(page, 'report-subscriptions-drawer-phone');
    await page.close();
  });
});
