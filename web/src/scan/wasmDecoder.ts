import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';
import type { CodeDecoder } from './decoder';

/**
 * The WebAssembly path of web/src/scan/decoder.ts: the .wasm file comes from the console's own origin (Vite
 * emits it beside the scripts), never from the package's default CDN address.
 */
export async function wasmDecoder(): Promise<CodeDecoder> {
  await prepareZXingModule({
    overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path) },
    fireImmediately: true,
  });
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return {
    kind: 'wasm',
    async detect(frame) {
      const width = frame instanceof HTMLVideoElement ? frame.videoWidth : frame.width;
      const height = frame instanceof HTMLVideoElement ? frame.videoHeight : frame.height;
      if (!context || width === 0 || height === 0) return [];
      canvas.width = width;
      canvas.height = height;
      context.drawImage(frame, 0, 0, width, height);
      const results = await readBarcodes(context.getImageData(0, 0, width, height), {
        formats: ['QRCode', 'Code128'],
        tryHarder: true,
        maxNumberOfSymbols: 1,
      });
      return results.filter((result) => result.isValid).map((result) => ({ text: result.text, format: result.format }));
    },
  };
}
