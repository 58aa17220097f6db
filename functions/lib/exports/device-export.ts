import type { AuthContext } from '../auth/auth-context';
import type { DeviceRecord } from '../devices/device-repository';
import { buildExportRun } from './build-export-run';
import { DEVICE_EXPORT_TEXTS, deviceExportColumns, deviceRow } from './device-export-columns';
import type { CheckedDeviceExport } from './device-export-request';
import { dateTimeFormatter } from './export-values';
import type { ExportRun } from './run-export';

/** The device export's file (request: device-export-request.ts), through the same mechanism as the asset export. */
export function deviceExportRun(auth: AuthContext, checked: CheckedDeviceExport): ExportRun<DeviceRecord> {
  const { file } = checked;
  const texts = DEVICE_EXPORT_TEXTS[file.language];
  const columns = deviceExportColumns(checked.columnIds, texts);
  const dateTime = dateTimeFormatter(file.timeZone);
  return buildExportRun({
    ctx: auth.tenant,
    entity: 'Devices',
    file,
    title: texts.title,
    columns,
    batches: checked.items,
    ...(checked.expectedRows ? { expectedRows: checked.expectedRows } : {}),
    toRow: (device) => deviceRow(device, columns, { texts, dateTime }),
  });
}
