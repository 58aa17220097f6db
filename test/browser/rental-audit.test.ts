import { readFileSync } from 'node:fs';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Browser } from 'playwright-core';
import { dynamo, tableName } from '../../functions/lib/data/client';
import { systemTenantContext } from '../../functions/lib/data/system-context';
import { dayItem, type StoredAuditDay } from '../../functions/lib/rental-audit/audit-keys';
import {
  assetReportsPartition,
  reportSortKey,
  tenantReportsPartition,
} from '../../functions/lib/report-check/report-items';
import { tenantRepository } from '../../functions/lib/tenants/tenant-repository';
import type { RentalAuditClass } from '../../shared/rental-audit/classify-day';
import { DEFAULT_RETENTION } from '../../shared/schemas/retention';
import { call, tokenOf } from '../harness/api';
import { axeViolations, serious } from '../harness/axe';
import { DESKTOP, launchBrowser, PHONE, screenshot, signInAs, waitForScreen } from '../harness/browser';
import { readCsv } from '../harness/export-files';
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

async function writeDays(tenantId: string, assetId: number) {
  const ctx = systemTenantContext(tenantId);
  for (const [externalId, { from, classes }] of Object.entries(STRIPS)) {
    for (const [n, name] of classes.entries()) {
      const day: StoredAuditDay = {
        externalId,
        customer: CUSTOMER,
        // SCREEN-2's days drill down to its asset's history; SCREEN-1 has no asset and no links.
        asset: externalId === 'SCREEN-2' ? assetId : null,
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
      await dynamo().send(
        new PutCommand({ TableName: tableName(), Item: dayItem(ctx, day, DEFAULT_RETENTION.loanDayYears) }),
      );
    }
  }
}

/** April's delivery reports with their stored checks: one of the customer's disagrees, one agrees, one elsewhere. */
async function writeReports(tenantId: string, assetId: number) {
  const ctx = systemTenantContext(tenantId);
  const reports: [string, number, 'agree' | 'disagree'][] = [
    ['2024-04-15T09:00:00.000Z', CUSTOMER, 'disagree'],
    ['2024-04-16T09:00:00.000Z', CUSTOMER, 'agree'],
    ['2024-04-17T09:00:00.000Z', CUSTOMER + 1, 'disagree'],
  ];
  for (const [at, clientId, result] of reports) {
    const check = { result, reason: result === 'agree' ? 'away' : 'at-depot', settledAt: at };
    await dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          pk: assetReportsPartition(ctx, assetId),
          sk: reportSortKey(at),
          entityType: 'DELIVERY_REPORT',
          tenantId: ctx.tenantId,
          assetId,
          kind: 'delivered',
          reportedAt: at,
          reportedBy: null,
          clientId,
          depotId: null,
          check: {
            ...check,
            evidence: { depot: null, from: null, to: null, fixes: [], deciding: null, nearest: null },
          },
          gsi1pk: tenantReportsPartition(ctx),
          gsi1sk: `${at}#${String(assetId).padStart(10, '0')}`,
        },
      }),
    );
  }
}

describe('Rental audit screen', () => {
  let browser: Browser;
  let token: string;
  let assetId: number;
  const assetName = `Audit drill ${Date.now()}`;
  beforeAll(async () => {
    pointProcessAtStack();
    token = await tokenOf('admin');
    const asset = await call<{ id: number }>('POST', '/api/assets', {
      token,
      body: { name: assetName, reference: 'DRILL-1' },
    });
    assetId = asset.body.id;
    const demo = await tenantRepository.bySubdomain('demo');
    await writeDays(String(demo?.id), assetId);
    await writeReports(String(demo?.id), assetId);
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    if (assetId) await call('DELETE', `/api/assets/${assetId}`, { token });
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
    expect(await page.getByTestId('rental-audit-disagreeing-checks').textContent()).toBe(
      'Report checks that disagree: 1',
    );
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

  it("opens a day's cell as the asset's History tab on that day; a line without an asset has no links", async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await signInAs(page, 'user', ROUTE);
    await page.locator('[data-testid="rental-audit-screen"][data-state="ready"]').waitFor();
    expect(await page.getByRole('list', { name: 'Days of SCREEN-1' }).getByRole('link').count()).toBe(0);
    const day = page.getByRole('link', { name: 'History of SCREEN-2 on 2024-04-12: Misplaced' });
    await day.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/assets\/\d+\?history=2024-04-12\.\.2024-04-12#history/);
    const history = page.getByTestId('asset-history');
    await history.waitFor({ timeout: 120_000 });
    expect(await history.getByTestId('history-from').inputValue()).toBe('2024-04-12');
    expect(await history.getByTestId('history-to').inputValue()).toBe('2024-04-12');
    expect(page.url()).toContain(`/assets/${assetId}?`);
    await page.close();
  });

  it("downloads the month's audit through the export menu as CSV, a row per line and day", async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await signInAs(page, 'user', ROUTE);
    await page.locator('[data-testid="rental-audit-screen"][data-state="ready"]').waitFor();
    const started = page.waitForRequest((r) => r.method() === 'POST' && r.url().includes('/api/rental-audit/export'));
    const download = page.waitForEvent('download');
    await page.getByTestId('rental-audit-export').click();
    await page.getByRole('menuitem', { name: 'CSV', exact: true }).click();
    const query = new URL((await started).url()).searchParams;
    expect([query.get('type'), query.get('month'), query.get('customer')]).toEqual([
      'csv',
      '2024-04',
      String(CUSTOMER),
    ]);
    const saved = await download;
    expect(saved.suggestedFilename()).toMatch(
      new RegExp(`^RentalAudit\\.2024-04\\.${CUSTOMER}\\.\\d{4}-\\d{2}-\\d{2}\\.csv$`),
    );
    const rows = readCsv(readFileSync((await saved.path()) as string));
    expect(rows[0]).toEqual([
      'Customer',
      'Customer name',
      'External id',
      'Asset',
      'Asset name',
      'Asset reference',
      'Day',
      'Class',
      'Billed',
      'Fixes',
      'Fixes in the delivery zone',
      'Fixes at a depot',
      'Fixes in another zone',
      'Fixes outside zones',
    ]);
    // The customer id is no customer of the tenant: its name is empty, the asset's is there.
    expect(rows).toContainEqual([
      String(CUSTOMER),
      '',
      'SCREEN-2',
      String(assetId),
      assetName,
      'DRILL-1',
      '2024-04-12',
      'Misplaced',
      'yes',
      '0',
      '0',
      '0',
      '0',
      '0',
    ]);
    expect(rows).toContainEqual([
      String(CUSTOMER),
      '',
      'SCREEN-1',
      '',
      '',
      '',
      '2024-04-07',
      'Overdue',
      'yes',
      '0',
      '0',
      '0',
      '0',
      '0',
    ]);
    expect(rows).toHaveLength(1 + 11);
    await page.getByText(/is ready$/).waitFor();
    await page.close();
  });
});
