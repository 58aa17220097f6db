import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import type { DeviceProfile } from '@shared/schemas/device-profile';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { type Path, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/ApiError';
import { api } from '../api/apiClient';
import { errorMessage } from '../api/errorMessage';
import { ConflictDialog } from '../common/conflict/ConflictDialog';
import { type ConflictRow, isConflict } from '../common/conflict/conflicts';
import { DeleteButton } from '../common/list/DeleteButton';
import type { PanelId } from '../common/list/ListScreen';
import { SideDrawer } from '../common/list/SideDrawer';
import { notifyError, notifySuccess } from '../common/notifications/notificationStore';
import { useTranslateMessage } from '../i18n/translateMessage';
import { useSession } from '../session/useSession';
import { Code, withParts } from './Code';
import { CodecTestPanel } from './CodecTestPanel';
import { DeviceProfileFields } from './DeviceProfileFields';
import { deviceProfileConflictRows } from './deviceProfileConflict';
import {
  type DeviceProfileFormValues,
  deviceProfileResolver,
  EMPTY_PROFILE,
  FORM_FIELDS,
  formFieldOf,
  toFormValues,
} from './deviceProfileForm';
import {
  type DeviceProfilePayload,
  deviceProfileKeys,
  useDeviceProfile,
  useDeviceProfileMutations,
} from './deviceProfilesApi';

/** A save that met someone else's save: what they changed, the profile as saved now, and this form's body. */
interface ProfileConflict {
  rows: ConflictRow[];
  latest: DeviceProfile;
  payload: DeviceProfilePayload;
}

/**
 * The device profile panel at /device-profiles/{id} and /device-profiles/new (issue 16): the form, the test
 * panel beside it, Delete (with confirmation; "in use" said in the panel) and Save with the conflict dialog.
 * Built-ins are shown read-only; their test panel still decodes with tracker-v1.
 */
export function DeviceProfileDrawer({ profileId, onClose }: { profileId: PanelId; onClose(): void }) {
  const { t } = useTranslation('deviceProfiles');
  const { t: tc } = useTranslation('common');
  const translate = useTranslateMessage();
  const { hasAny } = useSession();
  const queryClient = useQueryClient();
  const isNew = profileId === 'new';
  const existing = useDeviceProfile(isNew ? undefined : profileId);
  const { save, remove } = useDeviceProfileMutations();
  const [conflict, setConflict] = useState<ProfileConflict | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const profile = existing.data;
  const form = useForm<DeviceProfileFormValues, unknown, DeviceProfilePayload>({
    defaultValues: EMPTY_PROFILE,
    resolver: deviceProfileResolver(isNew),
  });
  const { reset } = form;
  // A profile that does not exist (any more, or in another tenant): the error is notified, the panel closes.
  useEffect(() => {
    if (existing.isError) onClose();
  }, [existing.isError, onClose]);
  useEffect(() => {
    if (profile) reset(toFormValues(profile));
  }, [profile, reset]);

  const loading = !isNew && !profile;
  const builtIn = profile?.built_in ?? false;
  const canSave = !builtIn && (isNew ? hasAny(['DEVICE_CREATE']) : hasAny(['DEVICE_EDIT']));
  const canDelete = !isNew && !builtIn && hasAny(['DEVICE_DELETE']);
  const title = isNew
    ? t('drawer.create')
    : t(builtIn ? 'drawer.builtIn' : 'drawer.edit', { name: profile?.name ?? '' });

  const showViolations = (error: unknown) => {
    if (!(error instanceof ApiError) || error.violations.length === 0) return notifyError(errorMessage(error));
    for (const violation of error.violations) {
      const field = formFieldOf(violation.propertyPath);
      if (FORM_FIELDS.has(field.split('.')[0] ?? ''))
        form.setError(field as Path<DeviceProfileFormValues>, { message: violation.message });
      else notifyError(translate(violation.message));
    }
  };

  const send = async (payload: DeviceProfilePayload) => {
    try {
      await save.mutateAsync({ id: isNew ? undefined : profileId, payload });
      notifySuccess(isNew ? t('notifications.created') : t('notifications.updated'));
      onClose();
    } catch (error) {
      if (!isConflict(error) || isNew || !profile) return showViolations(error);
      // Someone saved the profile since this panel read it.
      const latest = await api.get<DeviceProfile>(`/api/device-profiles/${profileId}`);
      setConflict({ rows: deviceProfileConflictRows(t, profile, latest, form.getValues()), latest, payload });
    }
  };
  const onSubmit = form.handleSubmit((payload) => send(payload));

  const onDelete = async () => {
    if (isNew) return;
    setRefusal(null);
    try {
      await remove.mutateAsync(profileId);
      notifySuccess(t('notifications.deleted'));
      onClose();
    } catch (error) {
      // 409: devices still use it. Said in the panel, where it stays while the person decides what to do.
      if (error instanceof ApiError && (error.status === 409 || error.status === 403))
        setRefusal(translate(error.message));
      else notifyError(errorMessage(error));
    }
  };

  const actions = (
    <>
      {canDelete && (
        <DeleteButton
          message={t('confirmDelete', { name: profile?.name ?? '' })}
          onConfirm={onDelete}
          disabled={loading}
        />
      )}
      <Button onClick={onClose}>{tc('close')}</Button>
      {canSave && (
        <Button
          type="submit"
          form="device-profile-form"
          variant="contained"
          loading={save.isPending}
          disabled={loading}
        >
          {tc('save')}
        </Button>
      )}
    </>
  );

  return (
    <SideDrawer open width={100} title={loading ? <Skeleton width={200} /> : title} onClose={onClose} actions={actions}>
      {refusal && (
        <Alert severity="error" sx={{ mb: 2 }} onClose={() => setRefusal(null)} data-testid="profile-delete-refused">
          {refusal}
        </Alert>
      )}
      {builtIn && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {withParts((values) => t('hints.builtIn', values), { layout: <Code>tracker-v1</Code> })}
        </Alert>
      )}
      {loading ? (
        ['name', 'codec', 'paths', 'battery', 'heartbeat'].map((f) => <Skeleton key={f} height={72} />)
      ) : (
        <>
          <Box component="form" id="device-profile-form" noValidate onSubmit={onSubmit}>
            <DeviceProfileFields form={form} readOnly={!canSave} isNew={isNew} />
          </Box>
          <CodecTestPanel form={form} />
        </>
      )}
      <ConflictDialog
        rows={conflict?.rows ?? null}
        busy={save.isPending}
        onClose={() => setConflict(null)}
        // The form follows the profile query: theirs replaces this form's values.
        onReload={() => {
          if (conflict) queryClient.setQueryData(deviceProfileKeys.one(conflict.latest.id), conflict.latest);
          setConflict(null);
        }}
        onOverwrite={() => {
          if (conflict) void send({ ...conflict.payload, version: conflict.latest.version });
          setConflict(null);
        }}
      />
    </SideDrawer>
  );
}
