import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Asset } from '@shared/schemas/asset';
import type { AssetProfileDefinition } from '@shared/schemas/asset-profile';
import { type ReactNode, useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ConflictDialog } from '../common/conflict/ConflictDialog';
import { conflictRowsOf, conflictText } from '../common/conflict/conflicts';
import { ConfirmDialog } from '../common/list/ConfirmDialog';
import { useConfirmation } from '../common/list/useConfirmation';
import { usePanelForm } from '../common/list/usePanelForm';
import { notifySuccess } from '../common/notifications/notificationStore';
import { useSession } from '../session/useSession';
import { useAssetProfile, useProfileDefinitions, useSaveAssetProfile } from './assetProfilesApi';
import type { CatalogueItem } from './CatalogueDialog';
import {
  CABLE_REEL_FIELDS,
  type CableReelValues,
  cableReelResolver,
  EMPTY_CABLE_REEL,
  toCableReelForm,
  valueIn,
} from './cableReelForm';

const catalogue = (definition: AssetProfileDefinition | undefined, type: 'cable_reels' | 'cables') =>
  (definition?.definitions.find((entry) => entry.type === type)?.value ?? []) as CatalogueItem[];
const lengthOptions = (definition: AssetProfileDefinition | undefined) =>
  (definition?.definitions.find((entry) => entry.name === 'cable_length')?.value ?? []).map(String);

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '190px 1fr' }, gap: { xs: 0, sm: 2 }, py: 0.5 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body2" component="div">
        {children === null || children === '' ? '—' : children}
      </Typography>
    </Box>
  );
}

/** The asset's profile block (spec 000 s.2): every profile the asset holds, one cable reel editor each. */
export function ProfileBlock({ asset }: { asset: Asset }) {
  const uris = asset.asset_profile_relations ?? [];
  if (uris.length === 0) return null;
  return (
    <>
      {uris.map((uri) => (
        <CableReelProfile key={uri} uri={uri} />
      ))}
    </>
  );
}

function CableReelProfile({ uri }: { uri: string }) {
  const { t } = useTranslation('assetProfiles');
  const { t: tc } = useTranslation('common');
  const { isClient, hasAny } = useSession();
  const profile = useAssetProfile(uri);
  // Definitions need ASSET_PROFILE_READ; without it the block shows the lengths only.
  const canReadDefinitions = hasAny(['ASSET_PROFILE_READ', 'ASSET_PROFILE_EDIT']);
  const definitions = useProfileDefinitions(canReadDefinitions);
  const save = useSaveAssetProfile(uri);
  const [editing, setEditing] = useState(false);
  const confirmation = useConfirmation<'save' | 'reset'>();
  const current = profile.data;
  const definition = definitions.data?.['hydra:member'].find((d) => d.name === current?.name);
  const reels = catalogue(definition, 'cable_reels');
  const cables = catalogue(definition, 'cables');
  const nameOf = (field: string, value: unknown) =>
    (field === 'cable_reel' ? reels : field === 'cable' ? cables : []).find((item) => String(item.id) === value)
      ?.name ?? conflictText(value);
  const { form, submit, fieldError, showViolations, conflictDialog } = usePanelForm({
    resolver: cableReelResolver,
    empty: EMPTY_CABLE_REEL,
    entity: current,
    failed: false,
    toFormValues: toCableReelForm,
    fields: CABLE_REEL_FIELDS,
    conflict: {
      reread: () => profile.refetch().then((read) => read.data),
      rows: conflictRowsOf<CableReelValues>(
        {
          cable_reel: t('labels.cable_reel'),
          cable: t('labels.cable'),
          cable_length: t('labels.cable_length'),
        },
        nameOf,
      ),
    },
    // The block leaves editing itself after a save; the form then follows the saved profile.
    stayOpen: true,
    onClose: () => setEditing(false),
  });
  if (!current) return null;

  const reel = reels.find((r) => r.id === valueIn(current, 'cable_reel'));
  const cable = cables.find((c) => c.id === valueIn(current, 'cable'));
  const residual = valueIn(current, 'residual_length');
  const canEdit = !isClient && hasAny(['ASSET_PROFILE_EDIT', 'ASSET_EDIT']);
  const canReset = canEdit && hasAny(['CABLE_REEL_RESET']);

  /** Editing starts from the profile as stored, and Cancel drops the edits. */
  const edit = (on: boolean) => {
    form.reset(toCableReelForm(current));
    setEditing(on);
  };

  const onSave = submit(async (payload) => {
    await save.mutateAsync(payload);
    setEditing(false);
    return t('notices.saved');
  });

  /** Reset sends the stored values again with the reset flag: no edits of the form, so no conflict to weigh. */
  const onReset = () =>
    save.mutate(
      { data: current.data, version: current.version, reset_residual_length: true },
      {
        onSuccess: () => notifySuccess(t('notices.saved')),
        onError: showViolations,
        onSettled: confirmation.close,
      },
    );

  const select = (name: 'cable_reel' | 'cable', items: CatalogueItem[]) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <TextField
          select
          fullWidth
          size="small"
          label={t(`labels.${name}`)}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          {...fieldError(name)}
        >
          <MenuItem value="">
            <em>{t('profile.none')}</em>
          </MenuItem>
          {items.map((item) => (
            <MenuItem key={item.id} value={String(item.id)}>
              {item.name}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );

  return (
    <Box component="section" aria-label={t('profile.title')} sx={{ mt: 2 }}>
      <Divider sx={{ mb: 1 }} />
      <Typography variant="subtitle1" component="h3">
        {t('profile.title')}: {current.name}
      </Typography>
      {editing ? (
        // The block sits inside the asset's form: Enter here must not submit that form.
        <Stack spacing={2} sx={{ mt: 1.5 }} onKeyDown={(event) => event.key === 'Enter' && event.preventDefault()}>
          {select('cable_reel', reels)}
          {select('cable', cables)}
          <Controller
            control={form.control}
            name="cable_length"
            render={({ field }) => (
              <Autocomplete
                freeSolo
                options={lengthOptions(definition)}
                inputValue={field.value}
                onInputChange={(_, value) => field.onChange(value)}
                renderInput={(params) => (
                  <TextField
                    {...params}
                    size="small"
                    label={t('labels.cable_length')}
                    {...fieldError('cable_length')}
                  />
                )}
              />
            )}
          />
        </Stack>
      ) : (
        <Box sx={{ mt: 1 }}>
          {canReadDefinitions && (
            <Row label={t('labels.cable_reel')}>
              {reel
                ? `${reel.name} (${t('labels.width')} ${reel.data.width}, ${t('labels.diameterMin')} ${reel.data.diameterMin}, ${t('labels.diameterMax')} ${reel.data.diameterMax})`
                : null}
            </Row>
          )}
          {canReadDefinitions && (
            <Row label={t('labels.cable')}>
              {cable
                ? `${cable.name}: ${cable.data.description} (${t('labels.diameter')} ${cable.data.diameter})`
                : null}
            </Row>
          )}
          <Row label={t('labels.cable_length')}>{valueIn(current, 'cable_length') as string | number | null}</Row>
        </Box>
      )}
      <Box sx={{ mt: editing ? 1.5 : 0 }}>
        <Row label={t('labels.residual_length')}>
          {residual === null ? null : t('profile.metres', { value: residual })}
        </Row>
      </Box>
      {canEdit && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'flex-end', mt: 1 }}>
          {editing && canReset && (
            <Button color="warning" onClick={() => confirmation.ask('reset')} sx={{ mr: 'auto' }}>
              {t('actions.reset')}
            </Button>
          )}
          {editing && <Button onClick={() => edit(false)}>{t('actions.cancel')}</Button>}
          {editing ? (
            <Button variant="contained" onClick={() => confirmation.ask('save')} loading={save.isPending}>
              {tc('save')}
            </Button>
          ) : (
            <Button variant="outlined" onClick={() => edit(true)}>
              {t('actions.editProfile')}
            </Button>
          )}
        </Box>
      )}
      <ConfirmDialog
        open={confirmation.asked !== null}
        message={confirmation.shown === 'reset' ? t('cable_length_reset_message') : t('profile.saveConfirm')}
        busy={save.isPending}
        onYes={() => (confirmation.asked === 'reset' ? onReset() : void onSave().finally(confirmation.close))}
        onNo={confirmation.close}
      />
      <ConflictDialog {...conflictDialog} />
    </Box>
  );
}
