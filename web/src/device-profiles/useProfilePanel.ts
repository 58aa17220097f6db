import type { DeviceProfile } from '@shared/schemas/device-profile';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/ApiError';
import { errorMessage } from '../api/errorMessage';
import { usePanelForm } from '../common/list/usePanelForm';
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
import { type DeviceProfilePayload, useDeviceProfile, useDeviceProfileMutations } from './deviceProfilesApi';

interface PanelState {
  profileId: number | 'new';
  onClose(): void;
}

/**
 * The panel's form and save on the shared panel form: the shared schema checks the payload the form becomes,
 * violations land on their fields (the interval's on its value), and a save that met another opens the
 * conflict dialog.
 */
export function useProfileForm({ profileId, onClose }: PanelState) {
  const { t } = useTranslation('deviceProfiles');
  const { save } = useDeviceProfileMutations();
  const isNew = profileId === 'new';
  const existing = useDeviceProfile(isNew ? undefined : profileId);
  const panel = usePanelForm<DeviceProfileFormValues, DeviceProfile, DeviceProfilePayload>({
    resolver: deviceProfileResolver(isNew),
    empty: EMPTY_PROFILE,
    entity: existing.data,
    failed: existing.isError,
    toFormValues,
    fields: FORM_FIELDS,
    fieldOf: formFieldOf,
    conflict: {
      reread: () => existing.refetch().then((read) => read.data),
      rows: deviceProfileConflictRows(t),
    },
    onClose,
  });
  const onSubmit = panel.submit(async (payload) => {
    await save.mutateAsync({ id: isNew ? undefined : profileId, payload });
    return isNew ? t('notifications.created') : t('notifications.updated');
  });
  return { ...panel, profile: existing.data, onSubmit, saving: save.isPending };
}

/**
 * Delete, and a refusal (409: devices still use it; 403: a built-in) said in the panel, where it stays while the
 * person decides what to do, brought into view at the top of a long panel.
 */
export function useProfileDelete({ profileId, onClose }: PanelState) {
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
