import { z } from 'zod';
import {
  entityIdSchema,
  jsonLdShape,
  optionalDate,
  optionalInteger,
  optionalName,
  optionalReference,
  optionalText,
  optionalVersionShape,
  paginationQuerySchema,
  referenceListSchema,
  textFilter,
  toBoolean,
  versionShape,
} from './common';
import { connectivityFilterSchema, connectivitySchema } from './connectivity';
import { lastEventSchema } from './event';

export const DEV_EUI_REQUIRED = 'The DEVEUI is required';
export const DEV_EUI_INVALID = 'The DEVEUI must be 16 hexadecimal characters';
export const DEV_EUI_PATTERN = /^[0-9A-F]{16}$/;
/** A DEVEUI this tenant holds already: its own data, so the answer may say so. */
export const DEV_EUI_TAKEN = 'This DEVEUI is already registered in your tenant.';
/**
 * A DEVEUI another tenant holds, or one nobody may register (reserved): one text for both, so the answer tells a caller
 * nothing about other tenants' tags (docs/security.md "Learning or blocking another tenant's tags by DEVEUI").
 */
export const DEV_EUI_UNAVAILABLE = 'This DEVEUI cannot be registered; contact support if it is yours.';
/** Over the daily number of refused DEVEUIs of a tenant (dev-eui-probe-limit.ts): answered as 429. */
export const DEV_EUI_PROBE_LIMIT_REACHED =
  'Too many DEVEUIs of this tenant were refused today. Try again tomorrow or contact support.';
export const DEV_EUI_NOT_CHANGEABLE = 'The DEVEUI can be set only when the device is added';
export const BARCODE_NOT_CHANGEABLE = 'The barcode can be set only when the device is added';
export const DEVICE_ASSET_NOT_FOUND = 'This asset does not exist';
export const DEVICE_PROFILE_NOT_FOUND = 'This device profile does not exist';
/** The first is the device's payload profile; a few more are kept as the spec's list allows. */
export const MAX_DEVICE_PROFILES_PER_DEVICE = 10;
export const TOO_MANY_DEVICE_PROFILES = `At most ${MAX_DEVICE_PROFILES_PER_DEVICE} device profiles`;

/** DEVEUIs are printed as "70-B3-D5-..." or "70:b3:d5:..."; one spelling keeps them unique. */
export const normalizeDevEui = (value: string): string => value.replace(/[\s:-]/g, '').toUpperCase();

export const devEuiSchema = z
  .string({ error: DEV_EUI_REQUIRED })
  .overwrite(normalizeDevEui)
  .min(1, { error: DEV_EUI_REQUIRED, abort: true })
  .regex(DEV_EUI_PATTERN, { error: DEV_EUI_INVALID });

/** What an asset shows of its devices: the sabotage and low-battery markers of the asset list. */
export const deviceSummarySchema = z.object({
  id: entityIdSchema,
  name: z.string().nullable(),
  dev_eui: z.string(),
  is_sabotaged: z.boolean(),
  battery_level_low: z.boolean(),
  /** Set by the silent-tag job when the tag turned silent, cleared by its next uplink; absent on older summaries. */
  is_silent: z.boolean().optional(),
});
export type DeviceSummary = z.infer<typeof deviceSummarySchema>;

export const deviceSchema = z.object({
  ...jsonLdShape,
  id: entityIdSchema,
  logical_id: z.number().int().nullable(),
  name: z.string().nullable(),
  model: z.string().nullable(),
  notes: z.string().nullable(),
  dev_eui: z.string(),
  barcode: z.string().nullable(),
  asset: z.object({ id: entityIdSchema, name: z.string() }).nullable(),
  activation_date: z.string().nullable(),
  last_event: lastEventSchema.nullable(),
  is_sabotaged: z.boolean(),
  battery_level_low: z.boolean(),
  /** online | late | silent | never (shared/schemas/connectivity.ts), as the processor and the silent-tag job stored it. */
  connectivity: connectivitySchema,
  device_profiles: z.array(entityIdSchema),
  ...versionShape,
});
export type Device = z.infer<typeof deviceSchema>;

const deviceFields = {
  name: optionalName(),
  model: optionalName(),
  notes: optionalText(2000),
  asset: optionalReference(),
  activation_date: optionalDate(),
  device_profiles: referenceListSchema()
    .refine((ids) => ids.length <= MAX_DEVICE_PROFILES_PER_DEVICE, { error: TOO_MANY_DEVICE_PROFILES })
    .optional(),
};

/** DEVEUI and barcode can be set only at creation (spec 000 s.5). */
export const deviceCreateInputSchema = z.object({
  ...deviceFields,
  dev_eui: devEuiSchema,
  barcode: optionalName(),
});
export type DeviceCreateInput = z.infer<typeof deviceCreateInputSchema>;

/**
 * dev_eui and barcode may be sent back unchanged (a form echoes them); a different value answers 422 on the
 * field (the API compares them with the stored device).
 */
export const deviceUpdateInputSchema = z.object({
  ...deviceFields,
  dev_eui: devEuiSchema.optional(),
  barcode: optionalName(),
  ...optionalVersionShape,
});
export type DeviceUpdateInput = z.infer<typeof deviceUpdateInputSchema>;

export const DEVICE_SORT_FIELDS = [
  'asset.name',
  'name',
  'model',
  'devEui',
  'batteryLevelLow',
  'activationDate',
  'connectivity',
] as const;
export type DeviceSortField = (typeof DEVICE_SORT_FIELDS)[number];

/** Spec 000 s.9: 20 rows a page in the general lists; the device list's own size is not shown, so the same. */
export const DEVICES_ITEMS_PER_PAGE = 20;

export const DEVICE_FLAG_FILTER_INVALID = 'This filter takes true or false';

/**
 * A yes/no filter of the device list: true/false (1/0, yes/no, on/off also taken); any other value answers 422
 * instead of being ignored, so a mistyped link never shows an unfiltered list as if it were filtered.
 */
const flagFilter = z.preprocess((value: unknown) => {
  if (value === undefined || value === '') return undefined;
  return toBoolean(value) ?? value;
}, z.boolean({ error: DEVICE_FLAG_FILTER_INVALID }).optional());

/**
 * The console sends the deprecated asset[exists]; exists[asset] is API Platform's current spelling. `search`
 * matches the sensor name, model, DEVEUI, barcode and the asset's name (substring, any case). logicalId is an admin
 * filter (spec 000 s.6): other users' logicalId is ignored. batteryLevelLow, sabotaged and connectivity
 * filter on the pipeline's flags and the silent-tag job's state; each alone has an exact total (a counter).
 */
export const deviceListQuerySchema = paginationQuerySchema.extend({
  id: optionalInteger(),
  logicalId: optionalInteger(),
  search: textFilter(),
  'asset[exists]': flagFilter,
  'exists[asset]': flagFilter,
  batteryLevelLow: flagFilter,
  sabotaged: flagFilter,
  connectivity: connectivityFilterSchema,
});
export type DeviceListQuery = z.infer<typeof deviceListQuerySchema>;

/** Device profiles have their own module; re-exported for the device screens that list them. */
export { type DeviceProfile, deviceProfileSchema } from './device-profile';
