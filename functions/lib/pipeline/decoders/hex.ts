/** Hex and base64 helpers shared by the decoders and the ways in. Pure, no Buffer-only tricks hidden. */

const HEX = /^[0-9a-fA-F]*$/;

/** Upper-case hex without separators, or null when the text is not whole bytes of hex. */
export function normalizeHex(text: string): string | null {
  const compact = text.replace(/[\s:-]/g, '');
  if (!HEX.test(compact) || compact.length % 2 !== 0) return null;
  return compact.toUpperCase();
}

export function hexToBytes(hex: string): Uint8Array {
  return Uint8Array.from(Buffer.from(hex, 'hex'));
}

export function bytesToHex(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('hex').toUpperCase();
}

/** Strict base64 (standard alphabet, padding optional): Buffer.from silently skips bad characters. */
export function base64ToHex(text: string): string | null {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.replace(/=+$/, '').length % 4 === 1) return null;
  return Buffer.from(text, 'base64').toString('hex').toUpperCase();
}
