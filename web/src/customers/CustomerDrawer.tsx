import EditIcon from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { type Client, clientInputSchema, clientUpdateInputSchema } from '@shared/schemas/client';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConflictDialog } from '../common/conflict/ConflictDialog';
import { conflictRowsOf } from '../common/conflict/conflicts';
import { DeleteButton } from '../common/list/DeleteButton';
import { SideDrawer } from '../common/list/SideDrawer';
import { usePanelForm } from '../common/list/usePanelForm';
import { notify, notifySuccess } from '../common/notifications/notificationStore';
import { ContractLinesSection } from '../rental-contracts/ContractLinesSection';
import { useSession } from '../session/useSession';
import { ShareLinkButton } from '../share-links/ShareLinkButton';
import { CustomerDetailsFields, type CustomerFormValues } from './CustomerDetailsFields';
import { CustomerUsersTab } from './CustomerUsersTab';
import { useCustomer, useCustomerMutations } from './customersApi';

const EMPTY: CustomerFormValues = { company: '', name: '', email: '', account_manager: '' };
const FORM_FIELDS = new Set(['company', 'name', 'email', 'account_manager']);

const toFormValues = (client: Client): CustomerFormValues => ({
  company: client.company ?? '',
  name: client.name,
  email: client.email,
  account_manager: client.account_manager ? String(client.account_manager.id) : '',
  version: client.version,
});

/**
 * The customer panel (spec 000 s.2): tabs Details and Users (Users only for an existing customer). A new
 * customer starts in edit mode, an existing one in view mode; the panel closes after save and delete.
 */
export function CustomerDrawer({ customerId, onClose }: { customerId: 'new' | number; onClose(): void }) {
  const { t } = useTranslation('customers');
  const { t: tc } = useTranslation('common');
  const { hasAny } = useSession();
  const isNew = customerId === 'new';
  const existing = useCustomer(isNew ? undefined : customerId);
  const { save, remove, resetPassword } = useCustomerMutations();
  const [tab, setTab] = useState<'details' | 'users'>('details');
  const [editing, setEditing] = useState(isNew);
  const customer = existing.data;
  const { form, submit, conflictDialog } = usePanelForm({
    schema: isNew ? clientInputSchema : clientUpdateInputSchema,
    raw: true,
    empty: EMPTY,
    entity: customer,
    failed: existing.isError,
    toFormValues,
    fields: FORM_FIELDS,
    conflict: {
      reread: () => existing.refetch().then((read) => read.data),
      rows: conflictRowsOf<CustomerFormValues>({
        company: t('fields.company'),
        name: t('fields.name'),
        email: t('fields.email'),
        account_manager: t('fields.accountManager'),
      }),
    },
    onClose,
  });
  const loading = !isNew && !customer;
  const canEdit = isNew ? hasAny(['CUSTOMER_CREATE']) : hasAny(['CUSTOMER_EDIT']);
  const canDelete = !isNew && hasAny(['CUSTOMER_DELETE']);
  const title = isNew ? t('drawer.new') : t('drawer.title', { name: customer?.company || customer?.name || '' });

  const onSubmit = submit(async (values) => {
    const payload = {
      company: values.company.trim() || null,
      name: values.name,
      email: values.email,
      account_manager: values.account_manager ? Number(values.account_manager) : null,
      ...(isNew ? {} : { version: values.version }),
    };
    await save.mutateAsync({ id: isNew ? undefined : customerId, payload });
    return isNew ? t('notifications.created') : t('notifications.updated');
  });

  const onDelete = async () => {
    if (isNew) return;
    await remove.mutateAsync(customerId);
    notifySuccess(t('notifications.deleted'));
    onClose();
  };

  const onResetPassword = async () => {
    if (isNew) return;
    await resetPassword
      .mutateAsync(customerId)
      // The password changed either way; a refused mail is a warning to fix the address and reset again.
      .then((result) =>
        result.mail_sent
          ? notifySuccess(t('notifications.resetPassword'))
          : notify(t('notifications.resetPasswordMailFailed'), 'warning', { sticky: true }),
      )
      .catch(() => undefined);
  };

  const detailActions = (
    <>
      {!isNew && !editing && customer && (
        <ShareLinkButton subject={{ kind: 'customer', id: customer.id, name: customer.company || customer.name }} />
      )}
      {canDelete && (
        <DeleteButton
          message={t('confirmDelete', { name: customer?.company || customer?.name || '' })}
          onConfirm={onDelete}
        />
      )}
      {canEdit && !editing && (
        <Button variant="outlined" startIcon={<EditIcon />} onClick={() => setEditing(true)} disabled={loading}>
          {tc('edit')}
        </Button>
      )}
      {canEdit && editing && (
        <Button type="submit" form="customer-form" variant="contained" loading={save.isPending} disabled={loading}>
          {tc('save')}
        </Button>
      )}
    </>
  );

  return (
    <SideDrawer
      open
      title={loading ? <Skeleton width={200} /> : title}
      onClose={onClose}
      actions={tab === 'details' ? detailActions : undefined}
    >
      {!isNew && (
        <Tabs value={tab} onChange={(_, value) => setTab(value)} sx={{ mt: -2, mb: 2 }} aria-label={t('drawer.tabs')}>
          <Tab value="details" label={t('tabs.details')} />
          <Tab value="users" label={t('tabs.users')} />
        </Tabs>
      )}
      {tab === 'users' && !isNew ? (
        <CustomerUsersTab clientId={customerId} canEdit={hasAny(['CUSTOMER_EDIT'])} />
      ) : loading ? (
        ['company', 'name', 'email', 'manager'].map((field) => <Skeleton key={field} height={72} />)
      ) : (
        <Box component="form" id="customer-form" noValidate onSubmit={onSubmit}>
          <CustomerDetailsFields
            form={form}
            editing={editing}
            onResetPassword={!isNew && canEdit ? onResetPassword : undefined}
            resetting={resetPassword.isPending}
            storedManagerName={customer?.account_manager?.name}
          />
        </Box>
      )}
      {tab === 'details' && !isNew && !editing && <ContractLinesSection owner={{ kind: 'clients', id: customerId }} />}
      <ConflictDialog {...conflictDialog} />
    </SideDrawer>
  );
}
