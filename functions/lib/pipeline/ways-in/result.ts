import { normalizeDevEui } from '../../../../shared/schemas/device';
import type { ReadUplink } from '../contracts';

/** What every way in answers: the uplinks to queue, or why the body was refused (nothing is queued). */
export type WayInResult = { ok: true; uplinks: ReadUplink[] } | { ok: false; reason: string };

export const refuse = (reason: string): { ok: false; reason: string } => ({ ok: false, reason });

/**
 * 16 upper-case hex digits, or null. Shorter values are left-padded with zeros: AWS's own example DevEui has
 * 15 digits (integrations.md 3.1), a leading zero lost somewhere upstream.
 */
export function toDevEui(value: string): string | null {
  const compact = normalizeDevEui(value);
  if (!/^[0-9A-F]{1,16}$/.test(compact)) return null;
  return compact.padStart(16, '0');
}

/** ISO 8601 UTC, or null for text that is not a date. */
export function toIsoDate(value: string | number): string | null {
  const time = typeof value === 'number' ? value : Date.parse(value);
  return Number.isFinite(time) ? new Date(time).toISOString() : null;
}
