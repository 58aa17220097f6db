import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { VERSION_REQUIRED } from '../../../shared/schemas/common';
import {
  DEFAULT_RETENTION,
  type Retention,
  type RetentionInput,
  type RetentionSettings,
  retentionSchema,
} from '../../../shared/schemas/retention';
import { SETTING_NAMES } from '../../../shared/schemas/settings';
import type { TenantContext } from '../data/tenant-context';
import { conflict, unprocessable } from '../http/errors';
import { settingIdOf, settingRepository } from './setting-repository';

/**
 * The tenant's retention periods, kept as its `retention` settings record (one per tenant, a fixed id). Writers
 * read them for every item they give a TTL, so a process keeps them a minute: a change reaches every writer
 * within that minute, and a record that no longer parses gives the defaults (an item is never kept forever).
 */
const RETENTION_ID = settingIdOf(SETTING_NAMES.retention) as number;
const CACHE_MS = 60_000;
const cache = new Map<string, { retention: Retention; until: number }>();

async function readStored(ctx: TenantContext): Promise<RetentionSettings> {
  const record = await settingRepository.get(ctx, RETENTION_ID);
  const parsed = retentionSchema.safeParse(record?.data);
  return { ...(parsed.success ? parsed.data : DEFAULT_RETENTION), version: record?.version ?? null };
}

export async function readRetentionSettings(ctx: TenantContext): Promise<RetentionSettings> {
  const settings = await readStored(ctx);
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

export async function saveRetentionSettings(ctx: TenantContext, input: RetentionInput): Promise<RetentionSettings> {
  // The route validated the body against the shared schema (bounds included).
  const { version, ...data } = input;
  const stored = await settingRepository.get(ctx, RETENTION_ID);
  if (stored && version === null) throw unprocessable([{ propertyPath: 'version', message: VERSION_REQUIRED }]);
  let saved: { version: number };
  if (stored) {
    saved = await settingRepository.update(ctx, RETENTION_ID, version as number, () => ({
      name: SETTING_NAMES.retention,
      data,
    }));
  } else {
    try {
      saved = await settingRepository.create(ctx, { name: SETTING_NAMES.retention, data }, RETENTION_ID);
    } catch (error) {
      // Two first saves at once: the second one saw no record and must read again.
      if (error instanceof TransactionCanceledException) throw conflict();
      throw error;
    }
  }
  cache.set(ctx.tenantId, { retention: data, until: Date.now() + CACHE_MS });
  return { ...data, version: saved.version };
}
