import { zodResolver } from '@hookform/resolvers/zod';
import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import { type User, userInputSchema, userUpdateInputSchema } from '@shared/schemas/user';
import { useEffect, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/ApiError';
import { errorMessage } from '../api/errorMessage';
import { ConfirmDialog } from '../common/list/ConfirmDialog';
import { SideDrawer } from '../common/list/SideDrawer';
import { notifyError, notifySuccess } from '../common/notifications/notificationStore';
import { useSession } from '../session/useSession';
import { DeviceImportButton } from './DeviceImportButton';
import { type FieldRules, UserFormFields, type UserFormValues } from './UserFormFields';
import { type UserPayload, useRoleNames, useUser, useUserMutations } from './usersApi';

const EMPTY: UserFormValues = { name: '', username: '', email: '', password: '', roles: ['ROLE_USER'], active: true };
const FORM_FIELDS = new Set(['name', 'username', 'email', 'password', 'roles', 'active']);

const toFormValues = (user: User): UserFormValues => ({
  name: user.name,
  username: user.username ?? '',
  email: user.email,
  password: '',
  roles: user.roles,
  active: user.active,
  version: user.version,
});

/** Spec 001 s.2: 'Create user', 'Edit user {name or id}', or 'Preferences' when users open their own record. */
export function UserDrawer({ userId, onClose }: { userId: 'new' | number; onClose(): void }) {
  const { t } = useTranslation('users');
  const { t: tc } = useTranslation('common');
  const { user: me, isAdmin, hasAny, reloadCurrentUser } = useSession();
  const isNew = userId === 'new';
  const isSelf = !isNew && me?.id === userId;
  const existing = useUser(isNew ? undefined : userId);
  const roles = useRoleNames();
  const { save, remove } = useUserMutations();
  const [confirming, setConfirming] = useState(false);

  const form = useForm<UserFormValues>({
    defaultValues: EMPTY,
    resolver: zodResolver(
      (isNew ? userInputSchema : userUpdateInputSchema) as never,
    ) as unknown as Resolver<UserFormValues>,
  });
  const { reset } = form;
  // A user that does not exist (any more, or in another tenant): the error is notified, the panel closes.
  useEffect(() => {
    if (existing.isError) onClose();
  }, [existing.isError, onClose]);
  useEffect(() => {
    if (existing.data) reset(toFormValues(existing.data));
  }, [existing.data, reset]);

  const user = existing.data;
  const isSuperAdmin = me?.roles.includes('ROLE_SUPER_ADMIN') ?? false;
  const targetIsSuper = user?.roles.includes('ROLE_SUPER_ADMIN') ?? false;
  const rules: FieldRules = {
    isNew,
    basicOnly: isSelf,
    adminFields: isAdmin,
    rolesEditable: isAdmin && !isSelf && !user?.roles.includes('ROLE_CLIENT') && (!targetIsSuper || isSuperAdmin),
    activeEditable: !isSelf,
  };
  const roleOptions = (roles.data ?? []).filter(
    (role) => role !== 'ROLE_CLIENT' && (role !== 'ROLE_SUPER_ADMIN' || isSuperAdmin || targetIsSuper),
  );
  const displayName = user ? user.name || user.email || `#${user.id}` : '';
  const title = isNew ? t('drawer.create') : isSelf ? t('drawer.preferences') : t('drawer.edit', { name: displayName });

  const showViolations = (error: unknown) => {
    if (!(error instanceof ApiError) || error.violations.length === 0) return notifyError(errorMessage(error));
    for (const violation of error.violations) {
      const field = violation.propertyPath.replace(/\[.*$/, '').split('.')[0] ?? '';
      if (FORM_FIELDS.has(field)) form.setError(field as keyof UserFormValues, { message: violation.message });
      else notifyError(violation.message);
    }
  };

  const onSubmit = form.handleSubmit(async (values) => {
    const payload: UserPayload = isSelf
      ? { name: values.name, password: values.password, version: values.version }
      : isNew
        ? values
        : { ...values, username: undefined };
    try {
      await save.mutateAsync({ id: isNew ? undefined : userId, payload });
      notifySuccess(
        isNew ? t('notifications.created') : isSelf ? t('notifications.preferencesSaved') : t('notifications.updated'),
      );
      if (isSelf) await reloadCurrentUser().catch(() => null);
      onClose();
    } catch (error) {
      showViolations(error);
    }
  });

  const onDelete = async () => {
    if (isNew) return;
    try {
      await remove.mutateAsync(userId);
      notifySuccess(t('notifications.deleted'));
      setConfirming(false);
      onClose();
    } catch {
      setConfirming(false);
    }
  };

  const canDelete = !isNew && !isSelf && hasAny(['USER_DELETE']) && (!targetIsSuper || isSuperAdmin);
  const loading = !isNew && !user;

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
          <Button type="submit" form="user-form" variant="contained" loading={save.isPending} disabled={loading}>
            {tc('save')}
          </Button>
        </>
      }
    >
      {loading ? (
        ['name', 'username', 'email', 'password', 'roles'].map((field) => <Skeleton key={field} height={72} />)
      ) : (
        <Box component="form" id="user-form" noValidate onSubmit={onSubmit}>
          <UserFormFields form={form} rules={rules} roleOptions={roleOptions} />
          {/* Spec 001 s.6: only admins import devices; the devices go into this user's tenant. */}
          {!isNew && !isSelf && isAdmin && <DeviceImportButton uploadPath={`/api/users/${userId}/devices/upload`} />}
        </Box>
      )}
      <ConfirmDialog
        open={confirming}
        message={t('confirmDelete', { name: displayName })}
        busy={remove.isPending}
        onYes={onDelete}
        onNo={() => setConfirming(false)}
      />
    </SideDrawer>
  );
}
