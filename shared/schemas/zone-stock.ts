import { z } from 'zod';
import { entityIdSchema, MUST_BE_A_NUMBER, VERSION_REQUIRED } from './common';

/**
 * Stock per zone: the assets inside a zone now, counted by asset profile, cable type and
 * status, and a minimum and maximum per zone and profile that raise alarm types 4 (below) and 5 (above).
 */
export const MAX_STOCK_LIMIT = 1_000_000;
export const MAX_STOCK_LIMIT_ENTRIES = 100;

export const STOCK_LIMIT_RANGE = `Must be a whole number from 0 to ${MAX_STOCK_LIMIT.toLocaleString('en')}`;
export const STOCK_MIN_ABOVE_MAX = 'The minimum cannot be larger than the maximum';
export const STOCK_LIMIT_EMPTY = 'Give a minimum, a maximum or both';
export const STOCK_PROFILE_TWICE = 'This asset profile has limits twice';
export const STOCK_TOO_MANY_LIMITS = `At most ${MAX_STOCK_LIMIT_ENTRIES} asset profiles have limits in a zone`;
export const STOCK_PROFILE_UNKNOWN = 'Unknown asset profile definition';

const bound = z
  .number({ error: STOCK_LIMIT_RANGE })
  .int({ error: STOCK_LIMIT_RANGE })
  .min(0, { error: STOCK_LIMIT_RANGE })
  .max(MAX_STOCK_LIMIT, { error: STOCK_LIMIT_RANGE })
  .nullable();

/** One profile's bounds: either may be absent (null), not both; min <= max when both are given. */
export const stockLimitSchema = z
  .object({
    profile: entityIdSchema.meta({ description: 'The asset profile definition id' }),
    min: bound,
    max: bound,
  })
  .superRefine((limit, context) => {
    if (limit.min === null && limit.max === null)
      context.addIssue({ code: 'custom', message: STOCK_LIMIT_EMPTY, path: ['min'] });
    if (limit.min !== null && limit.max !== null && limit.min > limit.max) {
      context.addIssue({ code: 'custom', message: STOCK_MIN_ABOVE_MAX, path: ['min'] });
    }
  });
export type StockLimit = z.infer<typeof stockLimitSchema>;

/** The body of PUT /api/geo-zones/{id}/stock-limits: every limit of the zone (what is not listed is removed). */
export const stockLimitsInputSchema = z
  .object({
    limits: z.array(stockLimitSchema).max(MAX_STOCK_LIMIT_ENTRIES, { error: STOCK_TOO_MANY_LIMITS }),
    /** The version read (0: the zone never had limits); a stale one answers 409. */
    version: z.number({ error: VERSION_REQUIRED }).int({ error: VERSION_REQUIRED }).min(0, { error: VERSION_REQUIRED }),
  })
  .superRefine((input, context) => {
    const seen = new Set<number>();
    input.limits.forEach((limit, i) => {
      if (seen.has(limit.profile))
        context.addIssue({ code: 'custom', message: STOCK_PROFILE_TWICE, path: ['limits', i, 'profile'] });
      seen.add(limit.profile);
    });
  });
export type StockLimitsInput = z.infer<typeof stockLimitsInputSchema>;

export const STOCK_STATES = ['ok', 'below', 'above'] as const;
export type StockState = (typeof STOCK_STATES)[number];

const countSchema = z.number().int().min(0);
const profileRefSchema = z.object({ id: z.number().int().nullable(), name: z.string().nullable() });

/** GET /api/geo-zones/{id}/stock: the zone panel's counts and the zone's limits. */
export const zoneStockSchema = z.object({
  '@id': z.string(),
  '@type': z.literal('ZoneStock'),
  zone: z.object({ id: z.number().int(), name: z.string().nullable() }),
  total: countSchema,
  /** Per profile (id null: assets without a profile); profiles with limits are listed even at 0. */
  byProfile: z.array(
    profileRefSchema.extend({
      count: countSchema,
      min: z.number().int().nullable(),
      max: z.number().int().nullable(),
      state: z.enum(STOCK_STATES),
    }),
  ),
  /** Per cable type (null: none known). */
  byCableType: z.array(z.object({ cableType: z.string().nullable(), count: countSchema })),
  /** Per asset status as the asset holds it now. */
  byStatus: z.array(z.object({ status: z.string().nullable(), count: countSchema })),
  limits: z.array(
    z.object({ profile: z.number().int(), min: z.number().int().nullable(), max: z.number().int().nullable() }),
  ),
  /** The limits' version (0: never saved): PUT .../stock-limits echoes it. */
  version: z.number().int().min(0),
});
export type ZoneStock = z.infer<typeof zoneStockSchema>;

/** GET /api/stock: zones as rows, profiles as columns, exact counts of the open visits. */
export const stockTableSchema = z.object({
  '@id': z.string(),
  '@type': z.literal('StockTable'),
  profiles: z.array(profileRefSchema),
  rows: z.array(
    z.object({
      zone: z.object({ id: z.number().int(), name: z.string().nullable() }),
      total: countSchema,
      cells: z.array(
        z.object({
          profile: z.number().int().nullable(),
          count: countSchema,
          min: z.number().int().nullable(),
          max: z.number().int().nullable(),
          state: z.enum(STOCK_STATES),
        }),
      ),
    }),
  ),
});
export type StockTable = z.infer<typeof stockTableSchema>;

/** GET /api/geo-zones/{id}/stock/assets: the drill-down of one cell. */
export const stockAssetSchema = z.object({
  '@id': z.string(),
  '@type': z.literal('StockAsset'),
  asset: z.object({ id: z.number().int(), name: z.string().nullable() }),
  customer: z.object({ id: z.number().int(), name: z.string().nullable() }).nullable(),
  status: z.string().nullable(),
  cableType: z.string().nullable(),
  profiles: z.array(profileRefSchema),
  /** When its visit of the zone began (ISO 8601). */
  since: z.string(),
});
export type StockAsset = z.infer<typeof stockAssetSchema>;

/** `profile=<id>` narrows the drill-down to one profile's assets; `profile=none` to those without one. */
export const stockAssetsQuerySchema = z.object({
  profile: z.union([z.literal('none'), z.string().regex(/^\d{1,10}$/, { error: MUST_BE_A_NUMBER })]).optional(),
});
