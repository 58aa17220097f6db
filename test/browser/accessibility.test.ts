import type { Browser, Page } from 'playwright-core';
import assetsEn from '../../web/src/i18n/features/assets/en.json';
import assetsNl from '../../web/src/i18n/features/assets/nl.json';
import bulkEditEn from '../../web/src/i18n/features/bulkEdit/en.json';
import bulkEditNl from '../../web/src/i18n/features/bulkEdit/nl.json';
import commonEn from '../../web/src/i18n/features/common/en.json';
import commonNl from '../../web/src/i18n/features/common/nl.json';
import { LANGUAGE_STORAGE_KEY } from '../../web/src/i18n/languages';
import { axeViolations, SCALAR_MARKUP, serious } from '../harness/axe';
import {
  animationsFinished,
  consoleUrl,
  DESKTOP,
  goToScreen,
  launchBrowser,
  OPEN_OVERLAY,
  PHONE,
  screenshot,
  signInAs,
  waitForScreen,
} from '../harness/browser';

/**
 * Axe (its WCAG 2 A and AA rules) on every screen of the console at desktop and phone width, with the panels and
 * dialogs that matter opened. Every serious or critical violation is listed with rule, targets, screen, width and
 * language, and fails the role's test. One page per role goes through all of its screens, once per width,
 * following links in the console as a user does (goToScreen).
 *
 * In English: what axe checks (roles, names, contrast, structure) is the same markup in every language, and
 * Dutch, the second language of the spec, is checked where the console is walked in Dutch anyway: the languages
 * walk (languages.test.ts) runs axe on every state it reaches in Dutch, so a name or label a translation empties
 * is found there. `A11Y_LANGUAGES=en,nl` walks both here while fixing a Dutch finding at phone width.
 */

type Width = 'desktop' | 'phone';
type Language = 'en' | 'nl';
const LANGUAGES = (['en', 'nl'] as Language[]).filter((language) =>
  (process.env.A11Y_LANGUAGES ?? 'en').split(',').includes(language),
);

/** The few words the steps click, in the console's own translations. */
const WORDS = {
  en: {
    filter: commonEn.filter,
    assetFilter: assetsEn.words.filter,
    delete: commonEn.delete,
    edit: assetsEn.words.edit,
    editSelected: bulkEditEn.editSelected.replace('{{count}}', '1'),
    assetImport: assetsEn.import.button,
  },
  nl: {
    filter: commonNl.filter,
    assetFilter: assetsNl.words.filter,
    delete: commonNl.delete,
    edit: assetsNl.words.edit,
    editSelected: bulkEditNl.editSelected.replace('{{count}}', '1'),
    assetImport: assetsNl.import.button,
  },
};
type Words = (typeof WORDS)[Language];

/** A state of a screen: what to do to reach it from the state before (the screen as loaded, for the first). */
interface Step {
  name: string;
  act(page: Page, words: Words): Promise<void>;
  /** A state that exists at one width only (the phone's navigation drawer). */
  only?: Width;
}

interface Screen {
  name: string;
  path: string;
  ready(page: Page): Promise<void>;
  steps?: Step[];
  /** Parts left to their makers, each with its reason where the screen is declared. */
  exclude?: string[];
}

interface Finding {
  rule: string;
  impact: string;
  help: string;
  targets: string[];
  screen: string;
  width: Width;
  language: Language;
}

/** States whose colours and layout were once mended for contrast, kept as screenshots (English) to look at. */
const SCREENSHOTS = new Set([
  'devices',
  'alarm rule panel',
  'API reference',
  'styling',
  'asset panel details',
  'gateway credentials',
  'reports',
  'report confirmation',
  'device profile test result',
  'alarm inbox',
]);
const VIEWPORTS: Record<Width, { width: number; height: number }> = { desktop: DESKTOP, phone: PHONE };
/** What the console shows while it waits for data: skeletons (list rows, panels, tabs) and progress bars. */
const LOADING =
  '.MuiSkeleton-root, .MuiCircularProgress-root, .MuiLinearProgress-root, [data-testid="asset-panel-loading"]';
/** A side panel (SideDrawer, the asset panel): a drawer with a heading. */
const PANEL = '.MuiDrawer-paper:has(h2)';

/**
 * The page's data has arrived (nothing shows it is waiting) and nothing is sliding or fading in. Not the
 * network's idleness: it costs half a second a state, and the map never has it (tiles it cannot get offline).
 */
async function settled(page: Page) {
  await page.locator(LOADING).first().waitFor({ state: 'detached' });
  await animationsFinished(page);
}

const listReady = async (page: Page) => {
  await page.locator('main h1').waitFor();
  await page.locator('tbody tr').first().waitFor();
  await settled(page);
};

/** A row of a list screen's table, once its answer is there (placeholder rows come before). */
const LOADED_ROW = (testId: string) => `[data-testid="${testId}"] tbody tr:not([data-testid="skeleton-row"])`;

const formReady = (selector: string) => async (page: Page) => {
  await page.locator(selector).first().waitFor();
  await settled(page);
};

/** Opens the panel of the list's first row with a click on the row, as a user does. */
const openFirstRow: Step['act'] = async (page) => {
  // The first visible cell without a selection box: phones hide some columns, a box's cell selects instead.
  await page.locator('tbody tr').first().locator('td:visible:not(:has(input))').first().click();
  await page.locator(PANEL).last().waitFor();
  await settled(page);
};

const closePanel: Step['act'] = async (page) => {
  await page.keyboard.press('Escape');
  await page.locator(PANEL).first().waitFor({ state: 'detached' });
};

const openAlarmInbox: Step['act'] = async (page) => {
  await page.locator('[data-testid="alarm-inbox-button"][data-alarm-count]').click();
  await page.locator('[data-testid="alarm-inbox"]').waitFor();
  await settled(page);
};

/** Closes the phone's navigation drawer when it is open. */
const closeNavigation: Step['act'] = async (page) => {
  if (!(await page.locator('.MuiDrawer-modal nav').isVisible())) return;
  await page.keyboard.press('Escape');
  await page.locator('.MuiDrawer-modal nav').waitFor({ state: 'hidden' });
};

/** Several acts, one after the other. */
const inTurn =
  (...acts: Step['act'][]): Step['act'] =>
  async (page, words) => {
    for (const act of acts) await act(page, words);
  };

const openFilter =
  (label: keyof Words): Step['act'] =>
  async (page, words) => {
    await page.getByRole('button', { name: words[label], exact: true }).click();
    await page.locator(`${PANEL} form`).waitFor();
    await settled(page);
  };

/** The n-th tab of the asset panel, selected. */
const assetTab =
  (index: number): Step['act'] =>
  async (page) => {
    await page.locator(`${PANEL} [role="tab"]`).nth(index).click();
    await page.locator(`${PANEL} [role="tab"]:nth-child(${index + 1})[aria-selected="true"]`).waitFor();
    await settled(page);
  };

/** The Gateways screen's register dialog. */
const openGatewayDialog: Step['act'] = async (page) => {
  await page.getByTestId('register-gateway').click();
  await page.locator('[role="dialog"] form').waitFor();
  await settled(page);
};

/** The share link dialog of the open customer panel (share-links/ShareLinkDialog.tsx). */
const openShareLinkDialog: Step['act'] = async (page) => {
  await page.getByTestId('share-link-open').click();
  // Its own form: the customer panel under it is a dialog with a form too.
  await page.locator('form#share-link-form').waitFor();
  await settled(page);
};

/** Registers a gateway with a fresh EUI: the dialog then shows the credentials, once. */
const registerGateway: Step['act'] = async (page) => {
  const inputs = page.locator('[role="dialog"] form input');
  await inputs.nth(0).fill('Accessibility gateway');
  await inputs.nth(1).fill(`ACCE55${Date.now().toString(16).slice(-10).toUpperCase().padStart(10, '0')}`);
  await page.locator('[role="dialog"] button[type="submit"]').click();
  await page.getByTestId('gateway-credentials').waitFor();
  await settled(page);
};

/** A new device profile with a codec pasted and bytes tested, so the result shows. */
/** "Edit selected" of the first row (bulk-edit/useBulkEdit.tsx), a field ticked so its input shows. */
const openBulkEdit: Step['act'] = async (page, words) => {
  await page.locator('tbody tr').first().getByRole('checkbox').check();
  await page.getByRole('button', { name: words.editSelected, exact: true }).click();
  await page.locator('.MuiDialog-paper').getByRole('checkbox').first().check();
  await settled(page);
};

const closeDialog: Step['act'] = async (page) => {
  await page.keyboard.press('Escape');
  await page.locator('.MuiDialog-root').waitFor({ state: 'detached' });
};

const testDeviceProfileCodec: Step['act'] = async (page) => {
  await goToScreen(page, '/device-profiles/new');
  await page
    .getByTestId('codec-editor')
    .fill("function decodeUplink(input) { return { data: { lat: 52.1, lng: 5.1, batV: 3.6 }, warnings: ['check'] }; }");
  await page.getByTestId('codec-test-bytes').fill('01 02');
  await page.getByTestId('codec-test-run').click();
  await page.getByTestId('codec-test-result').waitFor();
  await settled(page);
};

/** The Reports screen's confirmation of its first report: the question, not the answer. */
const openReportConfirmation: Step['act'] = async (page) => {
  await page.locator('[data-testid="report-list"] tbody tr button').first().click();
  // The phone's navigation drawer is a dialog too: the confirmation is the MUI Dialog.
  await page.locator('.MuiDialog-root [role="dialog"]').waitFor();
  await settled(page);
};

const navigationDrawer: Step = {
  name: 'navigation drawer',
  only: 'phone',
  act: async (page) => {
    await page.locator('header button[aria-expanded]').first().click();
    await page.locator('.MuiDrawer-modal nav').waitFor();
    await settled(page);
  },
};

const SIGNED_OUT: Screen[] = [
  { name: 'sign-in', path: '/sign-in', ready: formReady('main form button[type="submit"]') },
  {
    name: 'reset password',
    path: '/reset-password',
    ready: formReady('main form button[type="submit"]'),
    steps: [
      {
        name: 'reset password, request refused',
        act: async (page) => {
          await page.locator('main form button[type="submit"]').click();
          await page.locator('main [aria-invalid="true"]').first().waitFor();
        },
      },
      {
        name: 'reset password, code and new password',
        act: async (page) => {
          await page.locator('main input').first().fill('someone@example.com');
          await page.locator('main form button[type="submit"]').click();
          await page.locator('main input[type="password"]').first().waitFor();
          await page.locator('main form button[type="submit"]').click();
          await page.locator('main [aria-invalid="true"]').first().waitFor();
          await animationsFinished(page);
        },
      },
    ],
  },
];

const ADMIN: Screen[] = [
  {
    name: 'assets',
    path: '/assets',
    ready: listReady,
    steps: [
      navigationDrawer,
      {
        name: 'assets filter',
        act: inTurn(closeNavigation, openFilter('assetFilter')),
      },
      { name: 'asset panel details', act: inTurn(closePanel, openFirstRow) },
      {
        name: 'asset panel edit form',
        act: async (page, words) => {
          await page.locator(PANEL).getByRole('button', { name: words.edit, exact: true }).click();
          await page.locator(`${PANEL} form input`).first().waitFor();
          await settled(page);
        },
      },
      { name: 'asset panel events', act: assetTab(1) },
      {
        name: 'asset panel map',
        act: inTurn(assetTab(2), (page) => page.locator('[data-testid="asset-map"][data-ready="true"]').waitFor()),
      },
      { name: 'asset panel alarms', act: assetTab(3) },
      { name: 'asset panel visits', act: assetTab(4) },
      { name: 'asset panel attachments', act: assetTab(5) },
    ],
  },
  {
    name: 'asset map',
    path: '/asset-map',
    ready: async (page) => {
      // The canvas says when the map is idle; SwiftShader draws it on the CPU of a shared machine.
      await page.locator('[data-testid="asset-map-canvas"][data-ready="true"]').waitFor({ timeout: 90_000 });
      await settled(page);
    },
  },
  {
    // The zone panel with who is there now, the period's visits and its stock (the seed's first zone), and the
    // stock's limits dialog: one visit of the map for the panel's parts.
    name: 'asset map zone panel',
    path: '/asset-map?zone=1',
    ready: async (page) => {
      await page.locator('[data-testid="asset-map-canvas"][data-ready="true"]').waitFor({ timeout: 90_000 });
      await page.locator(`${PANEL} [data-testid="zone-visits"]`).waitFor();
      await page.locator('[data-zone-stock="loaded"]').waitFor();
      await settled(page);
    },
    steps: [
      {
        name: 'zone stock limits dialog',
        act: async (page) => {
          await page.locator('[data-zone-stock="loaded"] button').first().click();
          await page.locator('[data-stock-limits="loaded"]').waitFor();
          await settled(page);
        },
      },
    ],
  },
  // The asset import dialog (assets/import/AssetImportDialog.tsx), from the list as loaded.
  {
    name: 'asset import',
    path: '/assets',
    ready: listReady,
    steps: [
      {
        name: 'asset import dialog',
        act: async (page, words) => {
          await page.getByRole('button', { name: words.assetImport, exact: true }).click();
          await page.locator('.MuiDialog-paper [data-testid="asset-import-file"]').waitFor({ state: 'attached' });
          await settled(page);
        },
      },
    ],
  },
  {
    name: 'asset profiles',
    path: '/asset-profiles',
    ready: listReady,
    steps: [
      { name: 'asset profile panel', act: openFirstRow },
      {
        name: 'asset profile catalogue dialog',
        act: async (page) => {
          await page.locator(`${PANEL} section tbody button`).first().click();
          await page.locator('.MuiDialog-paper form, .MuiDialog-paper input').first().waitFor();
          await settled(page);
        },
      },
    ],
  },
  {
    name: 'devices',
    path: '/devices',
    ready: listReady,
    steps: [
      // The toolbar's selection actions are the phone's floating menu: the dialog is walked at desktop width.
      { name: 'devices bulk edit dialog', act: openBulkEdit, only: 'desktop' },
      { name: 'devices filter', act: inTurn(closeDialog, openFilter('filter')) },
      { name: 'device panel', act: inTurn(closePanel, openFirstRow) },
    ],
  },
  {
    name: 'device profiles',
    path: '/device-profiles',
    ready: listReady,
    steps: [
      // A built-in: read-only, with its test panel.
      { name: 'device profile panel', act: openFirstRow },
      { name: 'device profile test result', act: testDeviceProfileCodec },
    ],
  },
  {
    name: 'alarm rules',
    path: '/alarm-rules',
    ready: listReady,
    steps: [
      { name: 'alarm rule panel', act: openFirstRow },
      {
        name: 'alarm rule delete confirmation',
        act: async (page, words) => {
          await page.locator(PANEL).getByRole('button', { name: words.delete, exact: true }).click();
          await page.locator('.MuiDialog-paper').waitFor();
          await settled(page);
        },
      },
    ],
  },
  {
    name: 'customers',
    path: '/customers',
    ready: listReady,
    steps: [
      { name: 'customer panel', act: openFirstRow },
      { name: 'customer share link dialog', act: openShareLinkDialog },
    ],
  },
  // Share links: the list (empty or not, the table shows) of the tenant's links.
  { name: 'share links', path: '/share-links', ready: formReady('[data-testid="share-link-list"]') },
  { name: 'users', path: '/users', ready: listReady, steps: [{ name: 'user panel', act: openFirstRow }] },
  {
    name: 'roles',
    path: '/permissions',
    ready: formReady('main input[type="checkbox"]'),
    // The top bar's alarm inbox, open over any screen: a popover, a full-width drawer on a phone.
    steps: [{ name: 'alarm inbox', act: openAlarmInbox }],
  },
  { name: 'styling', path: '/styling', ready: formReady('[data-testid="theme-preview"]') },
  { name: 'KPN Things', path: '/kpnthings', ready: formReady('main form') },
  {
    name: 'reports',
    path: '/reports',
    ready: formReady(LOADED_ROW('report-list')),
    steps: [{ name: 'report confirmation', act: openReportConfirmation }],
  },
  // Stock per zone. The drill-down of the demo's zone 1 (its assets without a profile, maybe none).
  {
    name: 'stock',
    path: '/stock',
    ready: formReady('[data-stock-table="loaded"]'),
    steps: [
      {
        name: 'stock drill-down',
        act: async (page) => {
          await goToScreen(page, '/stock?zone=1&profile=none');
          await page.locator('[data-stock-assets="loaded"]').waitFor();
          await settled(page);
        },
      },
    ],
  },
  // The Pickups screen with the asset panel a row opens, and the Loan days screen.
  { name: 'pickups', path: '/pickups', ready: listReady, steps: [{ name: 'pickup asset panel', act: openFirstRow }] },
  { name: 'loan-days', path: '/loan-days', ready: formReady('[data-testid="loan-day-table"] tbody tr') },
  // Rental contracts: the demo customer's lines (maybe none), the import panel, and the new line's form.
  {
    name: 'rental contracts',
    path: '/rental-contracts?customer=1',
    ready: formReady('[data-testid="rental-contracts-table"]'),
    steps: [
      {
        name: 'contract import panel',
        act: async (page) => {
          await page.getByTestId('contract-import-open').click();
          await page.locator(PANEL).last().waitFor();
          await settled(page);
        },
      },
    ],
  },
  { name: 'new contract line panel', path: '/rental-contracts/new', ready: formReady(`${PANEL} input`) },
  // Utilisation: charts and table once the answer is in (or the empty state of a tenant not rolled up yet).
  {
    name: 'utilisation',
    path: '/utilisation',
    ready: formReady('[data-testid="utilisation-screen"]:is([data-state="ready"], [data-state="empty"])'),
  },
  // Rental audit: the totals and strips once the answer is in (or the empty state of a month not audited).
  {
    name: 'rental audit',
    path: '/rental-audit',
    ready: formReady('[data-testid="rental-audit-screen"]:is([data-state="ready"], [data-state="empty"])'),
  },
  // Scan: the phone's screen without a camera (this browser has none): the camera's notice and the hint.
  { name: 'scan', path: '/scan', ready: formReady('[data-testid="scan-screen"]:not([data-camera="starting"])') },
  // Area search: its controls and the intro before an area is drawn (the map beside them).
  {
    name: 'area search',
    path: '/area-search',
    ready: formReady('[data-testid="area-search-screen"][data-state="idle"]'),
  },
  { name: 'API credentials', path: '/api', ready: formReady('main h1') },
  // The webhook endpoint panel with its event-type checkboxes (the demo tenant has no endpoint seeded).
  { name: 'webhook endpoint panel', path: '/webhooks/new', ready: formReady(`${PANEL} input[type="checkbox"]`) },
  // Scheduled reports: the new subscription panel over the list (the demo tenant has none seeded).
  {
    name: 'scheduled report panel',
    path: '/report-subscriptions/new',
    ready: formReady(`${PANEL} input[data-testid="subscription-time"]`),
  },
  {
    name: 'gateways',
    path: '/gateways',
    ready: formReady(LOADED_ROW('gateway-list')),
    steps: [
      { name: 'gateway register dialog', act: openGatewayDialog },
      { name: 'gateway credentials', act: registerGateway },
    ],
  },
  // After the gateways: the newest entry is the gateway just registered, so its panel shows changed fields.
  {
    name: 'audit log',
    path: '/audit',
    ready: listReady,
    steps: [
      { name: 'audit log filter', act: openFilter('filter') },
      { name: 'audit entry panel', act: inTurn(closePanel, openFirstRow) },
    ],
  },
  { name: 'data retention', path: '/retention', ready: formReady('[data-testid="retention-form"] input') },
  { name: 'alarm notices', path: '/alarm-notices', ready: formReady('[data-testid="notice-form-own"] input') },
  {
    name: 'API reference',
    path: '/api/reference',
    exclude: SCALAR_MARKUP,
    ready: async (page) => {
      await page.locator('[data-testid="api-reference"] h1').first().waitFor({ timeout: 60_000 });
      await settled(page);
    },
  },
  { name: 'preferences', path: '/preferences', ready: formReady(`${PANEL} input`) },
];

const SUPER_ADMIN: Screen[] = [
  { name: 'tenants', path: '/tenants', ready: listReady, steps: [{ name: 'tenant panel', act: openFirstRow }] },
];

const assetViews = (role: string): Screen[] => [
  {
    name: `assets (${role})`,
    path: '/assets',
    ready: listReady,
    steps: [
      navigationDrawer,
      {
        name: `asset panel (${role})`,
        act: inTurn(closeNavigation, openFirstRow),
      },
    ],
  },
];

async function analyse(page: Page, screen: string, width: Width, language: Language, exclude: string[] = []) {
  return serious(await axeViolations(page, { exclude })).map(
    (violation): Finding => ({
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.map((node) => `${node.target.join(' ')}  ${node.html.slice(0, 160)}`),
      screen,
      width,
      language,
    }),
  );
}

async function keepScreenshot(page: Page, state: string, width: Width, language: Language) {
  if (language === 'en' && SCREENSHOTS.has(state))
    await screenshot(page, `a11y-${state.replaceAll(' ', '-')}-${width}`);
}

/** Whether the page shows `path` already, with nothing open over it: the state a visit would reach. */
const showsOnly = (page: Page, path: string) =>
  page
    .evaluate<boolean>(
      `location.pathname + location.search === ${JSON.stringify(path)} && document.querySelector(${JSON.stringify(OPEN_OVERLAY)}) === null`,
    )
    .catch(() => false);

/**
 * Each screen in both widths, in the language the page was opened in; a state that cannot be reached is a finding
 * too. A screen the page shows already (the first one, as the page opened) is read as it is: goToScreen would
 * load that very address again.
 */
async function checkScreens(page: Page, screens: Screen[], language: Language) {
  const findings: Finding[] = [];
  for (const width of ['desktop', 'phone'] as Width[]) {
    await page.setViewportSize(VIEWPORTS[width]);
    for (const screen of screens) {
      let state = screen.name;
      try {
        if (!(await showsOnly(page, screen.path))) await goToScreen(page, screen.path);
        await screen.ready(page);
        findings.push(...(await analyse(page, state, width, language, screen.exclude)));
        await keepScreenshot(page, state, width, language);
        for (const step of screen.steps ?? []) {
          if (step.only && step.only !== width) continue;
          state = step.name;
          await step.act(page, WORDS[language]);
          findings.push(...(await analyse(page, state, width, language, screen.exclude)));
          await keepScreenshot(page, state, width, language);
        }
      } catch (error) {
        const reason = String(error).split('\n')[0] ?? '';
        findings.push({
          rule: 'unreachable',
          impact: 'critical',
          help: reason,
          targets: [],
          screen: state,
          width,
          language,
        });
      }
    }
  }
  return findings;
}

/** Presses Tab until the focus is on `selector` (at most `limit` times); answers whether it got there. */
async function tabTo(page: Page, selector: string, limit = 80) {
  for (let press = 0; press < limit; press++) {
    await page.keyboard.press('Tab');
    if ((await page.locator(`${selector}:focus`).count()) > 0) return true;
  }
  return false;
}

/** Whether the keyboard focus is on `selector` or inside it. */
const focusIsIn = async (page: Page, selector: string) =>
  (await page.locator(`${selector}:focus, ${selector} :focus`).count()) > 0;

const report = (findings: Finding[]) =>
  findings
    .map(
      (f) =>
        `${f.impact} ${f.rule} on ${f.screen} (${f.width}, ${f.language}): ${f.help}` +
        f.targets.map((target) => `\n    ${target}`).join(''),
    )
    .join('\n');

describe('accessibility of the console (axe, WCAG 2 A and AA)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  const roles: [role: string, login: string | null, screens: Screen[]][] = [
    ['a visitor', null, SIGNED_OUT],
    ['an admin', 'admin', ADMIN],
    ['the super admin', 'superadmin', SUPER_ADMIN],
    ['a transporter', 'transporter', assetViews('transporter')],
    ['a client', 'client', assetViews('client')],
  ];
  // One test per role and language: the admin's screens in both languages outgrew one test's time on a loaded machine.
  const runs = roles.flatMap(([role, login, screens]) =>
    LANGUAGES.map((language) => [role, language, login, screens] as const),
  );
  it.each(runs)(
    'shows %s no serious or critical violation (%s)',
    async (_, language, login, screens) => {
      // A context of its own per role: a fresh session and language choice.
      const context = await browser.newContext({ viewport: DESKTOP });
      // The language is chosen before the console starts, which reads it once: the page opens at the role's first
      // screen, in its language, with one load. Not in the new page's about:blank, which has no storage.
      await context.addInitScript(
        `if (location.protocol.startsWith('http')) localStorage.setItem('${LANGUAGE_STORAGE_KEY}', '${language}')`,
      );
      const page = await context.newPage();
      // The reset request is answered here: no mail is sent for the second step's form.
      await page.route('**/user/reset-password', (route) =>
        route.fulfill({ status: 200, json: {}, headers: { 'access-control-allow-origin': '*' } }),
      );
      const first = screens[0]?.path ?? '/';
      if (login) await signInAs(page, login, first);
      else await page.goto(consoleUrl(first));
      await page.locator(`html[lang="${language}"]`).waitFor({ state: 'attached' });
      const findings = await checkScreens(page, screens, language);
      await context.close();
      expect(report(findings)).toBe('');
    },
    600_000,
  );

  it.each([
    ['the device panel (a modal side panel)', '/devices', /\/devices\/\d+$/, /\/devices$/],
    ['the asset panel (beside the list)', '/assets', /\/assets\/\d+$/, /\/assets$/],
  ])('reaches, opens and closes %s with the keyboard', async (_, path, opened, closed) => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await signInAs(page, 'admin', path);
    await listReady(page);
    expect(await tabTo(page, 'tbody tr')).toBe(true);
    const row = await page.locator('tbody tr:focus').textContent();
    const name = path.slice(1);
    await screenshot(page, `a11y-keyboard-${name}-row-focused`);
    await page.keyboard.press('Enter');
    await waitForScreen(page, opened);
    await page.locator(PANEL).last().waitFor();
    expect(await focusIsIn(page, PANEL)).toBe(true);
    // The panel's own controls follow with Tab.
    await page.keyboard.press('Tab');
    expect(await focusIsIn(page, PANEL)).toBe(true);
    await screenshot(page, `a11y-keyboard-${name}-panel-focused`);
    await page.keyboard.press('Escape');
    await waitForScreen(page, closed);
    await page.locator(PANEL).first().waitFor({ state: 'detached' });
    // The focus is back on the row the panel was opened from.
    expect(await page.locator('tbody tr:focus').textContent()).toBe(row);
    await context.close();
  });
});
