import type { AssetProfileDefinition } from '@shared/schemas/asset-profile';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, ListScreen } from '../common/list/ListScreen';
import { useProfileDefinitions } from './assetProfilesApi';
import { DefinitionDrawer } from './DefinitionDrawer';

/** The definitions come whole, in one answer: the list has no pages. */
const useDefinitionRows = () => useProfileDefinitions();

/** Spec 000 /asset-profiles: the definitions (ID, Name); a row opens its editor at /asset-profiles/:id. */
export default function AssetProfilesPage() {
  const { t } = useTranslation('assetProfiles');
  const columns = useMemo<Column<AssetProfileDefinition>[]>(
    () => [
      { id: 'id', label: t('columns.id'), width: 64, align: 'right' },
      { id: 'name', label: t('columns.name') },
    ],
    [t],
  );
  return (
    <ListScreen<AssetProfileDefinition, never>
      basePath="/asset-profiles"
      compact
      useRows={useDefinitionRows}
      pageSize={20}
      columns={columns}
      loadErrorText={t('errors.list')}
      renderPanel={(id, close) => <DefinitionDrawer id={id} onClose={close} />}
    />
  );
}
