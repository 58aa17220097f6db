import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import { type User, userInputSchema, userUpdateInputSchema } from '@shared/schemas/user';
import { useTranslation } from 'react-i18next';
import { AuditHistoryLink } from '../audit/AuditHistoryLink';
import { ConflictDialog } from '../common/conflict/ConflictDialog';
import { conflictRowsOf, conflictText } from '../common/conflict/conflicts';
import { DeleteButton } from '../common/list/DeleteButton';
import { SideDrawer } from '../common/list/SideDrawer';
import { usePanelForm } from '../common/list/usePanelForm';
import { notifySuccess } from '../common/notifications/notificationStore';
import { PersonalDataSection } from '../personal-data/PersonalDataSection';
import { OwnSecondFactorSection } from '../second-factor/OwnSecondFactorSection';
import { ResetSecondFactorButton } from '../second-factor/ResetSecondFactorButton';
import { useSession } from '../session/useSession';
import { DeviceImportButton } from './DeviceImportButton';
import { type FieldRules, UserFormFields, type UserFormValues } from './UserFormFields';
import { type UserPayload, useRoleNames, useUser, useUserMutations } from './usersApi';

const EMPTY: UserFormValues = {
  name: '',
  username: '',
  email: '',
  password: '',
  current_password: '',
  roles: ['ROLE_USER'],
  active: true,
};
const FORM_FIELDS = new Set(['name', 'username', 'email', 'password', 'current_password', 'roles', 'active']);

const toFormValues = (user: User): UserFormValues => ({
  name: user.name,
  username: user.username ?? '',
  email: user.email,
  password: '',
  current_password: '',
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
  const user = existing.data;
  const { form, submit, conflictDialog } = usePanelForm({
    schema: isNew ? userInputSchema : userUpdateInputSchema,
    empty: EMPTY,
    entity: user,
    failed: existing.isError,
    toFormValues,
    fields: FORM_FIELDS,
    conflict: {
      reread: () => existing.refetch().then((read) => read.data),
      rows: conflictRowsOf<UserFormValues>(
        {
          name: t('fields.name'),
          username: t('fields.username'),
          email: t('fields.email'),
          roles: t('fields.roles'),
          active: t('fields.active'),
        },
        (field, value) => (field === 'active' ? tc(value ? 'confirm.yes' : 'confirm.no') : conflictText(value)),
      ),
    },
    onClose,
  });
  const isSuperAdmin = me?.roles.includes('ROLE_SUPER_ADMIN') ?? false;
  const targetIsSuper = user?.roles.includes('ROLE_SUPER_ADMIN') ?? false;
  const rules: FieldRules = {
    isNew,
    basicOnly: isSelf,
    adminFields: isAdmin,
    rolesEditable: isAdmin && !isSelf && !user?.roles.includes('ROLE_CLIENT') && (!targetIsSuper || isSuperAdmin),
    activeEditable: !isSelf,
    currentPassword: isSelf,
  };
  const roleOptions = (roles.data ?? []).filter(
    (role) => role !== 'ROLE_CLIENT' && (role !== 'ROLE_SUPER_ADMIN' || isSuperAdmin || targetIsSuper),
  );
  const displayName = user ? user.name || user.email || `#${user.id}` : '';
  const title = isNew ? t('drawer.create') : isSelf ? t('drawer.preferences') : t('drawer.edit', { name: displayName });

  const onSubmit = submit(async (values) => {
    const { current_password, ...others } = values;
    const payload: UserPayload = isSelf
      ? { name: values.name, password: values.password, current_password, version: values.version }
      : isNew
        ? others
        : { ...others, username: undefined };
    const ownNewPassword = isSelf && values.password && me;
    await save.mutateAsync({
      id: isNew ? undefined : userId,
      payload,
      ...(ownNewPassword ? { renewSession: { login: me.username || me.email, password: values.password } } : {}),
    });
    if (isSelf && !ownNewPassword) await reloadCurrentUser().catch(() => null);
    return isNew
      ? t('notifications.created')
      : isSelf
        ? t('notifications.preferencesSaved')
        : t('notifications.updated');
  });

  const onDelete = async () => {
    if (isNew) return;
    await remove.mutateAsync(userId);
    notifySuccess(t('notifications.deleted'));
    onClose();
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
          {canDelete && <DeleteButton message={t('confirmDelete', { name: displayName })} onConfirm={onDelete} />}
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
      {/* Outside the user form: their own forms' submits must not reach it (React events bubble through portals). */}
      {!loading && !isNew && !isSelf && hasAny(['USER_EDIT']) && (
        <ResetSecondFactorButton userId={userId} name={displayName} />
      )}
      {!loading && isSelf && <OwnSecondFactorSection />}
      {!loading && !isNew && !isSelf && (
        <PersonalDataSection
          userId={userId}
          name={displayName}
          canExport={hasAny(['USER_EDIT'])}
          canErase={canDelete}
          onErased={onClose}
        />
      )}
      {!loading && !isNew && <AuditHistoryLink entityType="users" entityId={userId} />}
      <ConflictDialog {...conflictDialog} />
    </SideDrawer>
  );
}
