import type { Asset } from '@shared/schemas/asset';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/apiClient';
import type { ConflictRow } from '../../common/conflict/conflicts';
import { assetConflictRows } from '../assetConflict';
import { assetKeys, assetPath, withListDefaults } from '../assetsApi';
import { type AssetFormValues, formValuesOf } from './assetForm';

interface PendingConflict {
  rows: ConflictRow[];
  /** The asset as saved now: Reload shows it, Overwrite saves over its version. */
  latest: Asset;
  body: Record<string, unknown>;
}

/**
 * The asset form's side of a save that met someone else's (409/412): reads the asset as saved now and keeps
 * what changed since the form's `base` until the person reloads or overwrites (docs/decisions/0242-versions-are-for-people-s-saves-tags-move-no-version.md).
 */
export function useAssetConflict(shown: { staffFields: boolean; profiles: boolean }) {
  const { t } = useTranslation('assets');
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<PendingConflict | null>(null);

  const open = async (base: Asset, values: AssetFormValues, body: Record<string, unknown>) => {
    const latest = withListDefaults(await api.get<Asset>(assetPath(base.id)));
    setPending({ rows: assetConflictRows(t, formValuesOf, base, latest, values, shown), latest, body });
  };

  /** Takes the saved asset into the panel (and the list's cache); answers it for the form to start from. */
  const reload = (): Asset | undefined => {
    if (!pending) return undefined;
    queryClient.setQueryData(assetKeys.one(pending.latest.id), pending.latest);
    void queryClient.invalidateQueries({ queryKey: assetKeys.all });
    setPending(null);
    return pending.latest;
  };

  /** This form's body again, now over the saved version. */
  const overwriteBody = () => (pending ? { ...pending.body, version: pending.latest.version } : undefined);

  return { rows: pending?.rows ?? null, open, reload, overwriteBody, close: () => setPending(null) };
}
