import MoreVertIcon from '@mui/icons-material/MoreVert';
import { type Asset, CLIENT_ASSET_SORT_FIELDS, DEFAULT_ASSET_ORDER } from '@shared/schemas/asset';
import { SETTING_NAMES } from '@shared/schemas/settings';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useBulkEdit } from '../bulk-edit/useBulkEdit';
import { type ListOrder, type ListRowsParams, ListScreen, type PanelId, parsePanelId } from '../common/list/ListScreen';
import { notify } from '../common/notifications/notificationStore';
import { usePrintLabels } from '../labels/usePrintLabels';
import { useSession } from '../session/useSession';
import { AssetFilter } from './AssetFilterDrawer';
import { assetTableColumns, visibleColumns } from './assetColumns';
import { ASSET_FILTER_KEYS, type AssetFilterKey, toApiFilters } from './assetFilters';
import { ASSET_PAGE_SIZE, useAssetList, useFrontendSetting } from './assetsApi';
import { AssetImportButton } from './import/AssetImportButton';
import { AssetPanel } from './panel/AssetPanel';
import { useBulkDelete } from './useBulkDelete';

/** Spec 000 s.9: the asset search waits for 300 ms of quiet. */
const SEARCH_DELAY_MS = 300;

/**
 * A path id that is no asset's (/assets/abc) still opens the panel, which says the asset was not found, as
 * a link to a deleted asset does; 0 is no asset's id.
 */
const NOT_AN_ASSET = 0;
const parseAssetId = (raw: string | undefined): PanelId | undefined =>
  parsePanelId(raw) ?? (raw ? NOT_AN_ASSET : undefined);

const stringList = (data: unknown): string[] =>
  Array.isArray(data) ? data.filter((v): v is string => typeof v === 'string') : [];
const stringRecord = (data: unknown): Record<string, string> =>
  data && typeof data === 'object' && !Array.isArray(data)
    ? Object.fromEntries(Object.entries(data).filter(([, v]) => typeof v === 'string'))
    : {};

/** The API's `order[<field>]`; client users may sort by their visible columns only, else the server's order. */
function orderQuery(order: ListOrder | undefined, isClient: boolean) {
  const { field, direction } = order ?? DEFAULT_ASSET_ORDER;
  if (isClient && !(CLIENT_ASSET_SORT_FIELDS as readonly string[]).includes(field)) return {};
  return { [`order[${field}]`]: direction };
}

function useAssetRows({ page, filters, order }: ListRowsParams<AssetFilterKey>) {
  const { isClient } = useSession();
  return useAssetList({
    page,
    itemsPerPage: ASSET_PAGE_SIZE,
    ...orderQuery(order, isClient),
    ...toApiFilters(filters),
  });
}

/** /assets and /assets/:id (spec 000 s.2): the list, with the asset panel beside it when an id is in the path. */
export default function AssetsPage() {
  const { t } = useTranslation('assets');
  const { isClient, hasAny } = useSession();
  const hiddenSetting = useFrontendSetting(SETTING_NAMES.assetTableHiddenColumns);
  const namesSetting = useFrontendSetting(SETTING_NAMES.assetTableColumnNames);
  const shown = useMemo(() => visibleColumns(isClient, stringList(hiddenSetting.data)), [isClient, hiddenSetting.data]);
  const columns = useMemo(
    () => assetTableColumns(shown, stringRecord(namesSetting.data), t),
    [shown, namesSetting.data, t],
  );
  // Staff select rows to print their labels, and to delete them with ASSET_DELETE.
  const canSelect = !isClient;
  const canDelete = canSelect && hasAny(['ASSET_DELETE']);
  const bulkDelete = useBulkDelete();
  const labels = usePrintLabels('/api/assets/labels');
  // Staff who may edit an asset edit the selection, or every asset the search and filter match, in one job.
  const canEdit = canSelect && hasAny(['ASSET_EDIT', 'ASSET_CREATE']);
  // The list's search and filter as the address holds them when the edit is applied (read then, not watched).
  const bulkEdit = useBulkEdit('assets', () => {
    const params = new URLSearchParams(window.location.search);
    return toApiFilters(Object.fromEntries(ASSET_FILTER_KEYS.map((key) => [key, params.get(key) ?? undefined])));
  });

  return (
    <>
      <ListScreen<Asset, AssetFilterKey>
        basePath="/assets"
        parseId={parseAssetId}
        title={t('title')}
        search={{ delay: SEARCH_DELAY_MS }}
        filterKeys={ASSET_FILTER_KEYS}
        renderFilter={isClient ? undefined : ({ values, apply }) => <AssetFilter values={values} apply={apply} />}
        useRows={useAssetRows}
        pageSize={ASSET_PAGE_SIZE}
        columns={columns}
        defaultOrder={DEFAULT_ASSET_ORDER}
        orderParam="sort"
        noWrap
        skeletonTestId="placeholder-row"
        // The file is the list as on screen: its filters and sort and the columns this user sees (the server
        // renames and translates the headers). A background job: a 100k-asset file takes minutes.
        exportMenu={{
          path: '/api/assets/export',
          background: true,
          query: ({ filters, order }) => {
            const { field, direction } = order ?? DEFAULT_ASSET_ORDER;
            return { ...toApiFilters(filters), [`order[${field}]`]: direction };
          },
          columns: () => shown.map((column) => column.id),
        }}
        selection={
          canSelect
            ? {
                allLabel: t('actions.selectAll'),
                rowLabel: (asset) => t('actions.selectRow', { name: asset.name }),
                onToggleAll: (checked, n) =>
                  notify(t(checked ? 'notices.selectedAll' : 'notices.unselectedAll', { n })),
                actions: (checked) => (
                  <>
                    {canEdit && bulkEdit.actions(checked)}
                    {labels.actions(checked)}
                    {canDelete && bulkDelete.actions(checked)}
                  </>
                ),
                phoneActions: (checked) => [
                  ...(canEdit ? bulkEdit.phoneActions(checked) : []),
                  ...labels.phoneActions(checked),
                  ...(canDelete ? bulkDelete.phoneActions(checked) : []),
                ],
              }
            : undefined
        }
        toolbar={!isClient && hasAny(['ASSET_EDIT']) ? <AssetImportButton /> : undefined}
        create={{ label: t('words.addNew'), allowed: !isClient && hasAny(['ASSET_CREATE']) }}
        phoneMenu={{ label: t('actions.menu'), icon: <MoreVertIcon /> }}
        // Search, Filter, Export, Delete selected and Add new do not fit a tablet's width on one line.
        phoneBelow="md"
        renderPanel={(id, close) => (
          <AssetPanel assetId={id === 'new' || id === NOT_AN_ASSET ? null : id} isNew={id === 'new'} onClose={close} />
        )}
      />
      {bulkDelete.dialog}
      {labels.dialog}
      {bulkEdit.dialog}
    </>
  );
}
