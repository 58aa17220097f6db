import { z } from 'zod';
import { entityIdSchema, jsonLdShape, optionalVersionShape, requiredName, versionShape } from './common';

/**
 * Device profiles (docs/device-payloads.md): per-tenant entities holding a payload codec in
 * the LoRaWAN Device Repository convention, the mapping of its decoded fields, battery thresholds and the
 * heartbeat. Ids 1-4 are the read-only built-ins every tenant has (codec null: the built-in tracker-v1 layout);
 * a tenant's own profiles get ids from 101 up.
 */
export const FIRST_TENANT_DEVICE_PROFILE_ID = 101;
export const MAX_CODEC_LENGTH = 64 * 1024;
export const MAX_FIELD_PATH_LENGTH = 200;
export const MIN_UPLINK_INTERVAL_MINUTES = 5;
export const MAX_UPLINK_INTERVAL_MINUTES = 10_080;
export const MIN_SILENT_AFTER_INTERVALS = 2;
export const MAX_SILENT_AFTER_INTERVALS = 30;
/** The test panel's bytes: a LoRaWAN frame payload is at most 242 bytes; some room for odd networks. */
export const MAX_TEST_BYTES = 512;

export const DEVICE_PROFILE_NAME_REQUIRED = 'The name is required';
export const CODEC_TOO_LONG = `The codec may be at most ${MAX_CODEC_LENGTH / 1024} KB of text`;
export const CODEC_WITHOUT_DECODE_UPLINK = 'The codec must define a function decodeUplink(input)';
export const FIELD_PATH_INVALID =
  'A field path is a dotted path of names or indexes, such as gps.lat or positions.0.latitude';
/** Saved codecs are compiled first (the test panel shows the engine's own error). */
export const CODEC_DOES_NOT_RUN = 'The codec does not compile or its top level fails; the test panel shows why';
export const BATTERY_UNIT_INVALID = 'The battery unit must be V or %';
export const BATTERY_THRESHOLD_INVALID = 'The battery thresholds must be numbers (0 to 100)';
export const BATTERY_HYSTERESIS_INVALID = 'The "fine again above" value must be greater than the "low below" value';
export const UPLINK_INTERVAL_INVALID = `The uplink interval must be a whole number of minutes from ${MIN_UPLINK_INTERVAL_MINUTES} to ${MAX_UPLINK_INTERVAL_MINUTES}`;
export const SILENT_AFTER_INVALID = `Silent after must be a whole number of intervals from ${MIN_SILENT_AFTER_INTERVALS} to ${MAX_SILENT_AFTER_INTERVALS}`;
export const BUILT_IN_PROFILE_READ_ONLY = 'Built-in device profiles cannot be changed';
export const DEVICE_PROFILE_IN_USE = 'This device profile is used by devices; give them another profile first';
export const TEST_BYTES_INVALID = 'The bytes must be hexadecimal (spaces allowed) or base64';
export const TEST_BYTES_TOO_LONG = `At most ${MAX_TEST_BYTES} bytes`;
export const F_PORT_INVALID = 'The fPort must be a whole number from 1 to 223';

export const FIELD_PATH_KEYS = [
  'latitude',
  'longitude',
  'accuracy',
  'battery_voltage',
  'battery_percent',
  'tamper',
  'event_type',
] as const;
export type FieldPathKey = (typeof FIELD_PATH_KEYS)[number];

/** Names (letters, digits, _ and $) or array indexes joined by dots: never code, only a lookup. */
export const FIELD_PATH_PATTERN = /^[A-Za-z_$][\w$]*(?:\.(?:[A-Za-z_$][\w$]*|\d{1,4}))*$/;
const fieldPath = z
  .string({ error: FIELD_PATH_INVALID })
  .trim()
  .max(MAX_FIELD_PATH_LENGTH, { error: FIELD_PATH_INVALID })
  .regex(FIELD_PATH_PATTERN, { error: FIELD_PATH_INVALID });

/** Dotted paths into the decoded data; an absent key is found by its common names (docs/device-payloads.md). */
export const fieldPathsSchema = z
  .object({
    latitude: fieldPath.optional(),
    longitude: fieldPath.optional(),
    accuracy: fieldPath.optional(),
    battery_voltage: fieldPath.optional(),
    battery_percent: fieldPath.optional(),
    tamper: fieldPath.optional(),
    event_type: fieldPath.optional(),
  })
  .strict();
export type FieldPaths = z.infer<typeof fieldPathsSchema>;

export const BATTERY_UNITS = ['V', '%'] as const;
export type BatteryUnit = (typeof BATTERY_UNITS)[number];

const codecSchema = z
  .string()
  .max(MAX_CODEC_LENGTH, { error: CODEC_TOO_LONG })
  .refine((text) => /\bdecodeUplink\b/.test(text), { error: CODEC_WITHOUT_DECODE_UPLINK })
  .nullable();

/** At most 3 decimals (mV, tenths of a percent): DynamoDB stores no number below 1e-130, and none is needed. */
const threshold = z
  .number({ error: BATTERY_THRESHOLD_INVALID })
  .min(0, { error: BATTERY_THRESHOLD_INVALID })
  .max(100, { error: BATTERY_THRESHOLD_INVALID })
  .refine((n) => Math.round(n * 1000) / 1000 === n, { error: BATTERY_THRESHOLD_INVALID });

/** What decodes and maps: shared by the profile's input and the test panel's body. */
export const codecSettingsShape = {
  codec: codecSchema,
  field_paths: fieldPathsSchema.default({}),
  battery_unit: z.enum(BATTERY_UNITS, { error: BATTERY_UNIT_INVALID }),
  battery_low_below: threshold,
  battery_fine_above: threshold,
};

const heartbeatShape = {
  uplink_interval_minutes: z
    .number({ error: UPLINK_INTERVAL_INVALID })
    .int({ error: UPLINK_INTERVAL_INVALID })
    .min(MIN_UPLINK_INTERVAL_MINUTES, { error: UPLINK_INTERVAL_INVALID })
    .max(MAX_UPLINK_INTERVAL_MINUTES, { error: UPLINK_INTERVAL_INVALID }),
  silent_after_intervals: z
    .number({ error: SILENT_AFTER_INVALID })
    .int({ error: SILENT_AFTER_INVALID })
    .min(MIN_SILENT_AFTER_INTERVALS, { error: SILENT_AFTER_INVALID })
    .max(MAX_SILENT_AFTER_INTERVALS, { error: SILENT_AFTER_INVALID }),
};

/** Hysteresis: a tag at the threshold must not flap between low and fine. */
const withHysteresis = <T extends { battery_low_below: number; battery_fine_above: number }>(
  value: T,
  context: z.RefinementCtx,
) => {
  if (value.battery_fine_above <= value.battery_low_below) {
    context.addIssue({ code: 'custom', message: BATTERY_HYSTERESIS_INVALID, path: ['battery_fine_above'] });
  }
};

export const deviceProfileSchema = z.object({
  ...jsonLdShape,
  id: entityIdSchema,
  name: z.string(),
  built_in: z.boolean(),
  codec: z.string().nullable(),
  field_paths: fieldPathsSchema,
  battery_unit: z.enum(BATTERY_UNITS),
  battery_low_below: z.number(),
  battery_fine_above: z.number(),
  uplink_interval_minutes: z.number().int(),
  silent_after_intervals: z.number().int(),
  ...versionShape,
});
export type DeviceProfile = z.infer<typeof deviceProfileSchema>;

const profileInputShape = {
  name: requiredName(DEVICE_PROFILE_NAME_REQUIRED),
  ...codecSettingsShape,
  ...heartbeatShape,
};

export const deviceProfileInputSchema = z.object(profileInputShape).superRefine(withHysteresis);
export type DeviceProfileInput = z.infer<typeof deviceProfileInputSchema>;

/** A PUT sends the whole profile; version (or If-Match) guards against a stale save (docs/conventions.md). */
export const deviceProfileUpdateInputSchema = z
  .object({ ...profileInputShape, ...optionalVersionShape })
  .superRefine(withHysteresis);
export type DeviceProfileUpdateInput = z.infer<typeof deviceProfileUpdateInputSchema>;

/** Hex with optional spaces/colons/dashes, else base64 (The Things Stack's console takes both). */
export function parsePayloadBytes(text: string): number[] | undefined {
  const compact = text.replace(/[\s:-]/g, '');
  if (compact === '') return [];
  if (/^(?:[0-9a-fA-F]{2})+$/.test(compact)) {
    return compact.match(/../g)?.map((pair) => Number.parseInt(pair, 16));
  }
  const base64 = text.replace(/\s/g, '');
  if (!/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/.test(base64)) return undefined;
  const binary = globalThis.atob(base64);
  return Array.from(binary, (char) => char.charCodeAt(0));
}

export const deviceProfileTestInputSchema = z
  .object({
    ...codecSettingsShape,
    bytes: z
      .string({ error: TEST_BYTES_INVALID })
      .max(MAX_TEST_BYTES * 3, { error: TEST_BYTES_TOO_LONG })
      .refine((text) => parsePayloadBytes(text) !== undefined, { error: TEST_BYTES_INVALID, abort: true })
      .refine((text) => (parsePayloadBytes(text)?.length ?? 0) <= MAX_TEST_BYTES, { error: TEST_BYTES_TOO_LONG }),
    f_port: z
      .number({ error: F_PORT_INVALID })
      .int({ error: F_PORT_INVALID })
      .min(1, { error: F_PORT_INVALID })
      .max(223, { error: F_PORT_INVALID }),
  })
  .superRefine(withHysteresis);
export type DeviceProfileTestInput = z.infer<typeof deviceProfileTestInputSchema>;

export const mappedFieldsSchema = z.object({
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  accuracy: z.number().nullable(),
  battery_voltage: z.number().nullable(),
  battery_percent: z.number().nullable(),
  battery_low: z.boolean().nullable(),
  sabotaged: z.boolean().nullable(),
  event_type: z.string().nullable(),
});
export type MappedFields = z.infer<typeof mappedFieldsSchema>;

export const deviceProfileTestResultSchema = z.object({
  /** What the codec decoded: the vendor's own names, so an open object by nature (said so in the document). */
  data: z
    .record(z.string(), z.unknown())
    .meta({ additionalProperties: true, description: "The codec's decoded data, as the vendor names it" })
    .nullable(),
  warnings: z.array(z.string()),
  errors: z.array(z.string()),
  mapped: mappedFieldsSchema,
  duration_ms: z.number(),
});
export type DeviceProfileTestResult = z.infer<typeof deviceProfileTestResultSchema>;
