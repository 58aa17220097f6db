import Button from '@mui/material/Button';
import type { AssetProfileDefinition, AssetProfileDefinitionEntry } from '@shared/schemas/asset-profile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/ApiError';
import { errorMessage } from '../api/errorMessage';
import { SideDrawer } from '../common/list/SideDrawer';
import { notifyError, notifySuccess } from '../common/notifications/notificationStore';
import { translateMessage } from '../i18n/translateMessage';
import { useSession } from '../session/useSession';
import { useSaveDefinition } from './assetProfilesApi';
import type { CatalogueItem } from './CatalogueDialog';
import { CatalogueTable } from './CatalogueTable';
import { EditableList } from './EditableList';

type Entry = AssetProfileDefinitionEntry;

/**
 * The definition editor (spec 000 /asset-profiles): cable reel types and cable types with add / edit / delete
 * dialogs, and the editable lists. Changes stay local until Save, which needs ASSET_PROFILE_EDIT.
 */
export function DefinitionDrawer({ definition, onClose }: { definition: AssetProfileDefinition; onClose(): void }) {
  const { t } = useTranslation('assetProfiles');
  const { t: tc } = useTranslation('common');
  const { hasAny } = useSession();
  const editable = hasAny(['ASSET_PROFILE_EDIT']);
  const [entries, setEntries] = useState<Entry[]>(definition.definitions);
  const save = useSaveDefinition();
  const replace = (index: number, value: unknown[]) =>
    setEntries((all) => all.map((entry, i) => (i === index ? ({ ...entry, value } as Entry) : entry)));

  const onSave = () =>
    save.mutate(
      {
        id: definition.id,
        body: { name: definition.name, type: definition.type, definitions: entries, version: definition.version },
      },
      {
        onSuccess: () => {
          notifySuccess(t('notices.definitionSaved'));
          onClose();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.violations.length > 0) {
            for (const violation of error.violations) notifyError(translateMessage(violation.message));
          } else notifyError(errorMessage(error));
        },
      },
    );

  return (
    <SideDrawer
      open
      title={t('drawer.title', { name: definition.name })}
      onClose={onClose}
      actions={
        editable && (
          <Button variant="contained" onClick={onSave} loading={save.isPending}>
            {tc('save')}
          </Button>
        )
      }
    >
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
            label={entry.name === 'cable_length' ? t('labels.cable_length') : t('sections.list', { name: entry.name })}
            numeric={entry.type === 'number[]'}
            items={entry.value}
            editable={editable}
            onChange={(items) => replace(index, items)}
          />
        ),
      )}
    </SideDrawer>
  );
}
