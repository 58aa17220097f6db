import type { AssetProfileDefinition } from '@shared/schemas/asset-profile';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, ListScreen, type PanelId } from '../common/list/ListScreen';
import { useProfileDefinitions } from './assetProfilesApi';
import { DefinitionDrawer } from './DefinitionDrawer';

/** The definitions come whole, in one answer: the list has no pages. */
const useDefinitionRows = () => useProfileDefinitions();

/** The editor of the definition the path names, once the list has it; a saved version starts it afresh. */
function DefinitionPanel({ id, onClose }: { id: PanelId; onClose(): void }) {
  const definition = useProfileDefinitions().data?.['hydra:member'].find((d) => d.id === id);
  return definition ? <DefinitionDrawer key={definition.version} definition={definition} onClose={onClose} /> : null;
}

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
      renderPanel={(id, close) => <DefinitionPanel id={id} onClose={close} />}
    />
  );
}
