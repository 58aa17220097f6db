import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { consoleUrl, DESKTOP, launchBrowser, signInAs } from '../harness/browser';
import { consoleUnderTest } from '../harness/console-build';
import { readStack } from '../harness/stack';

/**
 * What each screen of the production build makes a browser download: every script and style file of the console
 * fetched by a cold load of the route (empty cache), gzipped as CloudFront compresses them. The goal: the
 * sign-in route at most 300 kB; the figures per route are in docs/performance.md ("The console as shipped").
 * ROUTE_WEIGHT_FILES=<path> writes the figures file by file as JSON.
 */
const SIGN_IN_BUDGET_BYTES = 300_000;
/** Map code (the map library, its worker, the world outlines) belongs to the screens with a map only. */
const MAP_FILES = /^\/assets\/(maplibre|world-atlas)/;
const WORLD_ATLAS = /\/assets\/world-atlas-[\w-]+\.js$/;

interface RouteWeight {
  route: string;
  files: { path: string; gzip: number }[];
  gzip: number;
}

/** The console's own script and style files that the page (or one of its workers) fetches from now on. */
function recordFiles(context: BrowserContext) {
  const origin = new URL(consoleUrl()).origin;
  const paths = new Set<string>();
  const inFlight = new Set<Request>();
  let settled: (() => void) | undefined;
  const done = (request: Request) => {
    inFlight.delete(request);
    if (inFlight.size === 0) settled?.();
  };
  context.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin !== origin || !/\.(m?js|css)$/.test(url.pathname)) return;
    paths.add(url.pathname);
    inFlight.add(request);
  });
  context.on('requestfinished', done);
  context.on('requestfailed', done);
  return {
    /** Resolves once no console file is being fetched (a screen's lazy chunks, asked for after its first paint). */
    idle: () =>
      new Promise<void>((resolve) => {
        settled = resolve;
        if (inFlight.size === 0) resolve();
      }),
    weigh(route: string): RouteWeight {
      const dist = readStack().consoleDist as string;
      const files = [...paths].map((file) => ({
        path: file,
        gzip: gzipSync(readFileSync(path.join(dist, file))).length,
      }));
      paths.clear();
      return { route, files, gzip: files.reduce((sum, file) => sum + file.gzip, 0) };
    },
  };
}

/** A list screen once real rows replaced its placeholder rows. */
const listLoaded = (page: Page) => page.locator('tbody tr:not([data-testid$="-row"])').first().waitFor();

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

const describeBuild = consoleUnderTest() === 'build' ? describe : describe.skip;

describeBuild('the console as shipped: script and style per route', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let files: ReturnType<typeof recordFiles>;
  const weights: RouteWeight[] = [];

  /** A full page load with the browser cache off, so every file counts as on a first visit. */
  async function coldLoad(route: string, loaded: (page: Page) => Promise<unknown>): Promise<RouteWeight> {
    files.weigh('before');
    // Asked before the navigation, so that a response the screen waits for cannot pass unseen.
    const ready = loaded(page);
    await page.goto(consoleUrl(route));
    await ready;
    await files.idle();
    const weight = files.weigh(route);
    weights.push(weight);
    return weight;
  }

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: DESKTOP });
    page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    files = recordFiles(context);
  });
  afterAll(async () => {
    const lines = weights.map((w) => `${w.route.padEnd(12)} ${kB(w.gzip).padStart(10)}  (${w.files.length} files)`);
    if (process.env.ROUTE_WEIGHT_FILES) writeFileSync(process.env.ROUTE_WEIGHT_FILES, JSON.stringify(weights));
    if (lines.length > 0) console.log(`Script and style per route, gzip:\n${lines.join('\n')}`);
    await browser?.close();
  });

  it('keeps the sign-in route within 300 kB gzip and free of map code', async () => {
    const signIn = await coldLoad('/sign-in', (p) => p.getByRole('button', { name: 'Sign in', exact: true }).waitFor());
    const biggest = [...signIn.files].sort((a, b) => b.gzip - a.gzip).slice(0, 8);
    if (signIn.gzip > SIGN_IN_BUDGET_BYTES) {
      throw new Error(
        `/sign-in loads ${kB(signIn.gzip)} gzip, over the ${kB(SIGN_IN_BUDGET_BYTES)} budget. Largest files:\n` +
          biggest.map((file) => `  ${kB(file.gzip).padStart(9)}  ${file.path}`).join('\n'),
      );
    }
    expect(signIn.files.filter((file) => MAP_FILES.test(file.path))).toEqual([]);
  });

  it('measures the asset list, the asset map and the devices screen', async () => {
    await signInAs(page, 'admin');
    const assets = await coldLoad('/assets', listLoaded);
    const map = await coldLoad('/asset-map', (p) =>
      // The country outlines are fetched once the map has loaded its style.
      Promise.all([p.locator('[data-testid="asset-map-canvas"] canvas').waitFor(), p.waitForResponse(WORLD_ATLAS)]),
    );
    const devices = await coldLoad('/devices', listLoaded);

    expect(assets.files.filter((file) => MAP_FILES.test(file.path))).toEqual([]);
    expect(devices.files.filter((file) => MAP_FILES.test(file.path))).toEqual([]);
    expect(map.files.some((file) => MAP_FILES.test(file.path))).toBe(true);
  }, 180_000);
});
