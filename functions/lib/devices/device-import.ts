import { TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Violation } from '../../../shared/errors';
import {
  DEVICE_IMPORT_MAX_BYTES,
  type DeviceImportResult,
  DEVICE_IMPORT_MESSAGES as M,
} from '../../../shared/schemas/device-import';
import { dynamo, tableName } from '../data/client';
import { counterKey, itemKey } from '../data/keys';
import type { TenantContext } from '../data/tenant-context';
import { HttpError, unprocessable } from '../http/errors';
import { readUploadedFile, type UploadedFile } from '../http/upload-body';
import { capViolations, type ParsedDeviceRow, parseDeviceCsv } from './device-import-csv';
import { type DeviceRecord, deviceRepository, findDeviceByDevEui } from './device-repository';

/** DynamoDB takes at most 100 operations per transaction: 99 devices and their counter update. */
const DEVICES_PER_TRANSACTION = 99;
/** Parallel DEVEUI lookups: 5000 in seconds on DynamoDB; more only slows dynalite down (docs/decisions.md). */
const LOOKUP_CONCURRENCY = 4;
/** The seed's numbering of devices' logical ids (docs/decisions.md "Device import"). */
const LOGICAL_ID_OFFSET = 5000;

type UploadEvent = Parameters<typeof readUploadedFile>[0];

const CSV_TYPES = /^(text\/csv|application\/csv|text\/comma-separated-values)\b/i;

/** Spec 001 s.5: "Device import accepts only .csv": by file name for a form upload, by type for a raw body. */
function assertCsv(file: UploadedFile): void {
  if (file.filename === '') throw unprocessable([{ propertyPath: 'file', message: M.noFile }]);
  const isCsv = file.filename !== undefined ? /\.csv$/i.test(file.filename) : CSV_TYPES.test(file.contentType);
  if (!isCsv) throw new HttpError(415, M.onlyCsv);
}

/**
 * A DEVEUI names one tag in the whole platform (an uplink carries nothing else), so a DEVEUI of any tenant
 * counts as taken. The answer does not say which tenant holds it.
 */
async function registeredViolations(rows: ParsedDeviceRow[]): Promise<Violation[]> {
  const violations: Violation[] = [];
  let next = 0;
  const worker = async () => {
    while (next < rows.length) {
      const row = rows[next++] as ParsedDeviceRow;
      if (await findDeviceByDevEui(row.device.deveui))
        violations.push({ propertyPath: `row ${row.line}.deveui`, message: M.alreadyRegistered });
    }
  };
  await Promise.all(Array.from({ length: LOOKUP_CONCURRENCY }, worker));
  return violations;
}

/** Reserves `count` consecutive ids with one atomic counter update; unused ids after a failure are skipped. */
async function allocateIds(ctx: TenantContext, count: number): Promise<number> {
  const result = await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: counterKey(ctx, 'DEVICE'),
      UpdateExpression: 'ADD lastId :count',
      ExpressionAttributeValues: { ':count': count },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Number(result.Attributes?.lastId) - count + 1;
}

const toRecord = ({ device }: ParsedDeviceRow, id: number): DeviceRecord => ({
  id,
  version: 1,
  logical_id: LOGICAL_ID_OFFSET + id,
  name: device.name ?? null,
  model: device.model ?? null,
  notes: device.notes ?? null,
  dev_eui: device.deveui,
  barcode: device.barcode ?? null,
  asset: null,
  activation_date: device.activation_date ? new Date(device.activation_date).toISOString() : null,
  last_event: null,
  is_sabotaged: false,
  battery_level_low: false,
  device_profiles: [],
});

/** Devices and their count in one transaction, as repository.create does for one device. */
const putChunk = (ctx: TenantContext, devices: DeviceRecord[]) =>
  dynamo().send(
    new TransactWriteCommand({
      TransactItems: [
        ...devices.map((device) => ({
          Put: {
            TableName: tableName(),
            Item: deviceRepository.toItem(ctx, device),
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        })),
        {
          Update: {
            TableName: tableName(),
            Key: counterKey(ctx, 'DEVICE'),
            UpdateExpression: 'ADD itemCount :n',
            ExpressionAttributeValues: { ':n': devices.length },
          },
        },
      ],
    }),
  );

const deleteChunk = (ctx: TenantContext, devices: DeviceRecord[]) =>
  dynamo().send(
    new TransactWriteCommand({
      TransactItems: [
        ...devices.map((device) => ({ Delete: { TableName: tableName(), Key: itemKey(ctx, 'DEVICE', device.id) } })),
        {
          Update: {
            TableName: tableName(),
            Key: counterKey(ctx, 'DEVICE'),
            UpdateExpression: 'ADD itemCount :n',
            ExpressionAttributeValues: { ':n': -devices.length },
          },
        },
      ],
    }),
  );

/**
 * All or nothing: 5000 devices do not fit one transaction, so they go in transactions of 99; when one fails,
 * the ones already written are deleted again before the error is passed on.
 */
async function writeDevices(ctx: TenantContext, devices: DeviceRecord[]): Promise<void> {
  const written: DeviceRecord[][] = [];
  try {
    for (let i = 0; i < devices.length; i += DEVICES_PER_TRANSACTION) {
      const chunk = devices.slice(i, i + DEVICES_PER_TRANSACTION);
      await putChunk(ctx, chunk);
      written.push(chunk);
    }
  } catch (error) {
    // Undo every chunk even if one undo fails; the write's own error is what the caller sees.
    for (const chunk of written) await deleteChunk(ctx, chunk).catch(() => undefined);
    throw error;
  }
}

/**
 * Imports the devices of an uploaded CSV file into a tenant: the file is checked completely (format, every
 * row, DEVEUIs repeated or already registered) before the first write, and a failed write is undone.
 */
export async function importDevicesFromUpload(ctx: TenantContext, event: UploadEvent): Promise<DeviceImportResult> {
  const file = readUploadedFile(event, DEVICE_IMPORT_MAX_BYTES, M.fileTooLarge);
  assertCsv(file);
  const { rows, violations } = parseDeviceCsv(file.content);
  violations.push(...(await registeredViolations(rows)));
  if (violations.length) throw unprocessable(capViolations(violations));
  const firstId = await allocateIds(ctx, rows.length);
  await writeDevices(
    ctx,
    rows.map((row, i) => toRecord(row, firstId + i)),
  );
  return { imported: rows.length };
}
