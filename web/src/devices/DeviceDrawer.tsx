import DeleteIcon from '@mui/icons-material/Delete';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import { isStaff } from '@shared/permissions';
import type { Device } from '@shared/schemas/device';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/ApiError';
import { api } from '../api/apiClient';
import { errorMessage } from '../api/errorMessage';
import { AuditHistoryLink } from '../audit/AuditHistoryLink';
import { ConflictDialog } from '../common/conflict/ConflictDialog';
import { type ConflictRow, isConflict } from '../common/conflict/conflicts';
import { ConfirmDialog } from '../common/list/ConfirmDialog';
import { SideDrawer } from '../common/list/SideDrawer';
import { notifyError, notifySuccess } from '../common/notifications/notificationStore';
import { useTranslateMessage } from '../i18n/translateMessage';
import { useSession } from '../session/useSession';
import { DeviceFormFields } from './DeviceFormFields';
import { deviceConflictRows } from './deviceConflict';
import { DEVICE_FORM_FIELDS, type DeviceFormValues, deviceFormResolver, deviceFormValues } from './deviceForm';
import { devicePayload, formFieldOf } from './deviceParams';
import { type DevicePayload, deviceKeys, useDevice, useDeviceMutations, useDeviceProfiles } from './devicesApi';

/** A save that met someone else's save: what they changed, the device as saved now, and this form's body. */
interface DeviceConflict {
  rows: ConflictRow[];
  latest: Device;
  payload: DevicePayload;
}

const displayName = (device: Device | undefined) => (device ? (device.name ?? device.dev_eui) : '');

/** Spec 000 s.2 "Reset alarm": shown on a sabotaged device to staff who may edit devices. */
function SabotageAlert({ device, canReset }: { device: Device; canReset: boolean }) {
  const { t } = useTranslation('devices');
  const { resetSabotaged } = useDeviceMutations();
  // Awaited rather than mutate(..., { onSuccess }): the refetched device unmounts this notice before such a
  // callback would run, and the success notice would be lost. A failure is notified by the query client.
  const reset = async () => {
    await resetSabotaged.mutateAsync(device.id).then(
      () => notifySuccess(t('notifications.alarmReset')),
      () => undefined,
    );
  };
  return (
    <Alert
      severity="error"
      sx={{ mb: 2 }}
      action={
        canReset && (
          <Button
            color="inherit"
            size="small"
            loading={resetSabotaged.isPending}
            onClick={reset}
            sx={{ whiteSpace: 'nowrap' }}
          >
            {t('actions.resetAlarm')}
          </Button>
        )
      }
    >
      {t('hints.sabotaged')}
    </Alert>
  );
}

/** The device panel at /devices/{id} and /devices/new (spec 000 s.2). */
export function DeviceDrawer({ deviceId, onClose }: { deviceId: number | 'new'; onClose(): void }) {
  const { t } = useTranslation('devices');
  const { t: tc } = useTranslation('common');
  const translate = useTranslateMessage();
  const { user, isAdmin, hasAny } = useSession();
  const isNew = deviceId === 'new';
  const existing = useDevice(isNew ? undefined : deviceId);
  const profiles = useDeviceProfiles();
  const { save, remove } = useDeviceMutations();
  const [confirming, setConfirming] = useState(false);
  const [conflict, setConflict] = useState<DeviceConflict | null>(null);
  const queryClient = useQueryClient();
  const profileList = profiles.data ?? [];
  const profileNames = useMemo(() => new Map(profileList.map((p) => [p.id, p.name])), [profileList]);

  const form = useForm<DeviceFormValues, unknown, Record<string, unknown>>({
    defaultValues: deviceFormValues(undefined, profileNames),
    resolver: deviceFormResolver(isNew),
  });
  const {
    reset,
    formState: { isDirty },
  } = form;
  // A device that does not exist (any more, or in another tenant): the error is notified, the panel closes.
  useEffect(() => {
    if (existing.isError) onClose();
  }, [existing.isError, onClose]);
  // A pushed refresh (web/src/live) must not replace what the person is typing: an edited form keeps the values
  // and the version it read, so a save after someone else's is a conflict to resolve, never a silent overwrite.
  // The device as the form read it: the base a conflict is shown against (the query may have moved on since).
  const readDevice = useRef<Device | undefined>(undefined);
  useEffect(() => {
    if (!existing.data || isDirty) return;
    readDevice.current = existing.data;
    reset(deviceFormValues(existing.data, profileNames));
  }, [existing.data, profileNames, reset, isDirty]);

  const device = existing.data;
  const loading = !isNew && !device;
  const canEdit = isNew ? hasAny(['ROLE_SUPER_ADMIN']) : hasAny(['DEVICE_EDIT']);
  const canDelete = !isNew && isAdmin;
  const canResetAlarm = hasAny(['DEVICE_EDIT']) && isStaff(user?.roles ?? []);
  const title = isNew ? t('drawer.create') : t('drawer.edit', { name: displayName(device) });

  const showViolations = (error: unknown) => {
    if (!(error instanceof ApiError) || error.violations.length === 0) return notifyError(errorMessage(error));
    for (const violation of error.violations) {
      const field = formFieldOf(violation.propertyPath);
      if (DEVICE_FORM_FIELDS.has(field)) form.setError(field as keyof DeviceFormValues, { message: violation.message });
      else notifyError(translate(violation.message));
    }
  };

  const send = async (payload: DevicePayload, values: DeviceFormValues) => {
    try {
      await save.mutateAsync({ id: isNew ? undefined : deviceId, payload });
      notifySuccess(isNew ? t('notifications.created') : t('notifications.updated'));
      onClose();
    } catch (error) {
      if (!isConflict(error) || isNew || !device) return showViolations(error);
      // Someone saved the device since this drawer read it (the tag's reports move no version).
      const latest = await api.get<Device>(`/api/devices/${deviceId}`);
      setConflict({
        rows: deviceConflictRows(t, readDevice.current ?? device, latest, values, profileNames),
        latest,
        payload,
      });
    }
  };
  const onSubmit = form.handleSubmit((values) =>
    send(devicePayload(values, isNew, profileList.length > 0) as DevicePayload, values as unknown as DeviceFormValues),
  );

  const onDelete = async () => {
    if (isNew) return;
    try {
      await remove.mutateAsync(deviceId);
      notifySuccess(t('notifications.deleted'));
      setConfirming(false);
      onClose();
    } catch {
      setConfirming(false);
    }
  };

  return (
    <SideDrawer
      open
      title={loading ? <Skeleton width={200} /> : title}
      onClose={onClose}
      actions={
        <>
          {canDelete && (
            <Button color="error" startIcon={<DeleteIcon />} onClick={() => setConfirming(true)} sx={{ mr: 'auto' }}>
              {tc('delete')}
            </Button>
          )}
          <Button onClick={onClose}>{tc('close')}</Button>
          {canEdit && (
            <Button type="submit" form="device-form" variant="contained" loading={save.isPending} disabled={loading}>
              {tc('save')}
            </Button>
          )}
        </>
      }
    >
      {loading ? (
        ['name', 'model', 'notes', 'last', 'deveui', 'barcode', 'asset'].map((f) => <Skeleton key={f} height={72} />)
      ) : (
        <Box component="form" id="device-form" noValidate onSubmit={onSubmit}>
          {device?.is_sabotaged && <SabotageAlert device={device} canReset={canResetAlarm} />}
          <DeviceFormFields
            form={form}
            isNew={isNew}
            editable={canEdit}
            lastCommunication={device?.last_event?.date}
            profiles={profileList}
          />
        </Box>
      )}
      {!loading && deviceId !== 'new' && <AuditHistoryLink entityType="devices" entityId={deviceId} />}
      <ConfirmDialog
        open={confirming}
        message={t('confirmDelete', { name: displayName(device) })}
        busy={remove.isPending}
        onYes={onDelete}
        onNo={() => setConfirming(false)}
      />
      <ConflictDialog
        rows={conflict?.rows ?? null}
        busy={save.isPending}
        onClose={() => setConflict(null)}
        // The drawer's form follows the device query: theirs replaces this form's values.
        onReload={() => {
          if (!conflict) return;
          queryClient.setQueryData(deviceKeys.one(conflict.latest.id), conflict.latest);
          // Reload is the person's choice to drop their edits: the form takes theirs even though it is dirty.
          readDevice.current = conflict.latest;
          reset(deviceFormValues(conflict.latest, profileNames));
          setConflict(null);
        }}
        onOverwrite={() => {
          if (conflict) void send({ ...conflict.payload, version: conflict.latest.version }, form.getValues());
          setConflict(null);
        }}
      />
    </SideDrawer>
  );
}
