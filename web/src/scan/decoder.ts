/**
 * Reads QR and Code 128 codes from the camera's frames (docs/decisions/0329): the browser's own BarcodeDetector
 * where it has one that reads both, else ZXing-C++ compiled to WebAssembly (zxing-wasm), whose module and .wasm
 * file are the console's own build output, loaded only when the scan screen first asks for a decoder (the CSP
 * allows its compilation with 'wasm-unsafe-eval', shared/security-headers.ts).
 */
export interface ScannedCode {
  text: string;
  format: string;
}

export interface CodeDecoder {
  /** Which decoder reads: written on the screen as a data attribute, so a test can tell the paths apart. */
  kind: 'native' | 'wasm';
  detect(frame: HTMLVideoElement | HTMLCanvasElement): Promise<ScannedCode[]>;
}

interface NativeDetector {
  detect(source: CanvasImageSource): Promise<{ rawValue: string; format: string }[]>;
}
interface NativeDetectorClass {
  new (options: { formats: string[] }): NativeDetector;
  getSupportedFormats(): Promise<string[]>;
}

const NATIVE_FORMATS = ['qr_code', 'code_128'];

async function nativeDecoder(): Promise<CodeDecoder | null> {
  const Detector = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (!Detector) return null;
  const supported = await Detector.getSupportedFormats().catch(() => [] as string[]);
  if (!NATIVE_FORMATS.every((format) => supported.includes(format))) return null;
  const detector = new Detector({ formats: NATIVE_FORMATS });
  return {
    kind: 'native',
    detect: async (frame) =>
      (await detector.detect(frame)).map((code) => ({ text: code.rawValue, format: code.format })),
  };
}

let chosen: Promise<CodeDecoder> | undefined;

/** One decoder per page: the WebAssembly module is compiled once. */
export function codeDecoder(): Promise<CodeDecoder> {
  chosen ??= nativeDecoder().then(async (native) => native ?? (await import('./wasmDecoder')).wasmDecoder());
  return chosen;
}
