import Button from '@mui/material/Button';
import {
  type AssetProfileDefinition,
  type AssetProfileDefinitionEntry,
  assetProfileDefinitionUpdateInputSchema,
} from '@shared/schemas/asset-profile';
import { useTranslation } from 'react-i18next';
import { ConflictDialog } from '../common/conflict/ConflictDialog';
import type { PanelId } from '../common/list/ListScreen';
import { SideDrawer } from '../common/list/SideDrawer';
import { usePanelForm } from '../common/list/usePanelForm';
import { useSession } from '../session/useSession';
import { useProfileDefinitions, useSaveDefinition } from './assetProfilesApi';
import type { CatalogueItem } from './CatalogueDialog';
import { CatalogueTable } from './CatalogueTable';
import { type DefinitionFormValues, definitionConflictRows } from './definitionConflict';
import { EditableList } from './EditableList';

type Entry = AssetProfileDefinitionEntry;

const EMPTY: DefinitionFormValues = { name: '', type: '', definitions: [] };
// The entries are edited through their own dialogs and lists: a violation on them is a notice.
const FORM_FIELDS = new Set<string>();
const toFormValues = (definition: AssetProfileDefinition): DefinitionFormValues => ({
  name: definition.name,
  type: definition.type,
  definitions: definition.definitions,
  version: definition.version,
});
const definitionOf = (definitions: { 'hydra:member': AssetProfileDefinition[] } | undefined, id: PanelId) =>
  definitions?.['hydra:member'].find((d) => d.id === id);

/**
 * The definition editor (spec 000 /asset-profiles): cable reel types and cable types with add / edit / delete
 * dialogs, and the editable lists. Changes stay local until Save, which needs ASSET_PROFILE_EDIT. It shows once
 * the list has the definition the path names.
 */
export function DefinitionDrawer({ id, onClose }: { id: PanelId; onClose(): void }) {
  const { t } = useTranslation('assetProfiles');
  const { t: tc } = useTranslation('common');
  const { hasAny } = useSession();
  const editable = hasAny(['ASSET_PROFILE_EDIT']);
  const definitions = useProfileDefinitions();
  const definition = definitionOf(definitions.data, id);
  const save = useSaveDefinition();
  const labelOf = (entry: Entry) =>
    entry.type === 'cable_reels' || entry.type === 'cables'
      ? t(`sections.${entry.type}`)
      : entry.name === 'cable_length'
        ? t('labels.cable_length')
        : t('sections.list', { name: entry.name });
  const { form, submit, conflictDialog } = usePanelForm({
    schema: assetProfileDefinitionUpdateInputSchema,
    // The entries go as edited: the API assigns a new catalogue item its id.
    raw: true,
    empty: EMPTY,
    entity: definition,
    failed: false,
    toFormValues,
    fields: FORM_FIELDS,
    conflict: {
      reread: () => definitions.refetch().then((read) => definitionOf(read.data, id)),
      rows: definitionConflictRows(labelOf),
    },
    onClose,
  });
  const entries = form.watch('definitions');
  const replace = (index: number, value: unknown[]) =>
    form.setValue(
      'definitions',
      entries.map((entry, i) => (i === index ? ({ ...entry, value } as Entry) : entry)),
      { shouldDirty: true },
    );

  const onSubmit = submit(async (values) => {
    if (!definition) return t('notices.definitionSaved');
    await save.mutateAsync({ id: definition.id, body: { ...values, version: values.version ?? definition.version } });
    return t('notices.definitionSaved');
  });

  if (!definition) return null;
  return (
    <SideDrawer
      open
      title={t('drawer.title', { name: definition.name })}
      onClose={onClose}
      actions={
        editable && (
          <Button variant="contained" onClick={onSubmit} loading={save.isPending}>
            {tc('save')}
          </Button>
        )
      }
    >
      {/* No form element: the item dialogs' own forms and the lists' Enter must not save the definition. */}
      {entries.map((entry, index) =>
        entry.type === 'cable_reels' || entry.type === 'cables' ? (
          <CatalogueTable
            key={entry.name}
            kind={entry.type}
            items={entry.value as CatalogueItem[]}
            editable={editable}
            onChange={(items) => replace(index, items)}
          />
        ) : (
          <EditableList
            key={entry.name}
            label={labelOf(entry)}
            numeric={entry.type === 'number[]'}
            items={entry.value}
            editable={editable}
            onChange={(items) => replace(index, items)}
          />
        ),
      )}
      <ConflictDialog {...conflictDialog} />
    </SideDrawer>
  );
}
