import { createHash } from 'node:crypto';

/**
 * Canonical JSON: object keys in code-unit order at every depth, no undefined members, no whitespace. The same
 * value always serializes to the same bytes, so its SHA-256 names the content whichever order it was built in.
 */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, member]) => member !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(entries.map(([key, member]) => [key, canonical(member)]));
}

export const canonicalJson = (value: unknown): string => JSON.stringify(canonical(value));

export const sha256Hex = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');
