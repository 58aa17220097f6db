import Typography from '@mui/material/Typography';
import type { AssetProfileDefinition } from '@shared/schemas/asset-profile';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, PagedTable } from '../common/list/PagedTable';
import { useListLoadError } from '../common/list/useListLoadError';
import { useListParams } from '../common/list/useListParams';
import { usePageTitle } from '../common/pageHandle';
import { useProfileDefinitions } from './assetProfilesApi';
import { DefinitionDrawer } from './DefinitionDrawer';

const NO_FILTERS = [] as const;

/** Spec 000 /asset-profiles: the definitions (ID, Name); a row opens its editor at /asset-profiles/:id. */
export default function AssetProfilesPage() {
  const { t } = useTranslation('assetProfiles');
  const title = usePageTitle();
  const list = useListParams({ filterKeys: NO_FILTERS, basePath: '/asset-profiles' });
  const definitions = useProfileDefinitions();
  const rows = definitions.data?.['hydra:member'];
  const open = rows?.find((definition) => definition.id === Number(list.panelId));
  const { closePanel } = list;
  const close = useCallback(() => closePanel(), [closePanel]);

  useListLoadError(definitions.isError, t('errors.list'));

  const columns = useMemo<Column<AssetProfileDefinition>[]>(
    () => [
      { id: 'id', label: t('columns.id'), width: 64 },
      { id: 'name', label: t('columns.name') },
    ],
    [t],
  );

  return (
    <>
      <Typography variant="h5" component="h1" gutterBottom>
        {title}
      </Typography>
      <PagedTable
        label={title}
        columns={columns}
        rows={rows ?? (definitions.isError ? [] : undefined)}
        rowId={(definition) => definition.id}
        total={definitions.data?.['hydra:totalItems'] ?? 0}
        page={1}
        pageSize={Math.max(20, rows?.length ?? 0)}
        loading={definitions.isPending}
        onPageChange={() => undefined}
        onRowClick={(definition) => list.openPanel(definition.id)}
        activeId={open?.id}
      />
      {open && <DefinitionDrawer key={`${open.id}-${open.version}`} definition={open} onClose={close} />}
    </>
  );
}
