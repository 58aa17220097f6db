import type { Asset } from '@shared/schemas/asset';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api/apiClient';
import { assetKeys, assetPath, useAsset } from '../assets/assetsApi';
import { ConflictDialog } from '../common/conflict/ConflictDialog';
import type { ConflictRow } from '../common/conflict/conflicts';
import type { QueuedAction } from './offlineDb';
import { dropAction, redoAction } from './offlineQueue';

/** The fields of an asset a report's conflict compares: what the user saw beside what is saved now. */
const FIELDS = ['name', 'client', 'status'] as const;
const REPORTED_STATUS: Record<string, string> = {
  'assets.delivered': 'send_delivered',
  'assets.deregister': 'send_deregistered',
};

/** What the action sets a field to: as it says (`made`), a report's status, else the field as the user saw it. */
const yoursOf = (action: QueuedAction, field: string) =>
  action.made?.[field] ??
  (field === 'status' ? (REPORTED_STATUS[action.route] ?? action.seen[field] ?? '') : (action.seen[field] ?? ''));

const fieldsOf = (asset: Asset): Record<string, string> => ({
  name: asset.name,
  client: asset.client?.company ?? '',
  status: asset.status?.status ?? '',
});

/**
 * A queued action met a change made meanwhile (409): the shared conflict dialog, with what changed since the
 * user acted. Reload drops the action and shows the asset as it is; Overwrite makes the action again on the
 * asset's new version and sends it. Closing keeps it waiting (the queue stays stopped until the choice).
 */
export function QueuedConflictDialog({ action, onClose }: { action: QueuedAction | null; onClose: () => void }) {
  const { t } = useTranslation('assets');
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const current = useAsset(action?.assetId ?? null).data;
  const statusText = (status: string) => (status ? t(`status.${status}` as 'status.registered') : '');
  const show = (field: string, value: string) => (field === 'status' ? statusText(value) : value);
  const theirs = current ? fieldsOf(current) : null;
  const rows: ConflictRow[] | null =
    action === null
      ? null
      : FIELDS.filter((field) => theirs && theirs[field] !== (action.seen[field] ?? '')).map((field) => ({
          field,
          label: t(`fields.${field}`),
          theirs: show(field, theirs?.[field] ?? ''),
          yours: show(field, yoursOf(action, field)),
        }));
  const refresh = () => queryClient.invalidateQueries({ queryKey: assetKeys.all });
  const choose = async (choice: () => Promise<void>) => {
    setBusy(true);
    try {
      await choice();
      onClose();
    } finally {
      setBusy(false);
      void refresh();
    }
  };
  const reload = () => action && choose(() => dropAction(action.id));
  const overwrite = () =>
    action?.assetId != null &&
    choose(async () => {
      const latest = await api.get<Asset>(assetPath(action.assetId as number));
      // An update carries the asset's name (required): taken as it is now, so only the action's own fields win.
      await redoAction(action.id, latest.version, action.route === 'assets.update' ? { name: latest.name } : {});
    });
  return <ConflictDialog rows={rows} onReload={reload} onOverwrite={overwrite} onClose={onClose} busy={busy} />;
}
