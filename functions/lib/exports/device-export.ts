import { buildExportQuerySchema } from '../../../shared/schemas/export';
import type { AuthContext } from '../auth/auth-context';
import { deviceListRequestOf } from '../devices/device-list-request';
import { hasDeviceFilters, streamDevices } from '../devices/device-query';
import { type DeviceRecord, deviceRepository } from '../devices/device-repository';
import { mailLanguage } from '../mail/mail-language';
import { assetExportTexts } from './asset-export-texts';
import { DEVICE_COLUMN_IDS, DEVICE_EXPORT_TEXTS, deviceExportColumns, deviceRow } from './device-export-columns';
import { splitExportQuery } from './export-request';
import { dateTimeFormatter, dayIn } from './export-values';
import type { ExportRun } from './run-export';

/**
 * GET /api/devices/export (spec 000): the device list with the list's filters and order, as PDF, Excel or
 * CSV, saved as Devices.{yyyy-MM-dd}.{ext}. Same mechanism as the asset export (run-export.ts); the page
 * words ("Exported on", "Page") are the asset export's.
 */
export const deviceExportQuerySchema = buildExportQuerySchema(DEVICE_COLUMN_IDS);

export async function prepareDeviceExport(
  auth: AuthContext,
  rawQuery: string,
  acceptLanguage: string | undefined,
): Promise<ExportRun<DeviceRecord>> {
  const { query, listQuery } = splitExportQuery(rawQuery, deviceExportQuerySchema);
  const { request } = deviceListRequestOf(listQuery, auth);
  const language = query.language ?? mailLanguage(acceptLanguage);
  const texts = DEVICE_EXPORT_TEXTS[language];
  const pageTexts = assetExportTexts(language);
  const columns = deviceExportColumns(query.columns, texts);
  const timeZone = query.timeZone ?? 'UTC';
  const dateTime = dateTimeFormatter(timeZone);
  const now = new Date();
  return {
    ctx: auth.tenant,
    entity: 'Devices',
    type: query.type,
    day: dayIn(timeZone, now),
    sheet: {
      title: texts.title,
      subtitle: pageTexts.exportedOn(dateTime(now.toISOString())),
      columns,
      pageLabel: pageTexts.page,
    },
    batches: streamDevices(auth.tenant, request.filters, request.order),
    ...(hasDeviceFilters(request.filters) ? {} : { expectedRows: () => deviceRepository.count(auth.tenant) }),
    toRow: (device) => deviceRow(device, columns, { texts, dateTime }),
  };
}
