import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Browser } from 'playwright-core';
import { dynamo, tableName } from '../../functions/lib/data/client';
import { systemTenantContext } from '../../functions/lib/data/system-context';
import { dayItem, type StoredAuditDay } from '../../functions/lib/rental-audit/audit-keys';
import { tenantRepository } from '../../functions/lib/tenants/tenant-repository';
import type { RentalAuditClass } from '../../shared/rental-audit/classify-day';
import { axeViolations, serious } from '../harness/axe';
import { DESKTOP, launchBrowser, PHONE, screenshot, signInAs, waitForScreen } from '../harness/browser';
import { pointProcessAtStack } from '../harness/stack';

/**
 * The Rental audit screen on a past month of the demo tenant (April 2024, a customer id no other file uses),
 * its days written as the nightly job writes them: the totals, a strip per line with a cell a day coloured by its
 * class, the month and customer kept in the URL; both widths photographed and checked by axe.
 */
const CUSTOMER = 9_903;
const ROUTE = `/rental-audit?month=2024-04&customer=${CUSTOMER}`;
const STRIPS: Record<string, { from: number; classes: RentalAuditClass[] }> = {
  'SCREEN-1': { from: 3, classes: ['no-data', 'on-hire', 'on-hire', 'on-hire', 'overdue', 'overdue'] },
  'SCREEN-2': { from: 10, classes: ['unbilled', 'on-hire', 'misplaced', 'over-billed', 'off-hire'] },
};

async function writeDays(tenantId: string) {
  const ctx = systemTenantContext(tenantId);
  for (const [externalId, { from, classes }] of Object.entries(STRIPS)) {
    for (const [n, name] of classes.entries()) {
      const day: StoredAuditDay = {
        externalId,
        customer: CUSTOMER,
        asset: null,
        lineVersion: 1,
        day: `2024-04-${String(from + n).padStart(2, '0')}`,
        class: name,
        billed: name !== 'unbilled' && name !== 'off-hire',
        place: name === 'no-data' ? 'unknown' : 'site',
        evidence: {
          fixes: 0,
          places: { 'delivery-zone': 0, depot: 0, 'other-zone': 0, outside: 0 },
          firstFix: null,
          lastFix: null,
          deciding: null,
          visits: [],
          reason: null,
        },
      };
      await dynamo().send(new PutCommand({ TableName: tableName(), Item: dayItem(ctx, day) }));
    }
  }
}

describe('Rental audit screen', () => {
  let browser: Browser;
  beforeAll(async () => {
    pointProcessAtStack();
    const demo = await tenantRepository.bySubdomain('demo');
    await writeDays(String(demo?.id));
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
  });

  it('shows the totals and a day strip per line, the month kept in the URL', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await signInAs(page, 'user', ROUTE);
    await waitForScreen(page, /\/rental-audit\?/);
    await page.locator('[data-testid="rental-audit-screen"][data-state="ready"]').waitFor();
    for (const [externalId, { from, classes }] of Object.entries(STRIPS)) {
      const strip = page.getByRole('list', { name: `Days of ${externalId}` });
      const cells = await strip
        .getByRole('listitem')
        .evaluateAll((items) =>
          items.map((i) => (i as unknown as { getAttribute(name: string): string | null }).getAttribute('data-class')),
        );
      expect(cells).toHaveLength(30);
      expect(cells.slice(from - 1, from - 1 + classes.length)).toEqual(classes);
    }
    expect(await page.getByText('Overdue: 2').count()).toBe(1);
    expect(await page.getByText('On hire: 4').count()).toBe(1);
    await screenshot(page, 'rental-audit-desktop');
    expect(serious(await axeViolations(page))).toEqual([]);
    await page.reload();
    await page.locator('[data-testid="rental-audit-screen"][data-state="ready"]').waitFor();
    expect(page.url()).toContain('month=2024-04');
    await page.close();
  });

  it('fits a phone, the strip scrolling on its own', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await signInAs(page, 'user', ROUTE);
    await waitForScreen(page, /\/rental-audit\?/);
    await page.locator('[data-testid="rental-audit-screen"][data-state="ready"]').waitFor();
    await screenshot(page, 'rental-audit-phone');
    expect(serious(await axeViolations(page))).toEqual([]);
    await page.close();
  });
});
