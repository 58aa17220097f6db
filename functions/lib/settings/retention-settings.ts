import { isDeepStrictEqual } from 'node:util';
import {
  DEFAULT_RETENTION,
  type Retention,
  type RetentionInput,
  type RetentionKind,
  type RetentionSettings,
  retentionSchema,
} from '../../../shared/schemas/retention';
import { SETTING_NAMES } from '../../../shared/schemas/settings';
import type { TenantContext } from '../data/tenant-context';
import { requestRedating } from './retention-redating-store';
import { tenantPolicySetting } from './tenant-policy-setting';

/**
 * The tenant's retention periods, kept as its `retention` settings record (tenant-policy-setting.ts). Writers
 * read them for every item they give a TTL, so a process keeps them a minute: a change reaches every writer
 * within that minute, and a record that no longer parses gives the defaults (an item is never kept forever).
 */
const CACHE_MS = 60_000;
const cache = new Map<string, { retention: Retention; until: number }>();
const setting = tenantPolicySetting(SETTING_NAMES.retention, retentionSchema, DEFAULT_RETENTION);

export async function readRetentionSettings(ctx: TenantContext): Promise<RetentionSettings> {
  const settings = await setting.read(ctx);
  const { version: _version, ...retention } = settings;
  cache.set(ctx.tenantId, { retention, until: Date.now() + CACHE_MS });
  return settings;
}

/** For writers: the periods, from this process's minute-long cache. */
export async function retentionOf(ctx: TenantContext): Promise<Retention> {
  const cached = cache.get(ctx.tenantId);
  if (cached && cached.until > Date.now()) return cached.retention;
  const { version: _version, ...retention } = await readRetentionSettings(ctx);
  return retention;
}

/** The expiry (epoch seconds, DynamoDB TTL) of an item written at `at` and kept `days`. */
export const expiresAfterDays = (at: string | number | Date, days: number) =>
  Math.floor(new Date(at).getTime() / 1000) + days * 86_400;

/** The periods counted in days (every kind but the billing records, kept in years). */
export type DayRetentionKind = Exclude<RetentionKind, 'loanDayYears'>;

/** The expiry of an item of `kind` dated `at`, by the tenant's period for that kind (cached a minute). */
export async function expiryOf(ctx: TenantContext, kind: DayRetentionKind, at: string | number | Date) {
  return expiresAfterDays(at, (await retentionOf(ctx))[kind]);
}

/**
 * Billing records are kept whole bookkeeping years: until the first moment after the `years`th calendar year that
 * follows the one of `day` (a day of 2026 kept 7 years goes at the start of 2034).
 */
export const expiresAfterYears = (day: string, years: number) =>
  Date.UTC(Number(day.slice(0, 4)) + years + 1, 0, 1) / 1000;

/**
 * Saves the periods; when one changed, the records kept before get their new expiry from the tenant-walk job
 * (retention-redating.ts), so that a change applies to the past as well within the job's quarter hour.
 */
export async function saveRetentionSettings(ctx: TenantContext, input: RetentionInput): Promise<RetentionSettings> {
  const { version: _before, ...previous } = await setting.read(ctx);
  const saved = await setting.save(ctx, input);
  const { version, ...retention } = saved;
  cache.set(ctx.tenantId, { retention, until: Date.now() + CACHE_MS });
  if (!isDeepStrictEqual(previous, retention)) await requestRedating(ctx, retention, version ?? 0);
  return saved;
}
