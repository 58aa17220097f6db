import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { call, tokenOf } from '../harness/api';
import { consoleUrl, launchBrowser, PHONE, signInAs } from '../harness/browser';
import { writeQrVideo } from '../harness/fake-camera';

/**
 * The scan screen's choice of decoder (web/src/scan/decoder.ts, docs/decisions/0329): a phone whose browser has
 * a BarcodeDetector reading QR and Code 128 uses it; one whose detector lacks a format the labels print falls
 * back to the WebAssembly decoder. Chromium on Linux has no BarcodeDetector, so the page is given one before the
 * console starts: it answers only once a frame of the camera's stream has reached it, with the text a depot's
 * Code 128 label carries (the asset's reference), so what the screen does with a native read is the console's
 * own code, from the frame to the asset it opens.
 */
type Asset = { id: number; reference: string | null };

/** A detector as the browser would offer it, reading only the given formats. */
const detectorScript = (formats: string[], answer: string) => `
  window.__framesRead = 0;
  window.BarcodeDetector = class {
    static async getSupportedFormats() { return ${JSON.stringify(formats)}; }
    constructor(options) { this.formats = options.formats; }
    async detect(frame) {
      const width = frame.videoWidth ?? frame.width ?? 0;
      if (width === 0) return [];
      window.__framesRead += 1;
      return [{ rawValue: ${JSON.stringify(answer)}, format: 'code_128' }];
    }
  };`;

describe('the scan screen reads with the browser’s own barcode detector where it has a fitting one', () => {
  let browser: Browser;
  let asset: Asset;

  beforeAll(async () => {
    const reference = `NATIVE-${Date.now()}`;
    const created = await call<Asset>('POST', '/api/assets', {
      token: await tokenOf('admin'),
      body: { name: `Native scan reel ${reference}`, reference, client: 1 },
    });
    expect(created.status).toBe(201);
    asset = created.body;
    // The camera shows the asset's QR address: what the WebAssembly decoder reads when the native one is passed over.
    const video = writeQrVideo(
      path.join(mkdtempSync(path.join(tmpdir(), 'scan-native-')), 'qr.y4m'),
      consoleUrl(`/assets/${asset.id}`),
    );
    browser = await launchBrowser(undefined, [
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ]);
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function phoneWithDetector(formats: string[], answer: string): Promise<Page> {
    const context = await browser.newContext({
      viewport: PHONE,
      isMobile: true,
      hasTouch: true,
      permissions: ['camera'],
    });
    const page = await context.newPage();
    await page.addInitScript({ content: detectorScript(formats, answer) });
    return page;
  }

  it('opens the asset named by a Code 128 reference the native detector read from a camera frame', async () => {
    const page = await phoneWithDetector(['code_128', 'ean_13', 'qr_code'], asset.reference as string);
    await signInAs(page, 'transporter', '/scan');
    await page.locator(`[data-testid="scanned-asset"][data-asset-id="${asset.id}"]`).waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('scan-screen').getAttribute('data-decoder')).toBe('native');
    expect(await page.evaluate(() => (globalThis as unknown as { __framesRead: number }).__framesRead)).toBeGreaterThan(
      0,
    );
    await page.context().close();
  }, 120_000);

  it('passes over a detector without Code 128 and reads the QR code with the WebAssembly decoder', async () => {
    const page = await phoneWithDetector(['qr_code'], 'NOT-A-REFERENCE');
    await signInAs(page, 'transporter', '/scan');
    await page.locator(`[data-testid="scanned-asset"][data-asset-id="${asset.id}"]`).waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('scan-screen').getAttribute('data-decoder')).toBe('wasm');
    expect(await page.evaluate(() => (globalThis as unknown as { __framesRead: number }).__framesRead)).toBe(0);
    await page.context().close();
  }, 120_000);
});
