import { z } from 'zod';
import { optionalDate, optionalName, optionalText } from './common';
import { DEV_EUI_TAKEN, DEV_EUI_UNAVAILABLE, devEuiSchema } from './device';

/**
 * Device import from CSV (spec 001 s.2 users/tenants drawers, s.7 ".../devices/upload"; docs/decisions/0112
 * and 0114). Shared so the console's template download and the server's parser name the same columns.
 */
export const DEVICE_IMPORT_MAX_BYTES = 1024 * 1024;
export const DEVICE_IMPORT_MAX_ROWS = 5000;
/** More violations than this are not listed: the first ones are enough to fix the file and try again. */
export const DEVICE_IMPORT_MAX_VIOLATIONS = 50;

/** The columns of the file, in the template's order. Only deveui is required. */
export const DEVICE_IMPORT_COLUMNS = [
  'deveui',
  'name',
  'model',
  'notes',
  'barcode',
  'activation_date',
  'device_profile',
] as const;
export type DeviceImportColumn = (typeof DEVICE_IMPORT_COLUMNS)[number];

/**
 * Header spellings people write, compared without case, spaces, dashes and underscores: the spec's labels
 * ("DEVEUI", "Sensor name", "Device activation date") and the device fields' API names.
 */
const HEADER_ALIASES: Record<string, DeviceImportColumn> = {
  deveui: 'deveui',
  sensorname: 'name',
  devicename: 'name',
  deviceactivationdate: 'activation_date',
  profile: 'device_profile',
  payloadprofile: 'device_profile',
};
const headerKey = (header: string) => header.toLowerCase().replace(/[\s_-]+/g, '');

export function importColumnOf(header: string): DeviceImportColumn | undefined {
  const key = headerKey(header);
  return HEADER_ALIASES[key] ?? DEVICE_IMPORT_COLUMNS.find((column) => headerKey(column) === key);
}

export const DEVICE_IMPORT_MESSAGES = {
  onlyCsv: 'Only CSV files can be imported.',
  noFile: 'Choose a CSV file to import.',
  fileTooLarge: 'The file may be at most 1 MB.',
  notText: 'The file is not a CSV text file.',
  malformed: 'The file is not valid CSV. Check the quotes around values.',
  noHeader: 'The first row must name the columns and include a deveui column.',
  unknownColumn: 'Unknown column. Use deveui, name, model, notes, barcode, activation_date and device_profile.',
  unknownProfile: 'This device profile does not exist. Use the id or the name of one of your device profiles.',
  duplicateColumn: 'This column appears more than once.',
  columnCount: 'This row has more values than the header has columns.',
  noRows: 'The file has no device rows.',
  tooManyRows: `A file may hold at most ${DEVICE_IMPORT_MAX_ROWS} devices.`,
  duplicateInFile: 'This DEVEUI appears more than once in the file.',
  alreadyRegistered: DEV_EUI_TAKEN,
  cannotRegister: DEV_EUI_UNAVAILABLE,
  moreProblems: 'The file has more problems than listed here. Fix these and import it again.',
} as const;

/** One data row, checked with the same field rules as creating a device by hand. */
export const deviceImportRowSchema = z.object({
  deveui: devEuiSchema,
  name: optionalName(),
  model: optionalName(),
  notes: optionalText(2000),
  barcode: optionalName(),
  activation_date: optionalDate(),
  /** The device's payload profile, by id or by name (resolved against the tenant's profiles). */
  device_profile: optionalName(),
});
export type DeviceImportRow = z.output<typeof deviceImportRowSchema>;

/** The answer of a successful import. */
export const deviceImportResultSchema = z.object({ imported: z.number().int().nonnegative() });
export type DeviceImportResult = z.infer<typeof deviceImportResultSchema>;

/** The template the console offers for download: the header and one example row. */
export const DEVICE_IMPORT_TEMPLATE = `${DEVICE_IMPORT_COLUMNS.join(',')}\n70B3D5499A000001,Tag 1,KPN LocationTag V,Depot Utrecht,KPN0000000001,2026-01-15,1\n`;
