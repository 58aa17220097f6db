import { z } from 'zod';
import { cableSummarySchema } from './asset-profile';
import { assetStatusInputSchema, assetStatusSchema, assetStatusValueSchema } from './asset-status';
import { attachmentSchema } from './attachment';
import {
  dateFilter,
  entityIdSchema,
  INVALID_DATE,
  isBlank,
  isIsoDateString,
  jsonLdShape,
  NAME_REQUIRED,
  optionalInteger,
  optionalName,
  optionalNumber,
  optionalReference,
  optionalText,
  optionalVersionShape,
  paginationQuerySchema,
  referenceListSchema,
  requiredName,
  type SortOrder,
  textFilter,
  versionShape,
} from './common';
import { type DeviceSummary, deviceSummarySchema } from './device';
import { lastEventSchema } from './event';
import { geoZoneRefSchema } from './geo-zone';
import { mapLevelSchema } from './map-level';
import { phonePositionSchema } from './report-check';

export const SCHEDULED_IN_PAST = 'The scheduled date cannot be in the past';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * Scheduled dates are days, stored at 12:00:00 (spec 000 s.9). Noon UTC keeps the same calendar day in every
 * time zone from UTC-11 to UTC+12. Text keeps the day it names; a Date (a picker's value) keeps its local day.
 */
export function normalizeScheduled(date: Date | string): string {
  if (typeof date === 'string') {
    if (!isIsoDateString(date)) throw new RangeError(INVALID_DATE);
    return `${date.trim().slice(0, 10)}T12:00:00.000Z`;
  }
  if (Number.isNaN(date.getTime())) throw new RangeError(INVALID_DATE);
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T12:00:00.000Z`;
}

/**
 * "Today" differs per time zone; a day counts as past only once it is over everywhere (UTC-12), so a user
 * late in the evening west of Greenwich can still pick their own today.
 */
export const isScheduledInPast = (scheduled: string, now: Date = new Date()): boolean =>
  scheduled.slice(0, 10) < new Date(now.getTime() - 12 * 3600 * 1000).toISOString().slice(0, 10);

type ScheduledInput = string | Date | null | undefined;

/** An update may keep a date that has since passed; only a changed date must not be in the past. */
const scheduledField = (stored?: string | null) =>
  z
    .union([z.string(), z.date()], { error: INVALID_DATE })
    .nullish()
    .refine(
      (v: ScheduledInput) => isBlank(v) || (typeof v === 'string' ? isIsoDateString(v) : !Number.isNaN(v.getTime())),
      {
        error: INVALID_DATE,
        abort: true,
      },
    )
    .transform((v) => (v === undefined ? undefined : isBlank(v) ? null : normalizeScheduled(v)))
    .refine((v) => v == null || (stored != null && v.slice(0, 10) === stored.slice(0, 10)) || !isScheduledInPast(v), {
      error: SCHEDULED_IN_PAST,
    });

export const assetSchema = z.object({
  ...jsonLdShape,
  id: entityIdSchema,
  logical_id: z.number().int().nullable(),
  name: z.string(),
  reference: z.string().nullable(),
  description: z.string().nullable(),
  devices: z.array(deviceSummarySchema),
  street: z.string().nullable(),
  postalCode: z.string().nullable(),
  city: z.string().nullable(),
  region: z.string().nullable(),
  country: z.string().nullable(),
  days_still: z.number().nullable(),
  lastCommunication: z.string().nullable(),
  lastLocationUpdate: z.string().nullable(),
  geo_zone: geoZoneRefSchema.nullable(),
  client: z.object({ id: entityIdSchema, company: z.string().nullable() }).nullable(),
  scheduled: z.string().nullable(),
  asset_profile_relations: z.array(z.string()),
  asset_profile_definitions: z.array(z.object({ id: entityIdSchema, name: z.string(), type: z.string() })),
  days_outside_geo_zone: z.number().nullable(),
  status: assetStatusSchema.nullable(),
  last_event: lastEventSchema.nullable(),
  attachments: z.array(attachmentSchema),
  cable_summary: cableSummarySchema.nullable(),
  device_health: z.object({
    devices: z.number().int().nonnegative(),
    sabotaged: z.boolean(),
    battery_low: z.boolean(),
  }),
  /** Map status level from the asset's open alarms (map-level.ts), worked out when the asset is read. */
  map_level: mapLevelSchema,
  ...versionShape,
});
export type Asset = z.infer<typeof assetSchema>;
export type DeviceHealth = Asset['device_health'];

/**
 * The sabotage / low-battery markers and the Battery status column (spec 000 s.2), derived from the device
 * summaries. Client users see these columns but not the devices themselves (no Devices field, s.6), so the
 * API sends every viewer this summary and hides only the device list from clients.
 */
export const deviceHealthOf = (devices: readonly Pick<DeviceSummary, 'is_sabotaged' | 'battery_level_low'>[]) => ({
  devices: devices.length,
  sabotaged: devices.some((device) => device.is_sabotaged === true),
  battery_low: devices.some((device) => device.battery_level_low === true),
});

/**
 * Address, counters and logical_id are the server's to set. References accept ids, IRIs or objects; an
 * absent key leaves the stored value alone, null clears it.
 */
const assetFields = {
  name: requiredName(NAME_REQUIRED),
  reference: optionalName(),
  description: optionalText(2000),
  devices: referenceListSchema().optional(),
  client: optionalReference(),
  geo_zone: optionalReference(),
  asset_profile_definitions: referenceListSchema().optional(),
  status: assetStatusInputSchema,
};

export const assetInputSchema = z.object({ ...assetFields, scheduled: scheduledField() });
export type AssetInput = z.infer<typeof assetInputSchema>;

/** Pass the stored scheduled date so that saving an asset whose date has passed is not refused. */
export const buildAssetUpdateInputSchema = (storedScheduled?: string | null) =>
  z.object({ ...assetFields, scheduled: scheduledField(storedScheduled), ...optionalVersionShape });
export const assetUpdateInputSchema = buildAssetUpdateInputSchema();
export type AssetUpdateInput = z.infer<typeof assetUpdateInputSchema>;

/** POST /api/assets/{id}/asset-profiles */
export const assetProfilesAssignInputSchema = z.object({ asset_profile_definitions: referenceListSchema() });
export type AssetProfilesAssignInput = z.infer<typeof assetProfilesAssignInputSchema>;

export const ASSET_SORT_FIELDS = [
  'reference',
  'scheduled',
  'days_outside_geo_zone',
  'client.company',
  'cable_length',
] as const;
export type AssetSortField = (typeof ASSET_SORT_FIELDS)[number];
export const DEFAULT_ASSET_ORDER: SortOrder<AssetSortField> = { field: 'days_outside_geo_zone', direction: 'desc' };

export const assetListQuerySchema = paginationQuerySchema.extend({
  search: textFilter(),
  id: optionalInteger(),
  logicalId: optionalInteger(),
  daysOutsideGeoZone: optionalNumber(),
  'scheduled[after]': dateFilter(),
  'scheduled[before]': dateFilter(),
  client: optionalReference().transform((v) => v ?? undefined),
  status: z.preprocess((v: string | null | undefined) => (v ? v : undefined), assetStatusValueSchema.optional()),
});
export type AssetListQuery = z.infer<typeof assetListQuerySchema>;

/** Spec 000 s.2/s.6: absent from every asset a ROLE_CLIENT user receives (the API removes them). */
export const CLIENT_HIDDEN_ASSET_FIELDS = [
  'lastCommunication',
  'scheduled',
  'geo_zone',
  'days_outside_geo_zone',
  'client',
  'devices',
] as const;
/** What a ROLE_CLIENT user receives of an asset: the asset without the hidden keys. */
export const clientAssetSchema = assetSchema.omit({
  lastCommunication: true,
  scheduled: true,
  geo_zone: true,
  days_outside_geo_zone: true,
  client: true,
  devices: true,
} satisfies Record<(typeof CLIENT_HIDDEN_ASSET_FIELDS)[number], true>);

/** An asset as the routes that answer each viewer their view answer it (functions/lib/assets/asset-view.ts). */
export const assetViewSchema = z.union([assetSchema, clientAssetSchema]);

/** Client users may sort only by visible columns. */
export const CLIENT_ASSET_SORT_FIELDS: readonly AssetSortField[] = ['reference', 'cable_length'];

/** Spec 000 s.4: the texts shown when the report is no longer possible; the API answers them as 422. */
export const ASSET_IS_DELIVERED = 'Asset is delivered';
export const ASSET_IS_SIGNED_OFF = 'Asset is signed off';
export const CLIENT_NOT_FOUND = 'This customer does not exist';
export const DEVICE_NOT_FOUND = 'This device does not exist';
export const GEO_ZONE_NOT_FOUND = 'This geo zone does not exist';
export const STATUS_NOT_FOUND = 'This status does not exist';

/** PUT /api/assets/{id}/delivered | deregister | days-outside-geo-zone/reset: an optional version (409 if stale). */
export const assetActionInputSchema = z.object({ version: versionShape.version.optional() }).nullish();
export type AssetActionInput = z.infer<typeof assetActionInputSchema>;
/** A delivered / empty report: the action's version and, from a phone, where the phone was (docs/decisions/0329). */
export const deliveryReportInputSchema = z
  .object({ version: versionShape.version.optional(), phone_position: phonePositionSchema.optional() })
  .nullish();
export type DeliveryReportInput = z.infer<typeof deliveryReportInputSchema>;
