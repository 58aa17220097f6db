import type { Browser, Page } from 'playwright-core';
import { handlerEnvironment, type PortName } from '../../scripts/local/config';
import { call, tokenOf } from '../harness/api';
import { seedBenchTenant } from '../harness/bench-tenants';
import { consoleUrl, DESKTOP, launchBrowser, PHONE, screenshot, signInAs } from '../harness/browser';
import { readStack } from '../harness/stack';

/**
 * The asset list's pagination says when its total is a lower bound (x-total-exact: false, docs/data-model.md
 * "Asset list"): a filtered list in a tenant bigger than the read budget shows "1–20 of more than N".
 */
const BIG = { subdomain: 'it-asset-list-3k', assetCount: 3_000, customerCount: 8 };

async function actInTenant(page: Page, tenant: { id: number; subdomain: string }) {
  const me = await call<{ id: number }>('GET', '/api/me', { token: await tokenOf('superadmin') });
  const selected = { id: tenant.id, company: `Benchmark ${tenant.subdomain}`, subdomain: tenant.subdomain };
  await page.evaluate(
    // Runs in the page (no DOM types in this project's tsconfig): the selected tenant as TenantsPage stores it.
    (value) =>
      (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage.setItem(
        'selectedTenant',
        value,
      ),
    JSON.stringify({ ...selected, selectedBy: me.body.id }),
  );
}

const pagination = (page: Page) => page.locator('.MuiTablePagination-displayedRows');

describe('asset list totals', () => {
  let browser: Browser;
  let tenant: { id: number; subdomain: string };

  beforeAll(async () => {
    const stack = readStack();
    for (const [name, value] of Object.entries(stack.ports)) process.env[name as PortName] = String(value);
    Object.assign(process.env, handlerEnvironment(stack));
    const seeded = await seedBenchTenant(BIG);
    tenant = { id: seeded.tenantId, subdomain: BIG.subdomain };
    browser = await launchBrowser();
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
  });

  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ])('shows a lower-bound total as "of more than" and an exact one as it is (%s)', async (name, viewport) => {
    const page = await browser.newPage({ viewport });
    await signInAs(page, 'superadmin');
    await actInTenant(page, tenant);
    await page.goto(consoleUrl('/assets?status=delivered'));
    await pagination(page)
      .filter({ hasText: /^1–20 of more than \d+$/ })
      .waitFor();
    await page.waitForLoadState('networkidle');
    await screenshot(page, `asset-list-total-lower-bound-${name}`);
    // A search for one asset: the n-gram search index answers it exactly.
    await page.goto(consoleUrl('/assets?search=H-2507'));
    await pagination(page)
      .filter({ hasText: /^1–1 of 1$/ })
      .waitFor();
    await screenshot(page, `asset-list-total-exact-search-${name}`);
    await page.close();
  });
});
