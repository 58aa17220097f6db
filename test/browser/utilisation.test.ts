import type { Browser, Page } from 'playwright-core';
import { systemTenantContext } from '../../functions/lib/data/system-context';
import { tenantRepository } from '../../functions/lib/tenants/tenant-repository';
import type { UtilisationSums } from '../../functions/lib/utilisation/utilisation-days';
import { writeUtilisationMonth } from '../../functions/lib/utilisation/utilisation-rollup';
import type { UtilisationReport } from '../../shared/schemas/utilisation';
import { call, tokenOf } from '../harness/api';
import { axeViolations, serious } from '../harness/axe';
import { DESKTOP, launchBrowser, screenshot, signInAs, waitForScreen } from '../harness/browser';
import { pointProcessAtStack } from '../harness/stack';

/**
 * The Utilisation screen on three past months of the demo tenant's rollup (months no other file writes; the
 * nightly job never rewrites a past month), for one customer of its own: the table shows the API's figures, a
 * chart per profile, the filters stay in the URL across a reload; both widths photographed and checked by axe.
 */
const MONTHS = ['2024-01', '2024-02', '2024-03'];
const CUSTOMER = 9_902;
const PROFILE = { id: 9_801, name: 'Cable reel 3 m' };
/** The narrowest phone the product names (docs/conventions.md asks for 390 px; 375 is the smaller iPhone). */
const PHONE = { width: 375, height: 812 };
const ROUTE = `/utilisation?from=2024-01&to=2024-03&client=${CUSTOMER}`;

const sums = (n: number): UtilisationSums => ({
  assets: 10 + n,
  daysOwned: 300 + n * 10,
  daysOnHire: 180 + n * 15,
  daysIdle: 100,
  cycles: 4 + n,
  cycleSeconds: (4 + n) * 86_400 * (6 + n),
});

async function writeMonths(tenantId: string) {
  const ctx = systemTenantContext(tenantId);
  for (const [n, month] of MONTHS.entries()) {
    const reels = sums(n);
    const bare = { ...sums(0), assets: 3, daysOwned: 90, daysOnHire: 30, daysIdle: 60, cycles: 0, cycleSeconds: 0 };
    await writeUtilisationMonth(ctx, month, [
      {
        month,
        through: `${month}-28`,
        clientId: CUSTOMER,
        company: 'Utilisation Rental Co',
        all: {
          assets: reels.assets + bare.assets,
          daysOwned: reels.daysOwned + bare.daysOwned,
          daysOnHire: reels.daysOnHire + bare.daysOnHire,
          daysIdle: reels.daysIdle + bare.daysIdle,
          cycles: reels.cycles,
          cycleSeconds: reels.cycleSeconds,
        },
        profiles: [
          { ...PROFILE, sums: reels },
          { id: 0, name: '', sums: bare },
        ],
      },
    ]);
  }
}

const cellsOf = async (page: Page, month: string, profile: string) =>
  page.locator(`tr[data-month="${month}"][data-profile="${profile}"] td`).allTextContents();

describe('Utilisation screen', () => {
  let browser: Browser;
  let answer: UtilisationReport;
  beforeAll(async () => {
    pointProcessAtStack();
    const demo = await tenantRepository.bySubdomain('demo');
    await writeMonths(String(demo?.id));
    answer = (
      await call<UtilisationReport>('GET', `/api/utilisation?from=2024-01&to=2024-03&client=${CUSTOMER}`, {
        token: await tokenOf('user'),
      })
    ).body;
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
  });

  it('shows the figures of the API in a chart per profile and the table, filters kept in the URL', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await signInAs(page, 'user', ROUTE);
    await waitForScreen(page, /\/utilisation\?/);
    await page.locator('[data-testid="utilisation-screen"][data-state="ready"]').waitFor();
    expect(await page.getByTestId('utilisation-chart').count()).toBe(2);
    for (const month of answer.months) {
      const reels = month.profiles.find((p) => p.profile?.id === PROFILE.id)?.figures;
      const cells = await cellsOf(page, month.month, String(PROFILE.id));
      // Month, profile, assets, owned, on hire, idle, utilisation, cycles, average cycle.
      expect(cells).toEqual([
        month.month,
        PROFILE.name,
        String(reels?.assets),
        String(reels?.days_owned),
        String(reels?.days_on_hire),
        String(reels?.days_idle),
        `${Math.round((reels?.utilisation ?? 0) * 1000) / 10}%`,
        String(reels?.cycles),
        String(reels?.average_cycle_days),
      ]);
      const total = await cellsOf(page, month.month, 'total');
      expect(total[4]).toBe(String(month.total.days_on_hire));
      expect(total[1]).toContain(`Counted up to ${month.through}`);
    }
    await screenshot(page, 'utilisation-desktop');
    expect(serious(await axeViolations(page))).toEqual([]);
    await page.reload();
    await page.locator('[data-testid="utilisation-screen"][data-state="ready"]').waitFor();
    expect(await page.getByTestId('utilisation-from').inputValue()).toBe('2024-01');
    expect(await page.getByTestId('utilisation-to').inputValue()).toBe('2024-03');
    await page.close();
  });

  it('keeps the phone layout to the figures that matter', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await signInAs(page, 'user', ROUTE);
    await waitForScreen(page, /\/utilisation\?/);
    await page.locator('[data-testid="utilisation-screen"][data-state="ready"]').waitFor();
    const header = page.getByTestId('utilisation-table').locator('thead th');
    const shown = await Promise.all((await header.all()).map((cell) => cell.isVisible()));
    expect(shown.filter(Boolean).length).toBe(5);
    await screenshot(page, 'utilisation-phone');
    expect(serious(await axeViolations(page))).toEqual([]);
    await page.getByTestId('utilisation-table').scrollIntoViewIfNeeded();
    await screenshot(page, 'utilisation-phone-table');
    await page.close();
  });

  it('says so when no month of the range has figures', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await signInAs(page, 'user', '/utilisation?from=2001-01&to=2001-02');
    await waitForScreen(page, /\/utilisation\?/);
    await page.locator('[data-testid="utilisation-screen"][data-state="empty"]').waitFor();
    expect(await page.getByTestId('utilisation-table').textContent()).toContain('No result found');
    await page.close();
  });
});
