import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import { type GeoZoneGeometry, geoZoneInputSchema } from '@shared/schemas/geo-zone';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConflictDialog } from '../common/conflict/ConflictDialog';
import { conflictRowsOf } from '../common/conflict/conflicts';
import { ConfirmDialog } from '../common/list/ConfirmDialog';
import { SideDrawer } from '../common/list/SideDrawer';
import { usePanelForm } from '../common/list/usePanelForm';
import { notifySuccess } from '../common/notifications/notificationStore';
import { ZoneStockSection } from '../zone-stock/ZoneStockSection';
import { ZoneVisitsSection } from '../zone-visits/ZoneVisitsSection';
import { type MapGeoZone, useGeoZoneMutations, useGeoZones } from './assetMapApi';

interface ZoneFormValues {
  name: string;
  version?: number;
}

const nameSchema = geoZoneInputSchema.pick({ name: true });
const FORM_FIELDS = new Set(['name']);
const toFormValues = (zone: MapGeoZone): ZoneFormValues => ({ name: zone.name ?? '', version: zone.version });

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
  const { update, remove } = useGeoZoneMutations();
  // The list the page read the zone from (client users read none: the zone is then never there).
  const zones = useGeoZones(zone !== undefined);
  const [confirming, setConfirming] = useState(false);
  // The shape is no field of the panel: a save sends the one read last, so Overwrite keeps a shape they changed.
  const latest = useRef(zone);
  latest.current = zone;
  const { form, submit, fieldError, conflictDialog } = usePanelForm({
    schema: nameSchema,
    raw: true,
    empty: { name: '' },
    entity: zone,
    // The page closes the panel of a zone that is gone.
    failed: false,
    toFormValues,
    fields: FORM_FIELDS,
    conflict: {
      reread: () => zones.refetch().then((read) => read.data?.find((z) => z.id === zone?.id)),
      rows: conflictRowsOf<ZoneFormValues>({ name: t('panel.name') }),
    },
    onClose,
  });

  const save = submit(async ({ name, version }) => {
    const current = latest.current as MapGeoZone & { geometry: GeoZoneGeometry };
    await update.mutateAsync({
      id: current.id,
      name: name.trim() || null,
      geometry: current.geometry,
      version: version ?? current.version,
    });
    return t('notices.updated');
  });
  // A shape the API could not read back (geometry null) cannot be saved again: Save then does nothing.
  const onSubmit = (event: FormEvent) => (latest.current?.geometry ? save(event) : event.preventDefault());

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
            {...form.register('name')}
            label={t('panel.name')}
            fullWidth
            slotProps={{ input: { readOnly: !canEdit } }}
            {...fieldError('name')}
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
      <ConflictDialog {...conflictDialog} />
    </SideDrawer>
  );
}
