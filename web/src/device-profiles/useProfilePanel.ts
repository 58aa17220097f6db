import type { DeviceProfile } from '@shared/schemas/device-profile';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { type Path, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/ApiError';
import { api } from '../api/apiClient';
import { errorMessage } from '../api/errorMessage';
import { type ConflictRow, isConflict } from '../common/conflict/conflicts';
import { notifyError, notifySuccess } from '../common/notifications/notificationStore';
import { useTranslateMessage } from '../i18n/translateMessage';
import { deviceProfileConflictRows } from './deviceProfileConflict';
import {
  type DeviceProfileFormValues,
  deviceProfileResolver,
  EMPTY_PROFILE,
  FORM_FIELDS,
  formFieldOf,
  toFormValues,
} from './deviceProfileForm';
import { type DeviceProfilePayload, deviceProfileKeys, useDeviceProfileMutations } from './deviceProfilesApi';

/** A save that met someone else's save: what they changed, the profile as saved now, and this form's body. */
interface ProfileConflict {
  rows: ConflictRow[];
  latest: DeviceProfile;
  payload: DeviceProfilePayload;
}

interface PanelState {
  profileId: number | 'new';
  /** The loaded profile (undefined while loading or for a new one). */
  profile: DeviceProfile | undefined;
  onClose(): void;
}

/**
 * The panel's form and save: the shared schema as resolver, filled once the profile has loaded, server
 * violations on their fields, and a save that met another save (409/412) turned into the conflict dialog's rows.
 */
export function useProfileForm({ profileId, profile, onClose }: PanelState) {
  const { t } = useTranslation('deviceProfiles');
  const translate = useTranslateMessage();
  const queryClient = useQueryClient();
  const { save } = useDeviceProfileMutations();
  const [conflict, setConflict] = useState<ProfileConflict | null>(null);
  const isNew = profileId === 'new';
  const form = useForm<DeviceProfileFormValues, unknown, DeviceProfilePayload>({
    defaultValues: EMPTY_PROFILE,
    resolver: deviceProfileResolver(isNew),
  });
  const { reset } = form;
  useEffect(() => {
    if (profile) reset(toFormValues(profile));
  }, [profile, reset]);

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

  return {
    form,
    onSubmit: form.handleSubmit((payload) => send(payload)),
    saving: save.isPending,
    conflictRows: conflict?.rows ?? null,
    closeConflict: () => setConflict(null),
    /** Theirs: the form follows the profile query, so theirs replaces this form's values. */
    reload: () => {
      if (conflict) queryClient.setQueryData(deviceProfileKeys.one(conflict.latest.id), conflict.latest);
      setConflict(null);
    },
    /** Yours, over theirs: the same body with the version now saved. */
    overwrite: () => {
      if (conflict) void send({ ...conflict.payload, version: conflict.latest.version });
      setConflict(null);
    },
  };
}

/**
 * Delete, and a refusal (409: devices still use it; 403: a built-in) said in the panel, where it stays while the
 * person decides what to do, brought into view at the top of a long panel.
 */
export function useProfileDelete({ profileId, onClose }: Omit<PanelState, 'profile'>) {
  const { t } = useTranslation('deviceProfiles');
  const translate = useTranslateMessage();
  const { remove } = useDeviceProfileMutations();
  const [refusal, setRefusal] = useState<string | null>(null);
  const refusalBox = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (refusal) refusalBox.current?.scrollIntoView({ block: 'nearest' });
  }, [refusal]);

  const onDelete = async () => {
    if (profileId === 'new') return;
    setRefusal(null);
    try {
      await remove.mutateAsync(profileId);
      notifySuccess(t('notifications.deleted'));
      onClose();
    } catch (error) {
      if (error instanceof ApiError && (error.status === 409 || error.status === 403))
        setRefusal(translate(error.message));
      else notifyError(errorMessage(error));
    }
  };
  return { onDelete, refusal, refusalBox, clearRefusal: () => setRefusal(null) };
}
