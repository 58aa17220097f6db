import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_EXECUTABLE } from '../../test/harness/chromium-executable';
import { DEMO_PASSWORD } from '../seed/seed';
import type { ApiSession } from './asset-list.bench';
import type { BenchTenant } from './seed-assets';

/**
 * (a) of the asset map bench: the production console served by `vite preview`, opened in headless Chromium
 * as the super admin acting in a bench tenant. The page reports what it drew as data attributes on the map
 * element (AssetMapCanvas.describeRendered); frames are counted with requestAnimationFrame in the page.
 */
export interface PageFigures {
  subdomain: string;
  assetCount: number;
  apiMs: number;
  /** The map answer's body as sent (compressed), and its Content-Encoding. */
  wireBytes: number;
  encoding: string;
  firstRenderMs: number;
  /** Assets the drawn clusters and markers count when the figure was taken. */
  renderedAssets: number;
  clusters: number;
  markers: number;
  frames: number;
  fps: number;
}

const CONFIG = path.resolve(__dirname, '../../web/vite.config.mts');
const CANVAS = '[data-testid="asset-map-canvas"]';
const INTERACTION_MS = 10_000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function serveConsole(apiUrl: string, log: (line: string) => void) {
  const { build, preview } = await import('vite');
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'asset-map-bench-'));
  log('building the console (vite build)');
  await build({ configFile: CONFIG, logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  process.env.API_BASE_URL = apiUrl;
  const port = await freePort();
  const server = await preview({ configFile: CONFIG, logLevel: 'warn', build: { outDir }, preview: { port } });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      await server.close();
      rmSync(outDir, { recursive: true, force: true });
    },
  };
}

async function signIn(page: Page, url: string, session: ApiSession, tenant: BenchTenant) {
  await page.goto(`${url}/sign-in`);
  await page.getByLabel(/username or e-mail/i).fill('superadmin');
  await page.getByLabel(/^password/i).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((next) => next.pathname !== '/sign-in' && next.pathname !== '/');
  const me = (await (
    await fetch(`${session.apiUrl}/api/me`, { headers: { authorization: `Bearer ${session.token}` } })
  ).json()) as { id: number };
  const selected = { id: tenant.tenantId, company: tenant.subdomain, subdomain: tenant.subdomain, selectedBy: me.id };
  await page.evaluate(`localStorage.setItem('selectedTenant', ${JSON.stringify(JSON.stringify(selected))})`);
}

/** Drags and wheel zooms for INTERACTION_MS while the page counts animation frames. */
async function countFrames(page: Page): Promise<number> {
  const box = await page.locator(CANVAS).boundingBox();
  if (!box) throw new Error('the map has no size');
  await page.evaluate(
    `window.benchFrames = 0; (function tick() { window.benchFrames++; requestAnimationFrame(tick); })();`,
  );
  const start = await page.evaluate('window.benchFrames');
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const until = Date.now() + INTERACTION_MS;
  for (let round = 0; Date.now() < until; round++) {
    const dx = round % 2 === 0 ? 240 : -240;
    await page.mouse.move(cx, cy);
    await page.mouse.down();
    await page.mouse.move(cx + dx, cy + dx / 3, { steps: 12 });
    await page.mouse.up();
    await page.mouse.wheel(0, round % 4 < 2 ? -240 : 240);
  }
  return Number(await page.evaluate('window.benchFrames')) - Number(start);
}

async function measurePage(
  page: Page,
  url: string,
  tenant: BenchTenant,
  expected: number,
  replay?: string,
): Promise<PageFigures> {
  // The answer the API gave the bench, replayed (see benchAssetMapPage): render time without the local read.
  if (replay) {
    await page.route('**/api/assets/map*', (route) =>
      route.fulfill({ body: replay, headers: { 'content-type': 'application/ld+json; charset=utf-8' } }),
    );
  }
  const started = performance.now();
  let apiMs = 0;
  let wireBytes = 0;
  let encoding = 'identity';
  const answered = page
    .waitForResponse((response) => response.url().endsWith('/api/assets/map'), { timeout: 180_000 })
    .then(async (response) => {
      apiMs = performance.now() - started;
      await response.finished();
      // Transferred body bytes, before the browser inflates them.
      wireBytes = (await response.request().sizes()).responseBodySize;
      encoding = (await response.allHeaders())['content-encoding'] ?? 'identity';
    });
  await page.goto(`${url}/asset-map`);
  await answered;
  // All clusters: the drawn clusters and markers count every positioned asset the API answered.
  let firstRenderMs = Number.NaN;
  try {
    await page.waitForFunction(
      `Number(document.querySelector('${CANVAS}')?.dataset.renderedAssets) >= ${Math.max(expected, 1)}`,
      undefined,
      { timeout: 180_000, polling: 50 },
    );
    firstRenderMs = performance.now() - started;
  } catch (error) {
    // Kept as a figure (not drawn in time) with a picture of what the page showed, not a lost run.
    await page.screenshot({ path: `test-results/screenshots/bench-asset-map-${tenant.subdomain}.png` });
    console.error(`${tenant.subdomain}: not all ${expected} assets drawn in time: ${String(error).slice(0, 200)}`);
  }
  const renderedAssets = Number(await page.locator(CANVAS).getAttribute('data-rendered-assets'));
  const attribute = async (name: string) => Number(await page.locator(CANVAS).getAttribute(name));
  const clusters = await attribute('data-rendered-clusters');
  const markers = await attribute('data-rendered-markers');
  const frames = Number.isNaN(firstRenderMs) ? 0 : await countFrames(page);
  return {
    subdomain: tenant.subdomain,
    assetCount: tenant.assetCount,
    apiMs,
    wireBytes,
    encoding,
    firstRenderMs,
    renderedAssets,
    clusters,
    markers,
    frames,
    fps: frames / (INTERACTION_MS / 1000),
  };
}

export async function benchAssetMapPage(
  session: ApiSession,
  tenants: BenchTenant[],
  /** Positioned assets per tenant id, as the API answered them. */
  expected: Map<number, number>,
  log: (line: string) => void,
  /**
   * Per tenant id, the map answer (JSON) to serve the page instead of the API: at 100k the local stack's
   * dynalite cannot read the index within the 30 s integration timeout while Chromium loads the same 2 cores.
   */
  replays: Map<number, string> = new Map(),
): Promise<PageFigures[]> {
  const served = await serveConsole(session.apiUrl, log);
  const browser = await chromium.launch({
    executablePath: CHROMIUM_EXECUTABLE,
    headless: true,
    // WebGL through SwiftShader (no GPU here); the built console calls the API on another port.
    args: ['--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--disable-web-security'],
  });
  try {
    const figures: PageFigures[] = [];
    for (const tenant of tenants) {
      log(`measuring /asset-map in ${tenant.subdomain}`);
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      await signIn(page, served.url, session, tenant);
      figures.push(
        await measurePage(page, served.url, tenant, expected.get(tenant.tenantId) ?? 1, replays.get(tenant.tenantId)),
      );
      await page.close();
    }
    return figures;
  } finally {
    await browser.close();
    await served.stop();
  }
}
