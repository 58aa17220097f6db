import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { isStaff } from '@shared/permissions';
import type { Asset } from '@shared/schemas/asset';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/ApiError';
import { ProfileBlock } from '../../asset-profiles/ProfileBlock';
import { AuditHistoryLink } from '../../audit/AuditHistoryLink';
import { ConflictDialog } from '../../common/conflict/ConflictDialog';
import { isConflict } from '../../common/conflict/conflicts';
import { ConfirmDialog } from '../../common/list/ConfirmDialog';
import { useConfirmation } from '../../common/list/useConfirmation';
import { notifySuccess } from '../../common/notifications/notificationStore';
import { useSession } from '../../session/useSession';
import { ShareLinkButton } from '../../share-links/ShareLinkButton';
import { useAssetAction, useDeleteAssets, useSaveAsset } from '../useAssetMutations';
import { AssetDetailsView } from './AssetDetailsView';
import { AssetForm } from './AssetForm';
import { AssetReportActions } from './AssetReportActions';
import { type AssetFormValues, assetFormResolver, bodyFor, formValuesOf } from './assetForm';
import { useAssetConflict } from './useAssetConflict';

interface AssetDetailsProps {
  /** undefined for a new asset. */
  asset: Asset | undefined;
  onCreated: (asset: Asset) => void;
  onDeleted: () => void;
}

/** Details tab: view mode for an existing asset, edit mode for a new one; a successful save ends editing. */
export function AssetDetails({ asset, onCreated, onDeleted }: AssetDetailsProps) {
  const { t } = useTranslation('assets');
  const { user, isClient, hasAny } = useSession();
  const [editing, setEditing] = useState(asset === undefined);
  const confirmation = useConfirmation<'delete' | 'resetDays'>();
  const save = useSaveAsset();
  const remove = useDeleteAssets();
  const resetDays = useAssetAction('days-outside-geo-zone/reset');
  const form = useForm<AssetFormValues, unknown, Record<string, unknown>>({
    resolver: assetFormResolver(asset),
    defaultValues: formValuesOf(asset),
  });
  const shown = {
    staffFields: !isClient,
    profiles: !isClient && hasAny(['ASSET_PROFILE_READ']) && hasAny(['ASSET_PROFILE_EDIT']),
  };
  const canEdit = asset ? hasAny(['ASSET_EDIT']) : hasAny(['ASSET_CREATE']);
  const canDelete = !!asset && !!user && isStaff(user.roles) && hasAny(['ASSET_DELETE', 'ASSET_EDIT']);
  const canResetDays = !!asset && !isClient && hasAny(['RESET_LOAN_DAYS']);

  // The asset as the form started from it (Edit, or Reload after a conflict): what "someone else changed" is against.
  const base = useRef(asset);
  const conflict = useAssetConflict(shown);
  const startEditing = (from: Asset | undefined) => {
    base.current = from;
    form.reset(formValuesOf(from));
    setEditing(true);
  };

  const send = (body: Record<string, unknown>, values: AssetFormValues) =>
    save.mutate(
      { id: asset?.id ?? null, body },
      {
        onSuccess: (saved) => {
          setEditing(false);
          form.reset(formValuesOf(saved));
          if (!asset) onCreated(saved);
        },
        onError: (error) => {
          if (isConflict(error) && base.current) return void conflict.open(base.current, values, body);
          if (!isApiError(error)) return;
          for (const v of error.violations) {
            form.setError((v.propertyPath || 'root') as keyof AssetFormValues, { message: v.message });
          }
        },
      },
    );
  // The status goes only when the user changed it from what the form started with (bodyFor).
  const submit = form.handleSubmit((values) => {
    const statusChanged = !base.current || form.getValues('status') !== formValuesOf(base.current).status;
    send(bodyFor(values, shown, statusChanged), values as unknown as AssetFormValues);
  });

  const confirm = () => {
    if (!asset) return;
    if (confirmation.asked === 'delete') {
      remove.mutate([asset.id], {
        onSuccess: () => {
          notifySuccess(t('notices.deletedOne'));
          onDeleted();
        },
        onSettled: confirmation.close,
      });
    } else resetDays.mutate(asset.id, { onSettled: confirmation.close });
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={t('panel.details')}>
      {editing || !asset ? (
        <AssetForm form={form} {...shown} />
      ) : (
        <AssetDetailsView
          asset={asset}
          {...shown}
          onResetDays={canResetDays ? () => confirmation.ask('resetDays') : null}
        />
      )}
      {asset && !editing && <AssetReportActions asset={asset} />}
      {asset && !editing && <AuditHistoryLink entityType="assets" entityId={asset.id} />}
      {asset && <ProfileBlock asset={asset} />}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'flex-end', mt: 3 }}>
        {canDelete && !editing && (
          <Button color="error" variant="outlined" onClick={() => confirmation.ask('delete')} sx={{ mr: 'auto' }}>
            {t('words.delete')}
          </Button>
        )}
        {editing && asset && (
          <Button
            onClick={() => {
              form.reset(formValuesOf(asset));
              setEditing(false);
            }}
          >
            {t('panel.cancel')}
          </Button>
        )}
        {editing && (
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {t('words.save')}
          </Button>
        )}
        {!editing && asset && (
          <ShareLinkButton subject={{ kind: 'asset', id: asset.id, name: asset.name ?? `#${asset.id}` }} />
        )}
        {!editing && canEdit && (
          <Button key="edit" variant="contained" onClick={() => startEditing(asset)}>
            {t('words.edit')}
          </Button>
        )}
      </Box>
      <ConfirmDialog
        open={confirmation.asked !== null}
        message={
          confirmation.shown === 'delete' ? t('confirm.deleteOne', { name: asset?.name }) : t('confirm.resetDays')
        }
        busy={remove.isPending || resetDays.isPending}
        onYes={confirm}
        onNo={confirmation.close}
      />
      <ConflictDialog
        rows={conflict.rows}
        busy={save.isPending}
        onClose={conflict.close}
        onReload={() => startEditing(conflict.reload())}
        onOverwrite={() => {
          const body = conflict.overwriteBody();
          if (body) send(body, form.getValues());
          conflict.close();
        }}
      />
    </Box>
  );
}
