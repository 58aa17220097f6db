import { buildExportQuerySchema } from '../../../shared/schemas/export';
import type { AuthContext } from '../auth/auth-context';
import { deviceListRequestOf } from '../devices/device-list-request';
import { hasDeviceFilters, streamDevices } from '../devices/device-query';
import { type DeviceRecord, deviceRepository } from '../devices/device-repository';
import { type CheckedExport, type ExportFileOptions, exportFileOf, splitExportQuery } from './export-request';

/**
 * GET /api/devices/export (spec 000): the device list with the list's filters and order, as PDF, Excel or
 * CSV, saved as Devices.{yyyy-MM-dd}.{ext}; the rows are device-export.ts's, the export worker's.
 */
export const DEVICE_COLUMN_IDS = [
  'id',
  'asset',
  'name',
  'model',
  'dev-eui',
  'battery-status',
  'notes',
  'last-communication',
  'activation-date',
] as const;
export type DeviceColumnId = (typeof DEVICE_COLUMN_IDS)[number];

export const deviceExportQuerySchema = buildExportQuerySchema(DEVICE_COLUMN_IDS);

export interface CheckedDeviceExport extends CheckedExport {
  type: ExportFileOptions['type'];
  file: ExportFileOptions;
  /** The requested columns in their order, else all of them. */
  columnIds: readonly DeviceColumnId[];
  items: AsyncIterable<DeviceRecord[]>;
}

export async function checkDeviceExport(
  auth: AuthContext,
  rawQuery: string,
  acceptLanguage: string | undefined,
): Promise<CheckedDeviceExport> {
  const { query, listQuery } = splitExportQuery(rawQuery, deviceExportQuerySchema);
  const { request } = deviceListRequestOf(listQuery, auth);
  return {
    type: query.type,
    file: exportFileOf(query, acceptLanguage, 'UTC'),
    columnIds: query.columns ?? DEVICE_COLUMN_IDS,
    items: streamDevices(auth.tenant, request.filters, request.order),
    ...(hasDeviceFilters(request.filters) ? {} : { expectedRows: () => deviceRepository.count(auth.tenant) }),
  };
}
