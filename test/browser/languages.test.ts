import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Locator, Page, Response } from 'playwright-core';
import { LANGUAGE_STORAGE_KEY } from '../../web/src/i18n/languages';
import { NAVIGATION_ENTRIES } from '../../web/src/shell/navigationEntries';
import { axeViolations, SCALAR_MARKUP, serious } from '../harness/axe';
import {
  animationsFinished,
  closeOverlays,
  consoleUrl,
  DESKTOP,
  goToScreen,
  launchBrowser,
  OPEN_OVERLAY,
  screenshot,
  signInAs,
} from '../harness/browser';
import {
  catalogueString,
  collectDataStrings,
  englishIn,
  englishVocabulary,
  withoutData,
} from '../harness/english-words';

/**
 * In Dutch, German and French every visible word is in that language, and in Dutch axe (WCAG 2 A and AA) finds
 * no serious or critical violation in any state walked (in what a step opened, once the state beneath was analysed;
 * the accessibility walk covers whole pages in English at both widths). Each user walks every
 * screen of the console once, reading each state in the three languages in turn (switched in place, as a choice
 * made in another tab is taken up) (its navigation menu and the routes of web/src/routes.tsx, so a new screen is covered
 * without touching this file), opens the first row's side panel, its tabs, its delete confirmation and its edit
 * form, the screen's add and filter panels and user menu, and searches for nothing; it collects what a user
 * sees and hears: the page's text and its aria-label, title, placeholder and alt attributes. What came from the
 * API is data and is cut out (names, addresses, DevEUIs); numbers and dates hold no letters. Any English word
 * of the console's catalogues (a value that its translation changes) or of the libraries' English fails the
 * test with the screen, the language and the line the word stood in.
 */

const ALL_LANGUAGES = ['nl', 'de', 'fr'] as const;
type Language = (typeof ALL_LANGUAGES)[number];
/** The language whose walk also runs axe: the spec's second language, beside the English accessibility walk. */
const AXE_LANGUAGE: Language = 'nl';
/** LANGUAGES=nl runs one language while fixing its strings. */
const LANGUAGES = ALL_LANGUAGES.filter((language) => (process.env.LANGUAGES ?? language).split(',').includes(language));

const LOADING =
  '.MuiSkeleton-root, .MuiCircularProgress-root, .MuiLinearProgress-root, [data-testid="asset-panel-loading"]';
const PANEL = '.MuiDrawer-paper:has(h2)';
/** What a button opens: a side panel, a dialog, a menu. */
const OPENED = `${PANEL}, .MuiDialog-paper, .MuiMenu-paper, .MuiPopover-paper`;
/** States kept as screenshots per language, to look at. */
const SCREENSHOTS = new Set(['/assets', '/assets panel tab 1', '/devices', '/asset-map', '/alarm-rules panel']);

/** The routes of web/src/routes.tsx: those before the signed-in guard are public. */
function declaredRoutes() {
  const source = readFileSync(path.resolve(__dirname, '../../web/src/routes.tsx'), 'utf8');
  const [publicPart, signedInPart] = source.split('<RequireSignedIn />');
  const paths = (part = '') =>
    [...part.matchAll(/page\('([^']+)'/g)]
      .map((match) => match[1] ?? '')
      // A required id is a row's panel, reached from its list; '*' is any unknown path.
      .filter((route) => !/\/:\w+$/.test(route))
      .map((route) => (route === '*' ? '/no-such-screen' : `/${route.replace(/\/:\w+\?$/, '')}`));
  return { publicRoutes: paths(publicPart), signedInRoutes: paths(signedInPart) };
}

const vocabularies = new Map<Language, Set<string>>();
/** The English words that must not appear in a language, built once per language. */
function vocabularyOf(language: Language) {
  let vocabulary = vocabularies.get(language);
  if (!vocabulary) {
    vocabulary = englishVocabulary(language);
    vocabularies.set(language, vocabulary);
  }
  return vocabulary;
}

interface Finding {
  user: string;
  language: Language;
  screen: string;
  /** English words found, or for axe's findings the rule with its help, one target a line. */
  words: { word: string; line: string }[];
}

/**
 * Everything a user reads or a screen reader says, in one text. A part that declares a language of its own (the
 * API reference, lang="en") is said in that language and left out. Strings: the Node typings here have no DOM.
 */
const VISIBLE_TEXT = `(() => {
  const attributes = ['aria-label', 'title', 'placeholder', 'alt', 'aria-placeholder', 'aria-roledescription'];
  const foreign = [...document.body.querySelectorAll('[lang]:not([lang="' + document.documentElement.lang + '"])')];
  const said = [...document.querySelectorAll('*')]
    .filter((element) => !foreign.some((part) => part.contains(element)))
    .flatMap((element) => attributes.map((name) => element.getAttribute(name)).filter(Boolean));
  let text = document.body.innerText;
  for (const part of foreign) text = text.replace(part.innerText, ' ');
  return text + '\\n' + said.join('\\n');
})()`;
const visibleText = (page: Page) => page.evaluate<string>(VISIBLE_TEXT);

/** Data arrived, nothing waits (skeletons, progress), maps that say when they are ready are ready. */
async function settled(page: Page) {
  await page.locator('main, form').first().waitFor();
  await page.locator(LOADING).first().waitFor({ state: 'detached', timeout: 90_000 });
  await page.locator('[data-ready="false"]').first().waitFor({ state: 'detached', timeout: 90_000 });
  await animationsFinished(page);
}

const showsOnly = (page: Page, route: string) =>
  page
    .evaluate<boolean>(
      `location.pathname + location.search === ${JSON.stringify(route)} && document.querySelector(${JSON.stringify(OPEN_OVERLAY)}) === null`,
    )
    .catch(() => false);

/**
 * Goes to a route as a user does: closes what is open over the screen, then follows a link unless the screen is
 * there already (goToScreen loads the page at the very address it is at, and the walk comes back to each screen
 * it opened things on).
 */
async function visit(page: Page, route: string) {
  await closeOverlays(page);
  if (!(await showsOnly(page, route))) await goToScreen(page, route);
  await settled(page);
}

class Walk {
  readonly findings: Finding[] = [];
  private readonly data = new Set<string>();
  private readonly pending: Promise<unknown>[] = [];
  private language: Language = LANGUAGES[0] ?? 'nl';
  /** Whether the user menu was read: it shows the same on every screen (the user, the actions, the flags). */
  private userMenuRead = false;
  /** A second tab of the console's origin: a language saved there is taken up by the walked page in place. */
  private chooser?: Page;

  constructor(
    private readonly page: Page,
    private readonly user: string,
  ) {
    page.on('response', (response) => this.pending.push(this.readData(response)));
  }

  private async readData(response: Response) {
    // The API's answers (the console's own origin serves only the app: its manifest is no data).
    if (response.url().startsWith(consoleUrl('/')) || !(response.headers()['content-type'] ?? '').includes('json'))
      return;
    collectDataStrings(await response.json().catch(() => null), this.data);
  }

  /** The walk's first language, saved and loaded as a user's choice is. */
  async start() {
    await this.page.evaluate(`localStorage.setItem('${LANGUAGE_STORAGE_KEY}', '${this.language}')`);
    await this.page.reload();
    await this.page.locator(`html[lang="${this.language}"]`).waitFor({ state: 'attached' });
    await settled(this.page);
  }

  /**
   * Another language on the state shown, chosen as in another tab of the console: the page re-renders in place
   * (web/src/i18n/i18n.ts), so each state is reached once and read in every language. The page's lang attribute
   * changes once the new words are on screen (useDocumentLanguage).
   */
  private async switchTo(language: Language) {
    if (!this.chooser) {
      this.chooser = await this.page.context().newPage();
      await this.chooser.goto(consoleUrl('/favicon.svg'));
      // The newest page is the shown one; a hidden page's timers and frames are throttled, its transitions stall.
      await this.page.bringToFront();
    }
    await this.chooser.evaluate(`localStorage.setItem('${LANGUAGE_STORAGE_KEY}', '${language}')`);
    await this.page.locator(`html[lang="${language}"]`).waitFor({ state: 'attached' });
    await settled(this.page);
    this.language = language;
  }

  /**
   * The state shown, read in each language: the current one first, so the walk goes on in the last one. `opened`
   * is what the step opened over a state already analysed (a panel's tab, a dialog, a menu): axe looks at that
   * part only, as what lies beneath is unchanged, which halves the time a walk spends in axe.
   */
  async check(screen: string, opened?: string) {
    const others = LANGUAGES.filter((language) => language !== this.language);
    await this.checkIn(screen, opened);
    for (const language of others) {
      await this.switchTo(language);
      await this.checkIn(screen, opened);
    }
  }

  private async checkIn(screen: string, opened?: string) {
    const text = await visibleText(this.page);
    // The answers that arrived so far, read once each: the list is emptied as they are awaited.
    await Promise.all(this.pending.splice(0));
    const words = englishIn(withoutData(text, this.data), vocabularyOf(this.language));
    if (words.length > 0) this.findings.push({ user: this.user, language: this.language, screen, words });
    if (this.language === AXE_LANGUAGE) await this.analyse(screen, opened);
    if (SCREENSHOTS.has(screen))
      await screenshot(this.page, `languages-${this.user}-${this.language}-${screen.replace(/\W+/g, '-')}`);
  }

  /** axe's serious and critical violations on the state shown, each a finding with its rule and targets. */
  private async analyse(screen: string, opened?: string) {
    const violations = serious(await axeViolations(this.page, { include: opened, exclude: SCALAR_MARKUP }));
    for (const violation of violations)
      this.findings.push({
        user: this.user,
        language: this.language,
        screen,
        words: [
          { word: `(axe ${violation.impact} ${violation.id})`, line: violation.help },
          ...violation.nodes.map((node) => ({ word: '(axe target)', line: node.target.join(' ') })),
        ],
      });
  }

  /** A screen with its panels and dialogs; an unreachable state is a finding. */
  async screen(route: string) {
    await this.attempt(route, async () => {
      await visit(this.page, route);
      await this.check(route);
    });
    await this.attempt(`${route} panel`, () => this.firstRowPanel(route));
    await this.attempt(`${route} menus`, () => this.openers(route));
  }

  private async attempt(state: string, act: () => Promise<void>) {
    try {
      await act();
    } catch (error) {
      const reason = String(error).split('\n')[0] ?? '';
      this.findings.push({
        user: this.user,
        language: this.language,
        screen: state,
        words: [{ word: '(unreachable)', line: reason }],
      });
    }
  }

  /** A word of the console in the current language, to click by. */
  private word(catalogue: string, key: string) {
    return catalogueString(this.language, catalogue, key);
  }

  /** Clicks a button and checks what it opened (a panel, a dialog, a menu), then closes it with Escape. */
  private async opened(state: string, button: Locator) {
    if (!(await button.isVisible())) return;
    const count = await this.page.locator(OPENED).count();
    await button.click();
    await this.page.locator(OPENED).nth(count).waitFor();
    await settled(this.page);
    await this.check(state, OPENED);
    await this.page.keyboard.press('Escape');
    await this.page.locator(OPENED).nth(count).waitFor({ state: 'detached' });
  }

  /** The first row's side panel, each of its tabs, its delete confirmation and its edit form. */
  private async firstRowPanel(route: string) {
    const row = this.page.locator('main tbody tr[tabindex]').first();
    // A screen that is a panel itself (preferences) has no row to open beneath it.
    if (!(await row.isVisible()) || (await this.page.locator(PANEL).count()) > 0) return;
    await row.locator('td:visible:not(:has(input))').first().click();
    await this.page.locator(PANEL).last().waitFor();
    await settled(this.page);
    await this.check(`${route} panel`);
    const tabs = this.page.locator(`${PANEL} [role="tab"]`);
    for (let index = 1; index < (await tabs.count()); index++) {
      await tabs.nth(index).click();
      await this.page.locator(`${PANEL} [role="tab"]:nth-child(${index + 1})[aria-selected="true"]`).waitFor();
      await settled(this.page);
      await this.check(`${route} panel tab ${index}`, PANEL);
    }
    if ((await tabs.count()) > 0) await tabs.first().click();
    const panelButton = (name: string) => this.page.locator(PANEL).getByRole('button', { name, exact: true }).first();
    await this.opened(`${route} panel delete confirmation`, panelButton(this.word('common', 'delete')));
    const edit = panelButton(this.word('common', 'edit'));
    if (await edit.isVisible()) {
      await edit.click();
      await this.page.locator(`${PANEL} form input`).first().waitFor();
      await settled(this.page);
      await this.check(`${route} panel edit`, PANEL);
    }
  }

  /** The screen's own openers (add, filter), its user menu, and its list when a search finds nothing. */
  private async openers(route: string) {
    await visit(this.page, route);
    const mainButton = (name: string) => this.page.locator('main').getByRole('button', { name, exact: true }).first();
    for (const [name, key] of [
      ['add', 'addNew'],
      ['filter', 'filter'],
    ] as const)
      await this.opened(`${route} ${name}`, mainButton(this.word('common', key)));
    // The menu is the top bar's, over whichever screen: read on the first screen that shows it, in each language
    // and with axe, rather than again on each of some forty screens (the screen beneath is read on its own).
    if (!this.userMenuRead) {
      const userMenu = this.page.getByRole('button', { name: this.word('base', 'translation.userMenu.open') });
      this.userMenuRead = await userMenu.isVisible();
      await this.opened(`${route} user menu`, userMenu);
    }
    const search = this.page.locator('main input[type="search"]').first();
    if (!(await search.isVisible())) return;
    await search.fill('zqxj-nothing-has-this-name');
    await this.page.getByText(this.word('common', 'noResult')).first().waitFor();
    await settled(this.page);
    await this.check(`${route} nothing found`);
  }
}

/** The user's navigation menu, then the declared routes the menu does not list (preferences, not found). */
async function routesOf(page: Page, signedInRoutes: string[]) {
  const hrefs = await page.evaluate<string[]>(
    `[...document.querySelectorAll('nav a[href]')].map((link) => link.getAttribute('href'))`,
  );
  const menu = hrefs.map((href) => new URL(href, consoleUrl()).pathname);
  const inMenus = new Set(NAVIGATION_ENTRIES.map((entry) => entry.path));
  return [...new Set([...menu, ...signedInRoutes.filter((route) => !inMenus.has(route))])];
}

const report = (findings: Finding[]) =>
  findings
    .map(
      (f) =>
        `${f.user} in ${f.language} on ${f.screen}: ${f.words.map((w) => w.word).join(', ')}` +
        f.words.map((w) => `\n    ${w.word}: "${w.line.slice(0, 140)}"`).join(''),
    )
    .join('\n');

describe('every visible word in the user language (nl, de, fr)', () => {
  let browser: Browser;
  const { publicRoutes, signedInRoutes } = declaredRoutes();
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** Routes the admin walked: the super admin walks only the others (tenants), the same screens otherwise. */
  const walkedByAdmin = new Set<string>();
  it.each([
    ['admin', 'all'],
    ['client', 'all'],
    ['superadmin', 'not walked by the admin'],
  ])(
    'shows the %s no English outside data, and in Dutch no axe violation (%s screens)',
    async (login, which) => {
      const context = await browser.newContext({ viewport: DESKTOP });
      const page = await context.newPage();
      const walk = new Walk(page, login);
      await signInAs(page, login);
      await settled(page);
      let routes = await routesOf(page, signedInRoutes);
      if (login === 'admin') for (const route of routes) walkedByAdmin.add(route);
      if (which !== 'all') routes = routes.filter((route) => !walkedByAdmin.has(route));
      await walk.start();
      for (const route of routes) await walk.screen(route);
      await context.close();
      expect(report(walk.findings)).toBe('');
    },
    1_200_000,
  );

  it('shows a visitor the public screens in each language (axe in Dutch)', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const walk = new Walk(page, 'visitor');
    await page.goto(consoleUrl('/sign-in'));
    await walk.start();
    // Only screens a visitor stays on: the single sign-on callback leaves for the sign-in page.
    for (const route of publicRoutes.filter((r) => r !== '/oauth')) await walk.screen(route);
    await context.close();
    expect(report(walk.findings)).toBe('');
  });
});
