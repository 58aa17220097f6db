import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { CLIENT_ASSET_SORT_FIELDS, DEFAULT_ASSET_ORDER } from '@shared/schemas/asset';
import { SETTING_NAMES } from '@shared/schemas/settings';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { ConfirmDialog } from '../common/list/ConfirmDialog';
import { PhoneActionMenu } from '../common/list/PhoneActionMenu';
import { useListLoadError } from '../common/list/useListLoadError';
import { notifySuccess } from '../common/notifications/notificationStore';
import { useSession } from '../session/useSession';
import { AssetFilterDrawer } from './AssetFilterDrawer';
import { AssetListToolbar } from './AssetListToolbar';
import { AssetTable } from './AssetTable';
import { visibleColumns } from './assetColumns';
import { ASSET_FILTER_KEYS, toApiFilters } from './assetFilters';
import { ASSET_PAGE_SIZE, useAssetList, useFrontendSetting } from './assetsApi';
import { useUrlListState } from './list/useUrlListState';
import { AssetPanel } from './panel/AssetPanel';
import { useDeleteAssets } from './useAssetMutations';
import { useRowSelection } from './useRowSelection';

const stringList = (data: unknown): string[] =>
  Array.isArray(data) ? data.filter((v): v is string => typeof v === 'string') : [];
const stringRecord = (data: unknown): Record<string, string> =>
  data && typeof data === 'object' && !Array.isArray(data)
    ? Object.fromEntries(Object.entries(data).filter(([, v]) => typeof v === 'string'))
    : {};

/** /assets and /assets/:id (spec 000 s.2): the list, with the asset panel beside it when an id is in the path. */
export default function AssetsPage() {
  const { t } = useTranslation('assets');
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const navigate = useNavigate();
  const { id: idParam } = useParams();
  const { isClient, hasAny } = useSession();
  const list = useUrlListState(ASSET_FILTER_KEYS, DEFAULT_ASSET_ORDER);
  const [filterOpen, setFilterOpen] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);

  const query = useMemo(
    () => ({
      page: list.page + 1,
      itemsPerPage: ASSET_PAGE_SIZE,
      // Client users may sort by visible columns only; their default order is the server's.
      ...(isClient && !(CLIENT_ASSET_SORT_FIELDS as readonly string[]).includes(list.sort.field)
        ? {}
        : { [`order[${list.sort.field}]`]: list.sort.direction }),
      ...toApiFilters(list.filters),
    }),
    [list.page, list.sort, list.filters, isClient],
  );
  const assets = useAssetList(query);
  useListLoadError(assets.isError);
  const members = assets.data?.['hydra:member'] ?? [];
  const hiddenSetting = useFrontendSetting(SETTING_NAMES.assetTableHiddenColumns);
  const namesSetting = useFrontendSetting(SETTING_NAMES.assetTableColumnNames);
  const columns = visibleColumns(isClient, stringList(hiddenSetting.data));

  const pageIds = useMemo(() => members.map((a) => a.id), [members]);
  const { selection, clear } = useRowSelection(pageIds, JSON.stringify(query));
  const canSelect = !isClient && hasAny(['ASSET_DELETE']);
  const canCreate = !isClient && hasAny(['ASSET_CREATE']);
  const deleteAssets = useDeleteAssets();

  const openId = idParam && /^\d+$/.test(idParam) ? Number(idParam) : null;
  const panelOpen = idParam !== undefined;
  const open = (id: number | 'new') => navigate({ pathname: `/assets/${id}`, search: list.search });
  const close = () => navigate({ pathname: '/assets', search: list.search });

  const removeSelected = () =>
    deleteAssets.mutate([...selection.selected], {
      onSuccess: () => notifySuccess(t('notices.deleted', { count: selection.selected.size })),
      onSettled: () => {
        setConfirmDelete(false);
        clear();
      },
    });

  return (
    <Box sx={{ pb: isPhone ? 10 : 0 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('title')}
      </Typography>
      <AssetListToolbar
        search={list.filters.search ?? ''}
        onSearch={(search) => list.setFilters({ ...list.filters, search })}
        activeFilters={isClient ? null : Object.keys(list.filters).filter((k) => k !== 'search').length}
        onOpenFilter={() => setFilterOpen(true)}
        selectedCount={selection.selected.size}
        canDelete={canSelect}
        canCreate={canCreate}
        compact={isPhone}
        onDelete={() => setConfirmDelete(true)}
        onAdd={() => open('new')}
      />
      <AssetTable
        assets={members}
        total={assets.data?.['hydra:totalItems'] ?? 0}
        totalExact={assets.data?.totalExact}
        loading={assets.isPending}
        updating={assets.isPlaceholderData}
        columns={columns}
        columnNames={stringRecord(namesSetting.data)}
        sort={list.sort}
        onSort={list.setSort}
        page={list.page}
        onPage={list.setPage}
        selection={canSelect ? selection : null}
        openId={openId}
        onOpen={open}
      />
      {isPhone && (canCreate || canSelect) && (
        <PhoneActionMenu
          label={t('actions.menu')}
          icon={<MoreVertIcon />}
          actions={[
            ...(canSelect
              ? [
                  {
                    icon: <DeleteIcon />,
                    label: t('actions.deleteSelected', { count: selection.selected.size }),
                    onClick: () => setConfirmDelete(true),
                    disabled: selection.selected.size === 0,
                  },
                ]
              : []),
            ...(canCreate ? [{ icon: <AddIcon />, label: t('words.addNew'), onClick: () => open('new') }] : []),
          ]}
        />
      )}
      {!isClient && (
        <AssetFilterDrawer
          open={filterOpen}
          value={list.filters}
          onApply={list.setFilters}
          onClose={() => setFilterOpen(false)}
        />
      )}
      <ConfirmDialog
        open={confirmDelete}
        message={t('confirm.deleteSelected', { count: selection.selected.size })}
        busy={deleteAssets.isPending}
        onYes={removeSelected}
        onNo={() => setConfirmDelete(false)}
      />
      {panelOpen && <AssetPanel key={idParam} assetId={openId} isNew={idParam === 'new'} onClose={close} />}
    </Box>
  );
}
