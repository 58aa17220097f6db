import { CONNECTIVITY_STATES } from '@shared/schemas/connectivity';
import type { Device, DeviceSortField } from '@shared/schemas/device';
import { deviceListQuerySchema } from '@shared/schemas/device';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useBulkEdit } from '../bulk-edit/useBulkEdit';
import type { FilterField } from '../common/list/FilterDrawer';
import { type ListRowsParams, ListScreen } from '../common/list/ListScreen';
import { usePrintLabels } from '../labels/usePrintLabels';
import { useSession } from '../session/useSession';
import { DeviceDrawer } from './DeviceDrawer';
import { deviceColumns } from './deviceColumns';
import { toDeviceQuery } from './deviceParams';
import { DEVICE_FILTER_KEYS, DEVICES_PAGE_SIZE, type DeviceFilterKey, useDeviceList } from './devicesApi';

/** Spec 000 s.9 gives no delay for this search; the assets' 300 ms keeps typing a DEVEUI to one request. */
const SEARCH_DELAY_MS = 300;
const filterSchema = deviceListQuerySchema.pick({ id: true, logicalId: true, sabotaged: true, connectivity: true });

/** A flag filter (asset attached, battery low, sabotaged): any, yes or no. */
function yesNoField(name: DeviceFilterKey, label: string, t: TFunction<'devices'>): FilterField<DeviceFilterKey> {
  return {
    name,
    label,
    type: 'select',
    options: [
      { value: '', label: t('filters.any') },
      { value: 'true', label: t('filters.yes') },
      { value: 'false', label: t('filters.no') },
    ],
  };
}

function useDeviceRows({ page, search, filters, order }: ListRowsParams<DeviceFilterKey>) {
  const sort = order ? { field: order.field as DeviceSortField, direction: order.direction } : undefined;
  return useDeviceList({ page, search, filters, sort });
}

/** Spec 000 s.2 /devices: search, filters, sortable paged table, export, Add new (super admins) and the panel. */
export default function DevicesPage() {
  const { t } = useTranslation('devices');
  const { t: tc } = useTranslation('common');
  const { isAdmin, hasAny } = useSession();

  // Admins see the asset as a plain name, everyone else as a link to it (spec 000 s.2).
  const { t: tl } = useTranslation('labels');
  const labels = usePrintLabels('/api/devices/labels');
  // Who may edit a device sets the payload profile of the selection, or of every device the list matches.
  const canEdit = hasAny(['DEVICE_EDIT']);
  // The list's search and filter as the address holds them when the edit is applied (read then, not watched).
  const bulkEdit = useBulkEdit('devices', () => {
    const params = new URLSearchParams(window.location.search);
    return toDeviceQuery({
      search: params.get('search') ?? '',
      filters: Object.fromEntries(DEVICE_FILTER_KEYS.map((key) => [key, params.get(key) ?? undefined])),
    });
  });
  const columns = useMemo(() => deviceColumns(t, { assetAsLink: !isAdmin }), [t, isAdmin]);
  const filterFields = useMemo<FilterField<DeviceFilterKey>[]>(
    () => [
      { name: 'id', label: t('filters.id'), type: 'number' },
      // Spec 000 s.6: the Logical ID filter is the admins'.
      ...(isAdmin ? [{ name: 'logicalId' as const, label: t('filters.logicalId'), type: 'number' as const }] : []),
      {
        name: 'connectivity',
        label: t('filters.connectivity'),
        type: 'select',
        options: [
          { value: '', label: t('filters.any') },
          ...CONNECTIVITY_STATES.map((state) => ({ value: state, label: t(`connectivity.${state}`) })),
        ],
      },
      yesNoField('hasAsset', t('filters.hasAsset'), t),
      yesNoField('batteryLow', t('filters.batteryLow'), t),
      yesNoField('sabotaged', t('filters.sabotaged'), t),
    ],
    [t, isAdmin],
  );
  const filterKeys = useMemo(
    () => (isAdmin ? DEVICE_FILTER_KEYS : DEVICE_FILTER_KEYS.filter((key) => key !== 'logicalId')),
    [isAdmin],
  );

  return (
    <>
      <ListScreen<Device, DeviceFilterKey>
        basePath="/devices"
        search={{ label: t('searchLabel'), delay: SEARCH_DELAY_MS }}
        filterKeys={filterKeys}
        filterFields={filterFields}
        filterSchema={filterSchema}
        useRows={useDeviceRows}
        pageSize={DEVICES_PAGE_SIZE}
        columns={columns}
        create={{ label: tc('addNew'), allowed: hasAny(['ROLE_SUPER_ADMIN']) }}
        // The file holds the list as filtered and sorted on screen (spec 000 s.2), written by an export job.
        exportMenu={{
          path: '/api/devices/export',
          background: true,
          query: ({ search, filters, order }) => toDeviceQuery({ search, filters, sort: order }),
        }}
        loadErrorText={t('listError')}
        // Rows are selected to print their labels (usePrintLabels).
        selection={{
          allLabel: tl('selectAllDevices'),
          rowLabel: (device) => tl('selectDevice', { name: device.name ?? device.dev_eui }),
          actions: (checked) => (
            <>
              {canEdit && bulkEdit.actions(checked)}
              {labels.actions(checked)}
            </>
          ),
          phoneActions: (checked) => [
            ...(canEdit ? bulkEdit.phoneActions(checked) : []),
            ...labels.phoneActions(checked),
          ],
        }}
        renderPanel={(id, close) => <DeviceDrawer deviceId={id} onClose={close} />}
      />
      {labels.dialog}
      {bulkEdit.dialog}
    </>
  );
}
