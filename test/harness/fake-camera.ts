import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { create } from 'qrcode';
import { consoleUrl, launchBrowser, PHONE } from './browser';

/**
 * A camera for Chromium's fake capture (--use-file-for-fake-video-capture): a .y4m file (YUV 4:2:0) whose few
 * frames show one QR code, black modules on white with the quiet zone, in the middle of a 640x480 picture.
 * Chromium plays the file in a loop, so the scan screen reads the code from whichever frame it takes.
 */
const WIDTH = 640;
const HEIGHT = 480;
const FRAMES = 3;
/** Video range luma: black 16, white 235; chroma 128 is grey (no colour). */
const BLACK = 16;
const WHITE = 235;

function lumaPlane(text: string): Buffer {
  const qr = create(text, { errorCorrectionLevel: 'M' }).modules;
  const quiet = 4;
  const scale = Math.floor(Math.min(WIDTH, HEIGHT) / (qr.size + 2 * quiet));
  const side = qr.size * scale;
  const left = Math.floor((WIDTH - side) / 2);
  const top = Math.floor((HEIGHT - side) / 2);
  const plane = Buffer.alloc(WIDTH * HEIGHT, WHITE);
  for (let row = 0; row < qr.size; row++) {
    for (let col = 0; col < qr.size; col++) {
      if (!qr.data[row * qr.size + col]) continue;
      for (let y = 0; y < scale; y++) {
        const start = (top + row * scale + y) * WIDTH + left + col * scale;
        plane.fill(BLACK, start, start + scale);
      }
    }
  }
  return plane;
}

/** Writes the file and answers its path. */
export function writeQrVideo(file: string, text: string): string {
  const luma = lumaPlane(text);
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(file, Buffer.concat([header, ...Array.from({ length: FRAMES }, () => frame)]));
  return file;
}

/** Where the phone says it is (Utrecht, within 12 m). */
export const PHONE_AT = { latitude: 52.0907, longitude: 5.1214, accuracy: 12 };

/** Chromium whose fake camera films the asset's label (its QR code of the console's address). */
export async function browserFilming(asset: { id: number }): Promise<Browser> {
  const video = writeQrVideo(
    path.join(mkdtempSync(path.join(tmpdir(), 'scan-camera-')), 'qr.y4m'),
    consoleUrl(`/assets/${asset.id}`),
  );
  return launchBrowser(undefined, [
    '--use-fake-device-for-media-stream',
    '--use-fake-ui-for-media-stream',
    `--use-file-for-fake-video-capture=${video}`,
  ]);
}

/** A phone's page: touch, the camera and the position allowed, no BarcodeDetector (the WebAssembly decoder reads). */
export async function newPhonePage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
    permissions: ['camera', 'geolocation'],
    geolocation: PHONE_AT,
  });
  const page = await context.newPage();
  await page.addInitScript({ content: 'delete window.BarcodeDetector;' });
  return page;
}
