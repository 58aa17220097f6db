import type { DeviceSortField } from '@shared/schemas/device';
import { useTranslation } from 'react-i18next';
import { ExportMenu } from '../common/export/ExportMenu';
import { exportLocale, isRefusedExport, useExportJob } from '../common/export/useExportJob';
import { useListParams } from '../common/list/useListParams';
import { useTranslateMessage } from '../i18n/translateMessage';
import { toDeviceQuery } from './deviceParams';
import { DEVICE_FILTER_KEYS, DEVICE_SORT_COLUMNS } from './devicesApi';

/** Spec 000 s.2: the device list's export menu; the file holds the list as filtered and sorted on screen. */
export function DeviceExportMenu() {
  const { t, i18n } = useTranslation('devices');
  const translate = useTranslateMessage();
  const list = useListParams({ filterKeys: DEVICE_FILTER_KEYS, sortFields: DEVICE_SORT_COLUMNS });
  const order = list.order
    ? { field: list.order.field as DeviceSortField, direction: list.order.direction }
    : undefined;
  const { start, busy } = useExportJob(
    '/api/devices/export',
    () => ({
      ...toDeviceQuery({ search: list.search, filters: list.filters, sort: order }),
      ...exportLocale(i18n.language),
    }),
    {
      typeLabel: (type) => t(`actions.export_${type}`),
      preparing: (type) => t('export.preparing', { type }),
      progress: (type, count) => t('export.progress', { type, count }),
      progressOf: (type, count, total) => t('export.progressOf', { type, count, total }),
      ready: (fileName) => t('export.ready', { fileName }),
      failed: (error) => (isRefusedExport(error) ? translate((error as Error).message) : t('export.failed')),
    },
  );
  return (
    <ExportMenu
      label={t('actions.export')}
      busyLabel={t('export.busy')}
      typeLabel={(type) => t(`actions.export_${type}`)}
      start={start}
      busy={busy}
    />
  );
}
