import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import { type Tenant, tenantInputSchema, tenantUpdateInputSchema } from '@shared/schemas/tenant';
import { useEffect, useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/ApiError';
import { errorMessage } from '../api/errorMessage';
import { ConflictDialog } from '../common/conflict/ConflictDialog';
import { conflictRowsOf } from '../common/conflict/conflicts';
import { ConfirmDialog } from '../common/list/ConfirmDialog';
import { SideDrawer } from '../common/list/SideDrawer';
import { usePanelForm } from '../common/list/usePanelForm';
import { notifyError, notifySuccess } from '../common/notifications/notificationStore';
import { useTranslateMessage } from '../i18n/translateMessage';
import { useSession } from '../session/useSession';
import { DeviceImportButton } from '../users/DeviceImportButton';
import { selectedTenantId, selectTenant } from './selectedTenant';
import { TenantIconField } from './TenantIconField';
import { type TenantPayload, useTenant, useTenantMutations } from './tenantsApi';

const TEXT_FIELDS = [
  'subdomain',
  'company',
  'descriptionShort',
  'address',
  'zipcode',
  'city',
  'country',
  'phone',
  'email',
] as const;
const FORM_FIELDS = new Set<string>([...TEXT_FIELDS, 'icon']);

const EMPTY: TenantPayload = {
  subdomain: '',
  company: '',
  address: '',
  zipcode: '',
  city: '',
  country: '',
  phone: '',
  email: '',
  icon: '',
  descriptionShort: '',
};

const toFormValues = (tenant: Tenant): TenantPayload =>
  ({
    ...Object.fromEntries(Object.keys(EMPTY).map((key) => [key, tenant[key as keyof TenantPayload] ?? ''])),
    version: tenant.version,
  }) as TenantPayload;

/** Spec 001 s.2 and s.4: 'Create tenant' without an id, 'Edit tenant {short description or id}' with one. */
export function TenantDrawer({ tenantId, onClose }: { tenantId: 'new' | number; onClose(): void }) {
  const { t } = useTranslation('tenants');
  const { t: tc } = useTranslation('common');
  const translate = useTranslateMessage();
  const { user } = useSession();
  const isNew = tenantId === 'new';
  const existing = useTenant(isNew ? undefined : tenantId);
  const { save, remove, refresh } = useTenantMutations();
  const [confirming, setConfirming] = useState(false);
  const tenant = existing.data;
  const { form, submit, fieldError, conflictDialog } = usePanelForm({
    schema: isNew ? tenantInputSchema : tenantUpdateInputSchema,
    empty: EMPTY,
    entity: tenant ?? undefined,
    // Gone (deleted elsewhere, or not visible to this admin): said below, and the panel closes.
    failed: existing.isError || tenant === null,
    toFormValues,
    fields: FORM_FIELDS,
    conflict: {
      reread: () => existing.refetch().then((read) => read.data ?? undefined),
      // The icon is an image: a data URL says nothing as text, so a changed icon alone reads as a hidden change.
      rows: conflictRowsOf<TenantPayload>(
        Object.fromEntries(TEXT_FIELDS.map((field) => [field, t(`fields.${field}`)])),
      ),
    },
    onClose,
  });
  useEffect(() => {
    if (tenant === null) notifyError(t('notifications.notFound'));
  }, [tenant, t]);

  const isSuperAdmin = user?.roles.includes('ROLE_SUPER_ADMIN') ?? false;
  const name = tenant ? tenant.descriptionShort || String(tenant.id) : '';
  const title = isNew ? t('drawer.create') : t('drawer.edit', { name });
  const loading = !isNew && !tenant;
  const canDelete = !isNew && isSuperAdmin && tenant !== undefined && tenant?.id !== user?.tenant?.id;

  const onSubmit = submit(async (values) => {
    await save.mutateAsync({ id: isNew ? undefined : tenantId, payload: values });
    return isNew ? t('notifications.created') : t('notifications.updated');
  });

  /** Spec 001 s.8: a 404 says 'Tenant not found', reloads the list and closes; others show the message. */
  const onDelete = async () => {
    if (isNew) return;
    try {
      // Acting in a tenant that no longer exists would make every call answer 404: go back first.
      if (selectedTenantId() === tenantId) selectTenant(null);
      await remove.mutateAsync(tenantId);
      notifySuccess(t('notifications.deleted'));
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        notifyError(t('notifications.notFound'));
        await refresh();
        onClose();
      } else notifyError(errorMessage(error));
    } finally {
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
          <Button type="submit" form="tenant-form" variant="contained" loading={save.isPending} disabled={loading}>
            {tc('save')}
          </Button>
        </>
      }
    >
      {loading ? (
        TEXT_FIELDS.map((field) => <Skeleton key={field} height={72} />)
      ) : (
        <Box component="form" id="tenant-form" noValidate onSubmit={onSubmit}>
          {TEXT_FIELDS.map((field, index) => (
            <TextField
              key={field}
              {...form.register(field)}
              label={t(`fields.${field}`)}
              type={field === 'email' ? 'email' : 'text'}
              autoFocus={isNew && index === 0}
              fullWidth
              {...fieldError(field)}
            />
          ))}
          <Controller
            control={form.control}
            name="icon"
            render={({ field, fieldState }) => (
              <TenantIconField
                value={field.value}
                onChange={field.onChange}
                error={fieldState.error?.message ? translate(fieldState.error.message) : undefined}
              />
            )}
          />
          {!isNew && <DeviceImportButton uploadPath={`/api/tenants/${tenantId}/devices/upload`} />}
        </Box>
      )}
      <ConfirmDialog
        open={confirming}
        message={t('confirmDelete')}
        busy={remove.isPending}
        onYes={onDelete}
        onNo={() => setConfirming(false)}
      />
      <ConflictDialog {...conflictDialog} />
    </SideDrawer>
  );
}
