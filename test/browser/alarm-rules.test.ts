import type { Browser, Page, Route } from 'playwright-core';
import { ALARM_TEXT_TEMPLATES } from '../../shared/schemas/alarm';
import { consoleUrl, DESKTOP, launchBrowser, PHONE, screenshot, signInAs, waitForScreen } from '../harness/browser';

/** The Alarm rules screen (spec 000 s.2 /alarm-rules, s.5 messages) for admins, a read-only user and clients. */

const run = Date.now().toString(36);
const drawer = (page: Page) => page.locator('.MuiDrawer-paper').last();
const field = (page: Page, label: RegExp) => drawer(page).getByLabel(label);

/** Opens the list and waits for the seeded rules (the first visit may wait for the dev server to compile). */
async function openList(page: Page, path = '/alarm-rules') {
  await page.goto(consoleUrl(path));
  await page.getByRole('columnheader', { name: 'Type' }).waitFor({ timeout: 90_000 });
  await page.getByRole('cell', { name: 'Sabotage tag', exact: true }).waitFor();
}

async function chooseType(page: Page, label: string) {
  await field(page, /^type/i).click();
  await page.getByRole('option', { name: label, exact: true }).click();
}

describe('alarm rules in the console', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('creates, edits and deletes a rule as admin', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await signInAs(page, 'admin');
    await openList(page);
    await page
      .getByRole('row')
      .filter({ hasText: 'Buiten geo zone' })
      .getByText('Asset outside the geo zone')
      .waitFor();
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'alarm-rules-list-desktop');

    await page.getByRole('button', { name: 'Add new' }).click();
    await waitForScreen(page, /\/alarm-rules\/new/);
    await drawer(page).getByText('New Alarm rule').waitFor();
    await drawer(page).getByRole('button', { name: 'Save' }).click();
    await drawer(page).getByText('The name is required').waitFor();
    await drawer(page).getByText('Select one type').waitFor();
    await drawer(page).getByText('The text is required').waitFor();

    // A type prefills the text; another type replaces a text still as prefilled.
    await chooseType(page, 'Asset outside the geo zone');
    expect(await field(page, /^text/i).inputValue()).toBe(ALARM_TEXT_TEMPLATES[1]);
    await chooseType(page, 'Asset tag sabotaged');
    expect(await field(page, /^text/i).inputValue()).toBe(ALARM_TEXT_TEMPLATES[0]);
    await drawer(page).getByText('Select one type').waitFor({ state: 'detached' });

    const name = `Sabotage ${run}`;
    await field(page, /^name/i).fill(name);
    await field(page, /^text/i).fill('Check ');
    await drawer(page)
      .getByRole('button', { name: /^Insert \{asset_name\}/ })
      .click();
    expect(await field(page, /^text/i).inputValue()).toBe('Check {asset_name}');
    await field(page, /^email/i).fill('planner@demo.example; not-an-email');
    await drawer(page).getByRole('button', { name: 'Save' }).click();
    await drawer(page).getByText('Must be a valid email: not-an-email').waitFor();
    await field(page, /^email/i).fill('planner@demo.example, yard@demo.example');
    const created = page.waitForResponse((r) => r.url().endsWith('/api/alarms') && r.request().method() === 'POST');
    await drawer(page).getByRole('button', { name: 'Save' }).click();
    const id = ((await (await created).json()) as { id: number }).id;
    await page.getByText('Alarm rule added').waitFor();
    await waitForScreen(page, /\/alarm-rules$/);
    await page.getByRole('row').filter({ hasText: name }).getByText('Asset tag sabotaged').waitFor();

    // Edit: a text of one's own stays when the type changes.
    await page.getByRole('cell', { name, exact: true }).click();
    await waitForScreen(page, new RegExp(`/alarm-rules/${id}$`));
    await drawer(page).getByText('Alarm rule', { exact: true }).waitFor();
    await expectValue(field(page, /^name/i), name);
    await chooseType(page, 'Asset battery level low');
    expect(await field(page, /^text/i).inputValue()).toBe('Check {asset_name}');
    await field(page, /^name/i).fill(`${name} edited`);
    await drawer(page).getByRole('button', { name: 'Save' }).click();
    await page.getByText('Alarm rule updated').waitFor();
    await page
      .getByRole('row')
      .filter({ hasText: `${name} edited` })
      .getByText('Asset battery level low')
      .waitFor();

    // A reload on the rule's address opens its panel; Type stays locked until the rule has loaded.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(`**/api/alarms/${id}`, async (route: Route) => {
      await held;
      await route.continue();
    });
    await page.goto(consoleUrl(`/alarm-rules/${id}`));
    await drawer(page).getByText('Alarm rule', { exact: true }).waitFor();
    await drawer(page).locator('[role="combobox"][aria-disabled="true"]').waitFor();
    release();
    await expectValue(field(page, /^name/i), `${name} edited`);
    await drawer(page).locator('[role="combobox"][aria-disabled="true"]').waitFor({ state: 'detached' });
    await page.unroute(`**/api/alarms/${id}`);
    expect(await field(page, /^email/i).inputValue()).toBe('planner@demo.example, yard@demo.example');
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'alarm-rules-drawer-desktop');

    await drawer(page).getByRole('button', { name: 'Delete' }).click();
    await page.getByText(`Delete alarm rule ${name} edited?`).waitFor();
    await page.getByRole('button', { name: 'Yes' }).click();
    await page.getByText('Alarm rule deleted').waitFor();
    await waitForScreen(page, /\/alarm-rules$/);
    await page.getByRole('cell', { name: `${name} edited` }).waitFor({ state: 'detached' });
    await page.close();
  });

  it('offers Add new as the floating action at phone width', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await signInAs(page, 'admin');
    await openList(page);
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'alarm-rules-list-phone');
    await page.getByRole('button', { name: 'Add new' }).first().click();
    await page.getByRole('menuitem', { name: 'Add new' }).click();
    await waitForScreen(page, /\/alarm-rules\/new/);
    await drawer(page).getByText('New Alarm rule').waitFor();
    await chooseType(page, 'Asset battery level low');
    expect(await field(page, /^text/i).inputValue()).toBe(ALARM_TEXT_TEMPLATES[2]);
    await screenshot(page, 'alarm-rules-drawer-phone');
    await page.close();
  });

  it('shows a user with ALARM_READ only the rules, read-only', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await signInAs(page, 'user');
    await openList(page);
    expect(await page.getByRole('button', { name: 'Add new' }).count()).toBe(0);
    await page.getByRole('cell', { name: 'Sabotage tag', exact: true }).click();
    await expectValue(field(page, /^name/i), 'Sabotage tag');
    expect(await field(page, /^name/i).getAttribute('readonly')).not.toBeNull();
    expect(await drawer(page).getByRole('button', { name: 'Save' }).count()).toBe(0);
    expect(await drawer(page).getByRole('button', { name: 'Delete' }).count()).toBe(0);
    await page.close();
  });

  it.each(['client', 'transporter'])('sends a %s user (no ALARM_* in the role matrix) home', async (login) => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await signInAs(page, login, '/alarm-rules/1');
    await waitForScreen(page, (url) => url.pathname === '/assets');
    await page.close();
  });
});

/** Waits until a form field shows the value (the panel fills its form once the rule has loaded). */
async function expectValue(locator: ReturnType<Page['locator']>, value: string) {
  const id = (await locator.getAttribute('id')) ?? '';
  // A function with its arguments, not a string: Playwright evaluates a string with eval, which the console's
  // CSP forbids. The test project's TypeScript has no DOM types, hence the narrow cast.
  await locator
    .page()
    .waitForFunction(
      ([fieldId, wanted]) => (globalThis as unknown as FieldLookup).document.getElementById(fieldId)?.value === wanted,
      [id, value] as const,
    );
}

type FieldLookup = { document: { getElementById(id: string): { value: string } | null } };
