import DeleteIcon from '@mui/icons-material/Delete';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import { isStaff } from '@shared/permissions';
import { type Device, deviceCreateInputSchema, deviceUpdateInputSchema } from '@shared/schemas/device';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuditHistoryLink } from '../audit/AuditHistoryLink';
import { ConflictDialog } from '../common/conflict/ConflictDialog';
import { ConfirmDialog } from '../common/list/ConfirmDialog';
import { SideDrawer } from '../common/list/SideDrawer';
import { usePanelForm } from '../common/list/usePanelForm';
import { notifySuccess } from '../common/notifications/notificationStore';
import { useSession } from '../session/useSession';
import { DeviceFormFields } from './DeviceFormFields';
import { deviceConflictRows } from './deviceConflict';
import { DEVICE_FORM_FIELDS, type DeviceFormValues, deviceFormValues } from './deviceForm';
import { devicePayload, formFieldOf } from './deviceParams';
import { type DevicePayload, useDevice, useDeviceMutations, useDeviceProfiles } from './devicesApi';

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
  const { user, isAdmin, hasAny } = useSession();
  const isNew = deviceId === 'new';
  const existing = useDevice(isNew ? undefined : deviceId);
  const profiles = useDeviceProfiles();
  const { save, remove } = useDeviceMutations();
  const [confirming, setConfirming] = useState(false);
  const profileList = profiles.data ?? [];
  const profileNames = useMemo(() => new Map(profileList.map((p) => [p.id, p.name])), [profileList]);
  const toFormValues = useCallback((read: Device) => deviceFormValues(read, profileNames), [profileNames]);
  // The shared schemas turn the pickers' objects into ids: the submit handler gets the body's fields.
  const { form, submit, conflictDialog } = usePanelForm<DeviceFormValues, Device, Record<string, unknown>>({
    schema: isNew ? deviceCreateInputSchema : deviceUpdateInputSchema,
    empty: deviceFormValues(undefined, profileNames),
    entity: existing.data,
    failed: existing.isError,
    toFormValues,
    fields: DEVICE_FORM_FIELDS,
    fieldOf: formFieldOf,
    // The tag's reports (last event, battery) move no version: a conflict is always a person's save.
    conflict: { reread: () => existing.refetch().then((read) => read.data), rows: deviceConflictRows(t) },
    onClose,
  });

  const device = existing.data;
  const loading = !isNew && !device;
  const canEdit = isNew ? hasAny(['ROLE_SUPER_ADMIN']) : hasAny(['DEVICE_EDIT']);
  const canDelete = !isNew && isAdmin;
  const canResetAlarm = hasAny(['DEVICE_EDIT']) && isStaff(user?.roles ?? []);
  const title = isNew ? t('drawer.create') : t('drawer.edit', { name: displayName(device) });

  const onSubmit = submit(async (values) => {
    const payload = devicePayload(values, isNew, profileList.length > 0);
    await save.mutateAsync({ id: isNew ? undefined : deviceId, payload: payload as DevicePayload });
    return isNew ? t('notifications.created') : t('notifications.updated');
  });

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
      <ConflictDialog {...conflictDialog} />
    </SideDrawer>
  );
}
