import type { Browser, BrowserContext, Page } from 'playwright-core';
import { LANGUAGE_STORAGE_KEY } from '../../web/src/i18n/languages';
import {
  consoleUrl,
  DESKTOP,
  goToScreen,
  launchBrowser,
  PHONE,
  screenshot,
  signInAs,
  waitForScreen,
} from '../harness/browser';

/**
 * Menus and route gating per role (spec 001 s.2 route table and navigation, s.6 roles; spec 000 s.2
 * navigation table with the default role matrix of shared/permissions.ts), and the language flags (s.1).
 */
// Reports: the planners' confirmations (ASSET_REPORT_CONFIRM; every staff role of the default matrix but transporters).
// Stock (staff), Pickups (planners and transporters), Loan days (CUSTOMER_READ), Scheduled reports (whoever reads a
// report), Utilisation (staff with ASSET_READ;
// client users by URL), Rental audit (staff with CUSTOMER_READ; client users by URL), Area search (staff with the map; client users by URL), Share links (staff with ASSET_EDIT),
// Webhooks and the audit log (admins).
// client users by URL), Area search (staff with the map; client users by URL), Share links (staff with ASSET_EDIT),
// Rental contracts (staff who read customers), Webhooks and the audit log (admins).
const TRACKING_STAFF = [
  'Assets',
  'Scan',
  'Asset map',
  'Area search',
  'Asset profiles',
  'Devices',
  'Alarm rules',
  'Reports',
  'Stock',
  'Pickups',
  'Loan days',
  'Scheduled reports',
  'Utilisation',
  'Rental audit',
  'Customers',
  'Rental contracts',
  'Share links',
];
// Device profiles: payload codecs are the admins', after Devices.
const TRACKING_ADMIN = [...TRACKING_STAFF.slice(0, 6), 'Device profiles', ...TRACKING_STAFF.slice(6)];
const ADMINISTRATION = [
  'Users',
  'Roles',
  'Styling',
  'KPN Things',
  'API credentials',
  'Gateways',
  'Webhooks',
  'Audit log',
  'Data retention',
];

interface RoleCase {
  login: string;
  home: '/users' | '/assets';
  menu: string[];
  /** Paths this role may open, and paths it is sent away from (to where). */
  allowed: string[];
  refused: [path: string, to: string][];
}

const ROLES: RoleCase[] = [
  {
    login: 'superadmin',
    home: '/users',
    menu: [...TRACKING_ADMIN, 'Tenants', ...ADMINISTRATION],
    allowed: ['/tenants', '/users', '/permissions', '/kpnthings', '/api'],
    refused: [],
  },
  {
    login: 'admin',
    home: '/users',
    menu: [...TRACKING_ADMIN, ...ADMINISTRATION],
    // Spec 001 route table: /tenants is for admins; only the menu entry is the super admin's (s.2, s.6).
    allowed: ['/tenants', '/users', '/styling', '/device-profiles', '/audit'],
    refused: [],
  },
  {
    login: 'acme-admin',
    home: '/users',
    menu: [...TRACKING_ADMIN, ...ADMINISTRATION],
    allowed: ['/users', '/permissions'],
    refused: [],
  },
  {
    login: 'user',
    home: '/assets',
    menu: TRACKING_STAFF,
    allowed: ['/devices', '/customers', '/styling'],
    refused: [
      ['/users', '/assets'],
      ['/tenants', '/assets'],
      ['/device-profiles', '/assets'],
      ['/audit', '/assets'],
    ],
  },
  {
    login: 'manager',
    home: '/assets',
    menu: TRACKING_STAFF,
    allowed: ['/customers', '/reports'],
    refused: [
      ['/users', '/assets'],
      ['/audit', '/assets'],
    ],
  },
  {
    login: 'transporter',
    home: '/assets',
    menu: ['Assets', 'Scan', 'Asset map', 'Pickups'],
    allowed: ['/asset-map', '/devices'],
    refused: [
      ['/tenants', '/assets'],
      ['/alarm-rules', '/assets'],
    ],
  },
  {
    login: 'client',
    home: '/assets',
    menu: ['Assets', 'Scan', 'Asset map'],
    allowed: ['/asset-map', '/utilisation', '/rental-audit', '/area-search'],
    refused: [
      ['/alarm-rules', '/assets'],
      ['/customers', '/assets'],
      ['/devices', '/assets'],
      ['/permissions', '/assets'],
      ['/styling', '/assets'],
      ['/kpnthings', '/assets'],
      ['/api', '/assets'],
      ['/users', '/assets'],
      ['/tenants', '/assets'],
      ['/audit', '/assets'],
    ],
  },
];

/** The drawer's links; its accessible name is translated like everything else. */
const navigation = (page: Page, name = 'Navigation') => page.getByRole('navigation', { name });
const menuEntries = async (page: Page) =>
  (await navigation(page).getByRole('link').allTextContents()).map((text) => text.trim());

/** Opens a path and waits until the route guards have settled on where it ends. */
async function landOn(page: Page, path: string, expected: string) {
  await page.goto(consoleUrl(path));
  // A full page load each: the default limit, as a loaded machine's load takes seconds.
  await waitForScreen(page, (url) => url.pathname === expected);
}

/**
 * Follows a link to a path in the running console and waits until the route guards have settled on where it
 * ends. The guards are layout routes that read the session as it is (web/src/session/routeGuards.tsx): a link
 * meets the same guard as a load of the address, without the seconds of parsing a load costs a loaded machine.
 * Each role still lands on its home, on sign-in and on its first refused path by a load of the address.
 */
async function followTo(page: Page, path: string, expected: string) {
  await goToScreen(page, path);
  await waitForScreen(page, (url) => url.pathname === expected);
}

/** What a list screen shows while it waits for its rows. */
const LOADING =
  '.MuiSkeleton-root, .MuiCircularProgress-root, .MuiLinearProgress-root, [data-testid="placeholder-row"]';

/** The home list with its rows, for a screenshot of data rather than placeholders (not the network's idleness). */
async function listShown(page: Page) {
  await page.locator('main tbody tr').first().waitFor();
  await page.locator(LOADING).first().waitFor({ state: 'detached' });
}

describe('navigation per role', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('sends visitors to sign-in and shows Page not found for unknown paths', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await landOn(page, '/', '/sign-in');
    await landOn(page, '/users', '/sign-in');
    await landOn(page, '/assets/12', '/sign-in');
    await page.goto(consoleUrl('/no-such-page'));
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await context.close();
  });

  for (const role of ROLES) {
    it(`shows ${role.login} the right menu and routes`, async () => {
      const context: BrowserContext = await browser.newContext({ viewport: DESKTOP });
      const page = await context.newPage();
      await signInAs(page, role.login);
      expect(new URL(page.url()).pathname).toBe(role.home);
      await navigation(page).getByRole('link').first().waitFor();
      expect(await menuEntries(page)).toEqual(role.menu);
      await listShown(page);
      await screenshot(page, `navigation-${role.login}-desktop`);

      await landOn(page, '/', role.home);
      await landOn(page, '/sign-in', role.home);
      const [firstRefused, ...refused] = role.refused;
      if (firstRefused) await landOn(page, ...firstRefused);
      for (const path of role.allowed) await followTo(page, path, path);
      for (const [path, to] of refused) await followTo(page, path, to);
      await followTo(page, '/no-such-page/deeper', '/no-such-page/deeper');
      await page.getByRole('heading', { name: 'Page not found' }).waitFor();

      // Phone: the drawer is temporary, opened from the top bar, with the same entries.
      await page.setViewportSize(PHONE);
      await followTo(page, role.home, role.home);
      await page.getByRole('button', { name: 'Open menu' }).click();
      await navigation(page).getByRole('link').first().waitFor({ state: 'visible' });
      expect(await menuEntries(page)).toEqual(role.menu);
      await screenshot(page, `navigation-${role.login}-phone`);
      await context.close();
    });
  }
});

describe('language switch', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** Each language's own words, from the console's translation files. */
  const textsOf = (lang: string) =>
    (require(`../../web/src/i18n/${lang}.json`) as { translation: Record<string, Record<string, string>> }).translation;
  const FLAGS = [
    { flag: 'Nederlands', lang: 'nl' },
    { flag: 'Deutsch', lang: 'de' },
    { flag: 'Français', lang: 'fr' },
    { flag: 'English', lang: 'en' },
  ];

  it('switches with the flags in the user menu and remembers the choice after a reload', async () => {
    const context = await browser.newContext({ viewport: DESKTOP, locale: 'en-GB' });
    const page = await context.newPage();
    await signInAs(page, 'user');
    await navigation(page).getByRole('link', { name: 'Devices' }).waitFor();
    let current = 'en';
    for (const { flag, lang } of FLAGS) {
      await page.getByRole('button', { name: textsOf(current).userMenu?.open }).click();
      if (current === 'en') {
        // The actions are the menu's items, the flags a group beside them (a menu holds only its items).
        await page.getByRole('menu').getByRole('menuitem').nth(1).waitFor();
        expect(await page.getByRole('menu').getByRole('button').count()).toBe(0);
        await screenshot(page, 'user-menu-desktop');
      }
      await page.getByRole('button', { name: flag }).click();
      await page.keyboard.press('Escape');
      const devices = textsOf(lang).pages?.devices as string;
      const drawer = navigation(page, textsOf(lang).nav?.navigation);
      await drawer.getByRole('link', { name: devices }).waitFor();
      expect(await page.locator('html').getAttribute('lang')).toBe(lang);
      await page.reload();
      await drawer.getByRole('link', { name: devices }).waitFor();
      await page.getByRole('button', { name: textsOf(lang).userMenu?.open }).waitFor();
      expect(await page.evaluate((key) => localStorage.getItem(key), LANGUAGE_STORAGE_KEY)).toBe(lang);
      if (lang !== 'en') {
        // The list itself, not its loading state, in the screenshot.
        await page.locator('tbody tr').first().waitFor();
        await listShown(page);
        await screenshot(page, `navigation-language-${lang}-desktop`);
      }
      current = lang;
    }
    await context.close();
  });

  it('starts in the browser language and falls back to English', async () => {
    const german = await browser.newContext({ viewport: DESKTOP, locale: 'de-DE' });
    const page = await german.newPage();
    await page.goto(consoleUrl('/sign-in'));
    await page.getByRole('button', { name: 'Anmelden' }).first().waitFor();
    await german.close();
    const japanese = await browser.newContext({ viewport: DESKTOP, locale: 'ja-JP' });
    const other = await japanese.newPage();
    await other.goto(consoleUrl('/sign-in'));
    await other.getByRole('button', { name: 'Sign in' }).first().waitFor();
    await japanese.close();
  });
});
