import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { Browser, Page } from 'playwright-core';
import { dynamo, tableName } from '../../functions/lib/data/client';
import { pad } from '../../functions/lib/data/keys';
import { systemTenantContext } from '../../functions/lib/data/system-context';
import { loanDayPartition } from '../../functions/lib/loan-days/loan-day-records';
import { tenantRepository } from '../../functions/lib/tenants/tenant-repository';
import { DESKTOP, launchBrowser, screenshot, signInAs, waitForScreen } from '../harness/browser';
import { pointProcessAtStack } from '../harness/stack';

/**
 * The Loan days screen on a month of more loan days than one answer holds (GET /api/loan-days answers ~5,000 and
 * names the rest in `next`): 200 assets outside every day of a past month in the demo tenant. The screen shows
 * the first answer with "Show more", no total for a customer or the month that is not read whole yet, then
 * the whole month after one click.
 */
const MONTH = '2024-02';
const CUSTOMER = 9_901;
const ASSETS = 200;
const rows = (page: Page) => page.locator('main tbody tr[data-asset]');

async function writeMonth(tenantId: string) {
  const ctx = systemTenantContext(tenantId);
  const items = Array.from({ length: ASSETS }, (_, a) =>
    Array.from({ length: 29 }, (_, d) => {
      const day = `${MONTH}-${String(d + 1).padStart(2, '0')}`;
      return {
        pk: loanDayPartition(ctx, MONTH),
        sk: `${pad(CUSTOMER)}#${pad(900_000 + a)}#${day}`,
        entityType: 'LOAN_DAY',
        tenantId,
        kind: 'day',
        assetId: 900_000 + a,
        assetName: `Reel R-${String(a + 1).padStart(3, '0')}`,
        client: { id: CUSTOMER, company: 'Big Rental Co' },
        day,
        zone: null,
        last_fix: null,
        outside_since: null,
        days_outside: d + 1,
      };
    }),
  ).flat();
  for (let i = 0; i < items.length; i += 25) {
    let unprocessed: Record<string, unknown>[] | undefined = items
      .slice(i, i + 25)
      .map((Item) => ({ PutRequest: { Item } }));
    while (unprocessed && unprocessed.length > 0) {
      const answer: { UnprocessedItems?: Record<string, Record<string, unknown>[]> } = await dynamo().send(
        new BatchWriteCommand({ RequestItems: { [tableName()]: unprocessed as never } }),
      );
      unprocessed = answer.UnprocessedItems?.[tableName()];
    }
  }
}

describe('Loan days screen: a month in answers', () => {
  let browser: Browser;
  beforeAll(async () => {
    pointProcessAtStack();
    const demo = await tenantRepository.bySubdomain('demo');
    await writeMonth(String(demo?.id));
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
  });

  it('shows the first answer, then the rest on "Show more", totals only once read whole', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    // Opened at the screen's old address, as a link shared before the move: it lands on /loan-days, month kept.
    await signInAs(page, 'user', `/billing?month=${MONTH}`);
    await waitForScreen(page, new RegExp(`/loan-days\\?month=${MONTH}$`));
    const more = page.getByTestId('loan-days-more');
    await more.waitFor();
    // The first answer ends at the first asset after 5,000 loan days: 173 assets of 29 days.
    expect(await rows(page).count()).toBe(Math.ceil(5_000 / 29));
    expect(await page.getByTestId('loan-days-total').textContent()).toContain('so far');
    expect(await page.getByTestId('month-total').count()).toBe(0);
    expect(await page.locator(`[data-customer-total="${CUSTOMER}"]`).count()).toBe(0);
    await screenshot(page, 'loan-day-answers-first');
    await more.click();
    await page.getByTestId('month-total').waitFor();
    expect(await rows(page).count()).toBe(ASSETS);
    expect(await more.count()).toBe(0);
    expect(await page.getByTestId('month-total').locator('td').nth(1).textContent()).toBe(String(ASSETS * 29));
    await screenshot(page, 'loan-day-answers-whole');
    await page.close();
  });
});
