import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { Violation } from '../../../shared/errors';
import { normalizeDevEui } from '../../../shared/schemas/device';
import {
  DEVICE_IMPORT_MAX_BYTES,
  type DeviceImportResult,
  DEVICE_IMPORT_MESSAGES as M,
} from '../../../shared/schemas/device-import';
import { dynamo, tableName } from '../data/client';
import { itemKey } from '../data/keys';
import { PartitionPacer, writeUnits } from '../data/partition-pace';
import type { TenantContext } from '../data/tenant-context';
import {
  deviceProfileRepository,
  isTenantProfileId,
  listDeviceProfiles,
} from '../device-profiles/device-profile-repository';
import { HttpError, unprocessable } from '../http/errors';
import { readUploadedFile, type UploadedFile } from '../http/upload-body';
import { deviceSearchText } from '../search/entity-texts';
import { addPostings } from '../search/gram-index';
import { claimedDevEuis, devEuiClaimItem, standingOf } from './dev-eui-claims';
import { assertDevEuiProbesLeft, countRefusedDevEuis } from './dev-eui-probe-limit';
import { counterWrites } from './device-flag-counts';
import { capViolations, type ParsedDeviceRow, parseDeviceCsv } from './device-import-csv';
import { beginImport, endImport, rollBackImport, rollBackInterruptedImports } from './device-import-journal';
import { type DeviceRecord, deviceRepository } from './device-repository';

/**
 * DynamoDB takes at most 100 operations per transaction: 48 devices, their 48 claims, the counter update and
 * up to 3 device profile counters (chunks end early when a fourth profile would be needed: chunksOf).
 */
const DEVICES_PER_TRANSACTION = 48;
const PROFILES_PER_TRANSACTION = 3;
/**
 * Transactions in flight: 5000 devices are 103 transactions. Every device of a tenant has one
 * partition key (T#<t>#DEVICE, and the same key in each of its six indexes), which DynamoDB serves at most
 * 1,000 WCU a second; a transactional put costs 2 WCU per KB, so the chunks are paced (partition-pace.ts) to
 * 800 WCU a second on that key: ~400 devices a second, 5,000 in ~13 s. The DEVEUI claims each have their own
 * key, the counter takes one update per chunk (103 in all), and the ids come from one counter update.
 */
const WRITE_CONCURRENCY = 4;
/** The seed's numbering of devices' logical ids (docs/decisions/0112). */
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
 * A DEVEUI of any tenant counts as taken (dev-eui-claims.ts). The tenant's own are named as such; another
 * tenant's and reserved ones get one neutral text and are counted against the tenant's daily limit
 * (dev-eui-probe-limit.ts: 429 beyond it). This check reports every taken DEVEUI of the file at once; the
 * claims written with the devices are what guarantees it against a concurrent import.
 */
async function registeredViolations(ctx: TenantContext, rows: ParsedDeviceRow[]): Promise<Violation[]> {
  await assertDevEuiProbesLeft(ctx);
  const claimed = await claimedDevEuis(rows.map((row) => normalizeDevEui(row.device.deveui)));
  const violations = rows.flatMap((row) => {
    const devEui = normalizeDevEui(row.device.deveui);
    const standing = standingOf(ctx, devEui, claimed.get(devEui));
    if (standing === 'free') return [];
    const message = standing === 'own' ? M.alreadyRegistered : M.cannotRegister;
    return [{ propertyPath: `row ${row.line}.deveui`, message }];
  });
  await countRefusedDevEuis(ctx, violations.filter((v) => v.message === M.cannotRegister).length);
  return violations;
}

const toRecord = ({ device }: ParsedDeviceRow, id: number, profileId?: number): DeviceRecord => ({
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
  device_profiles: profileId === undefined ? [] : [profileId],
});

interface ImportedDevice {
  row: ParsedDeviceRow;
  device: DeviceRecord;
}

/** Devices, their DEVEUI claims and their count in one transaction, as repository.create does for one device. */
const putChunk = (ctx: TenantContext, chunk: ImportedDevice[]) =>
  dynamo().send(
    new TransactWriteCommand({
      TransactItems: [
        ...chunk.flatMap(({ device }) => [
          deviceRepository.putNew(ctx, device),
          {
            Put: {
              TableName: tableName(),
              Item: devEuiClaimItem(ctx, device),
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
        ]),
        ...counterWrites(ctx, {}, chunk.length),
        ...profileCountWrites(ctx, chunk),
      ],
    }),
  );

/**
 * The tenant profiles' device counts (device-profile-usage.ts), moved with the devices. A rollback leaves them
 * counted: a profile then refuses deletion though no device names it (the safe side), never the other way.
 */
function profileCountWrites(ctx: TenantContext, chunk: ImportedDevice[]) {
  const counts = new Map<number, number>();
  for (const { device } of chunk)
    for (const id of device.device_profiles) if (isTenantProfileId(id)) counts.set(id, (counts.get(id) ?? 0) + 1);
  return [...counts].map(([id, n]) => ({
    Update: {
      TableName: tableName(),
      Key: itemKey(ctx, deviceProfileRepository.model.type, id),
      UpdateExpression: 'ADD deviceCount :n',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':n': n },
    },
  }));
}

/** Chunks of at most DEVICES_PER_TRANSACTION devices naming at most PROFILES_PER_TRANSACTION tenant profiles. */
function chunksOf(devices: ImportedDevice[]): ImportedDevice[][] {
  const chunks: ImportedDevice[][] = [];
  let chunk: ImportedDevice[] = [];
  let profiles = new Set<number>();
  for (const item of devices) {
    const id = item.device.device_profiles.find(isTenantProfileId);
    const needs = id !== undefined && !profiles.has(id) ? profiles.size + 1 : profiles.size;
    if (chunk.length >= DEVICES_PER_TRANSACTION || needs > PROFILES_PER_TRANSACTION) {
      chunks.push(chunk);
      chunk = [];
      profiles = new Set();
    }
    chunk.push(item);
    if (id !== undefined) profiles.add(id);
  }
  if (chunk.length) chunks.push(chunk);
  return chunks;
}

/** The rows' `device_profile` (an id or a name, any case) as profile ids; unknown ones are row violations. */
async function resolveProfiles(ctx: TenantContext, rows: ParsedDeviceRow[], violations: Violation[]) {
  const named = rows.filter((row) => row.device.device_profile);
  if (named.length === 0) return new Map<number, number>();
  const profiles = await listDeviceProfiles(ctx);
  const byLine = new Map<number, number>();
  for (const row of named) {
    const wanted = (row.device.device_profile as string).trim();
    const profile =
      profiles.find((p) => String(p.id) === wanted) ??
      profiles.find((p) => p.name.toLowerCase() === wanted.toLowerCase());
    if (profile) byLine.set(row.line, profile.id);
    else violations.push({ propertyPath: `row ${row.line}.device_profile`, message: M.unknownProfile });
  }
  return byLine;
}

/** What a chunk costs the tenant's device partition (the claims and the counter are other keys). */
export const devicePartitionUnits = (ctx: TenantContext, chunk: readonly { device: DeviceRecord }[]) =>
  chunk.reduce((sum, { device }) => sum + writeUnits(deviceRepository.toItem(ctx, device), true), 0);

/**
 * A chunk refused because a DEVEUI was claimed meanwhile (a concurrent import): the rows of those claims, as
 * the check before the write would have reported them (the holder read again: the tenant's own, or the
 * neutral text, counted). Operations alternate device, claim; the counter is last.
 */
async function claimedMeanwhile(
  ctx: TenantContext,
  error: unknown,
  chunk: ImportedDevice[],
): Promise<Violation[] | undefined> {
  if (!(error instanceof TransactionCanceledException)) return undefined;
  const rows = (error.CancellationReasons ?? []).flatMap((reason, index) =>
    reason.Code === 'ConditionalCheckFailed' && index % 2 === 1 ? [chunk[(index - 1) / 2]?.row] : [],
  );
  const holders = await claimedDevEuis(rows.flatMap((row) => (row ? [normalizeDevEui(row.device.deveui)] : [])));
  const violations = rows.flatMap((row) => {
    if (!row) return [];
    const own = holders.get(normalizeDevEui(row.device.deveui)) === ctx.tenantId;
    return [{ propertyPath: `row ${row.line}.deveui`, message: own ? M.alreadyRegistered : M.cannotRegister }];
  });
  if (violations.length === 0) return undefined;
  await countRefusedDevEuis(ctx, violations.filter((v) => v.message === M.cannotRegister).length);
  return violations;
}

/**
 * All or nothing: 5000 devices do not fit one transaction, so they go in transactions of 49 (with their
 * claims), a few at once, under a journal (device-import-journal.ts). When one fails, the others finish and
 * the import is rolled back before the error is passed on; when the process dies midway, the journal left
 * behind gets it rolled back later (the next import of the tenant, or the local stack's next start).
 */
async function writeDevices(ctx: TenantContext, devices: ImportedDevice[]): Promise<void> {
  if (devices.length === 0) return;
  const firstId = (devices[0] as ImportedDevice).device.id;
  await beginImport(ctx, firstId, devices.length);
  // The search index first (search/gram-index.ts): a superset until the devices exist, never missing one.
  await addPostings(
    ctx,
    'DEVICE',
    devices.map(({ device }) => ({ id: device.id, text: deviceSearchText(device) })),
  );
  const chunks = chunksOf(devices);
  let failure: { error: unknown; chunk: ImportedDevice[] } | undefined;
  let next = 0;
  const pacer = new PartitionPacer();
  const worker = async () => {
    while (!failure && next < chunks.length) {
      const chunk = chunks[next++] as ImportedDevice[];
      await pacer.take(devicePartitionUnits(ctx, chunk));
      await putChunk(ctx, chunk).catch((error: unknown) => {
        failure ??= { error, chunk };
      });
    }
  };
  await Promise.all(Array.from({ length: WRITE_CONCURRENCY }, worker));
  if (!failure) return endImport(ctx, firstId);
  // A failed rollback keeps the journal (a later rollback finishes); the write's own error is what the caller sees.
  await rollBackImport(ctx, firstId, devices.length).catch(() => undefined);
  const violations = await claimedMeanwhile(ctx, failure.error, failure.chunk);
  throw violations ? unprocessable(violations) : failure.error;
}

/**
 * Imports the devices of an uploaded CSV file into a tenant: the file is checked completely (format, every
 * row, DEVEUIs repeated or already registered) before the first write, and a failed write is undone.
 */
export async function importDevicesFromUpload(ctx: TenantContext, event: UploadEvent): Promise<DeviceImportResult> {
  const file = readUploadedFile(event, DEVICE_IMPORT_MAX_BYTES, M.fileTooLarge);
  assertCsv(file);
  // An import interrupted long ago still holds its DEVEUIs' claims: free them before checking this file.
  await rollBackInterruptedImports(ctx);
  const { rows, violations } = parseDeviceCsv(file.content);
  violations.push(...(await registeredViolations(ctx, rows)));
  const profileOfLine = await resolveProfiles(ctx, rows, violations);
  if (violations.length) throw unprocessable(capViolations(violations));
  const firstId = await deviceRepository.nextId(ctx, rows.length);
  await writeDevices(
    ctx,
    rows.map((row, i) => ({ row, device: toRecord(row, firstId + i, profileOfLine.get(row.line)) })),
  );
  return { imported: rows.length };
}
