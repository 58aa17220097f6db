/**
 * What a scanned code means (docs/decisions/0329). Labels print the console's address of the asset or device as
 * a QR code and its DevEUI or reference as Code 128 (functions/lib/labels/label-items.ts); any other text is
 * taken as an asset's reference, looked up with the asset list's search.
 */
export type ScannedTarget =
  | { kind: 'asset'; id: number }
  | { kind: 'device'; id: number }
  | { kind: 'devEui'; devEui: string }
  | { kind: 'reference'; text: string };

const CONSOLE_PATH = /^\/(assets|devices)\/(\d{1,12})\/?$/;
/** A DevEUI as printed: 16 hex digits, maybe in pairs split by '-' or ':'. */
const DEV_EUI = /^[0-9a-f]{2}(?:[-:]?[0-9a-f]{2}){7}$/i;

function consolePathOf(text: string): ScannedTarget | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const match = CONSOLE_PATH.exec(url.pathname);
  if (!match) return null;
  const id = Number(match[2]);
  return match[1] === 'assets' ? { kind: 'asset', id } : { kind: 'device', id };
}

/** Null for nothing readable (an empty code, or an address that is none of ours). */
export function scannedTargetOf(raw: string): ScannedTarget | null {
  const text = raw.trim();
  if (text === '' || text.length > 500) return null;
  const fromUrl = consolePathOf(text);
  if (fromUrl) return fromUrl;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) return null;
  if (DEV_EUI.test(text)) return { kind: 'devEui', devEui: text.replace(/[-:]/g, '').toUpperCase() };
  return { kind: 'reference', text };
}
