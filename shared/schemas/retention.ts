import { z } from 'zod';
import { versionSchema } from './common';

/**
 * How long a tenant keeps each kind of record (days; invoicing records in years). Every kind has a product
 * default and bounds: a tenant may keep less (privacy) or more (evidence), never nothing and never forever.
 * The TTL is set when an item is written, and a change reaches the items already kept through the tenant-walk
 * job (docs/data-model.md "Retention").
 */
export const RETENTION_BOUNDS = {
  auditEntryDays: { default: 400, min: 90, max: 3650 },
  locatedEventDays: { default: 730, min: 30, max: 3650 },
  rejectedUplinkDays: { default: 30, min: 1, max: 365 },
  alarmDays: { default: 730, min: 30, max: 3650 },
  zoneVisitDays: { default: 730, min: 30, max: 3650 },
  webhookDeliveryDays: { default: 30, min: 1, max: 365 },
  /** Loan-day records are what invoices are made from: kept at least as long as bookkeeping law asks. */
  loanDayYears: { default: 7, min: 7, max: 15 },
} as const;
export type RetentionKind = keyof typeof RETENTION_BOUNDS;

export const retentionOutOfBounds = (min: number, max: number) => `Must be a whole number from ${min} to ${max}`;

const bounded = (kind: RetentionKind) => {
  const { min, max } = RETENTION_BOUNDS[kind];
  const message = retentionOutOfBounds(min, max);
  return z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message });
};

export const retentionSchema = z.object(
  Object.fromEntries(Object.keys(RETENTION_BOUNDS).map((kind) => [kind, bounded(kind as RetentionKind)])) as {
    [K in RetentionKind]: ReturnType<typeof bounded>;
  },
);
export type Retention = z.infer<typeof retentionSchema>;

export const DEFAULT_RETENTION = Object.fromEntries(
  Object.entries(RETENTION_BOUNDS).map(([kind, bounds]) => [kind, bounds.default]),
) as Retention;

/** PUT /api/retention-settings: every period, and the version read (null before the first save). */
export const retentionInputSchema = retentionSchema.extend({ version: versionSchema.nullable() });
export type RetentionInput = z.infer<typeof retentionInputSchema>;

/** GET answers the tenant's periods, or the defaults with version null while it has saved none. */
export const retentionSettingsSchema = retentionSchema.extend({ version: z.number().int().nullable() });
export type RetentionSettings = z.infer<typeof retentionSettingsSchema>;
