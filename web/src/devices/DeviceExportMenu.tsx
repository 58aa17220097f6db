import type { DeviceSortField } from '@shared/schemas/device';
import { ExportMenu } from '../common/export/ExportMenu';
import { useListParams } from '../common/list/useListParams';
import { toDeviceQuery } from './deviceParams';
import { DEVICE_FILTER_KEYS, DEVICE_SORT_COLUMNS } from './devicesApi';

/** Spec 000 s.2: the device list's export menu; the file holds the list as filtered and sorted on screen. */
export function DeviceExportMenu() {
  const list = useListParams({ filterKeys: DEVICE_FILTER_KEYS, sortFields: DEVICE_SORT_COLUMNS });
  const order = list.order
    ? { field: list.order.field as DeviceSortField, direction: list.order.direction }
    : undefined;
  return (
    <ExportMenu
      path="/api/devices/export"
      background
      query={() => toDeviceQuery({ search: list.search, filters: list.filters, sort: order })}
    />
  );
}
