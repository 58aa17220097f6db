import { zodResolver } from '@hookform/resolvers/zod';
import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import { geoZoneInputSchema } from '@shared/schemas/geo-zone';
import { useEffect, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/ApiError';
import { errorMessage } from '../api/errorMessage';
import { ConfirmDialog } from '../common/list/ConfirmDialog';
import { SideDrawer } from '../common/list/SideDrawer';
import { notifyError, notifySuccess } from '../common/notifications/notificationStore';
import { useTranslateMessage } from '../i18n/translateMessage';
import { ZoneStockSection } from '../zone-stock/ZoneStockSection';
import { ZoneVisitsSection } from '../zone-visits/ZoneVisitsSection';
import { type MapGeoZone, useGeoZoneMutations } from './assetMapApi';

interface ZoneFormValues {
  name: string;
}

const nameSchema = geoZoneInputSchema.pick({ name: true });

/**
 * The geo zone panel, titled Geo Fencing (spec 000 s.2): Name, Delete (asks first) and Save. Client users
 * read the name only. The shape is kept as it is; the panel changes the name.
 */
export function ZoneDrawer({
  zone,
  canEdit,
  onClose,
}: {
  zone: MapGeoZone | undefined;
  canEdit: boolean;
  onClose(): void;
}) {
  const { t } = useTranslation('assetMap');
  const { t: tc } = useTranslation('common');
  const translate = useTranslateMessage();
  const { update, remove } = useGeoZoneMutations();
  const [confirming, setConfirming] = useState(false);
  const form = useForm<ZoneFormValues>({
    defaultValues: { name: '' },
    resolver: zodResolver(nameSchema as never, undefined, { raw: true }) as unknown as Resolver<ZoneFormValues>,
  });
  const { reset, register, formState } = form;
  useEffect(() => {
    if (zone) reset({ name: zone.name ?? '' });
  }, [zone, reset]);

  const onSubmit = form.handleSubmit(async ({ name }) => {
    if (!zone?.geometry) return;
    try {
      await update.mutateAsync({
        id: zone.id,
        name: name.trim() || null,
        geometry: zone.geometry,
        version: zone.version,
      });
      notifySuccess(t('notices.updated'));
      onClose();
    } catch (error) {
      const violation = error instanceof ApiError ? error.violations.find((v) => v.propertyPath === 'name') : undefined;
      if (violation) form.setError('name', { message: violation.message });
      else notifyError(errorMessage(error));
    }
  });

  const onDelete = async () => {
    if (!zone) return;
    // A failed delete is notified by the query client; the panel stays open.
    const deleted = await remove.mutateAsync(zone.id).then(
      () => true,
      () => false,
    );
    setConfirming(false);
    if (!deleted) return;
    notifySuccess(t('notices.deleted'));
    onClose();
  };

  const message = formState.errors.name?.message;
  const actions = canEdit && zone && (
    <>
      <Button color="error" startIcon={<DeleteIcon />} onClick={() => setConfirming(true)} sx={{ mr: 'auto' }}>
        {tc('delete')}
      </Button>
      <Button type="submit" form="geo-zone-form" variant="contained" loading={update.isPending}>
        {tc('save')}
      </Button>
    </>
  );
  return (
    <SideDrawer open title={t('panel.title')} onClose={onClose} actions={actions || undefined}>
      {zone ? (
        <Box component="form" id="geo-zone-form" noValidate onSubmit={onSubmit}>
          <TextField
            {...register('name')}
            label={t('panel.name')}
            fullWidth
            slotProps={{ input: { readOnly: !canEdit } }}
            error={Boolean(message)}
            helperText={message ? translate(String(message)) : undefined}
          />
        </Box>
      ) : (
        <Skeleton height={72} />
      )}
      {/* Stock per zone, staff only (canEdit: the staff who may write zones). */}
      {zone && canEdit && <ZoneStockSection zoneId={zone.id} canEdit={canEdit} />}
      {zone && <ZoneVisitsSection zoneId={zone.id} />}
      <ConfirmDialog
        open={confirming}
        message={t('panel.confirmDelete', { name: zone?.name ?? '' })}
        busy={remove.isPending}
        onYes={onDelete}
        onNo={() => setConfirming(false)}
      />
    </SideDrawer>
  );
}
