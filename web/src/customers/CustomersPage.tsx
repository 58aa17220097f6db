import { type Client, clientListQuerySchema } from '@shared/schemas/client';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, ListScreen } from '../common/list/ListScreen';
import { useSession } from '../session/useSession';
import { CustomerDrawer } from './CustomerDrawer';
import { CUSTOMER_FILTER_KEYS, CUSTOMERS_PAGE_SIZE, useCustomerList } from './customersApi';

/** Spec 000 s.9: the customers search waits 300 ms after typing. */
const SEARCH_DELAY_MS = 300;
const filterSchema = clientListQuerySchema.pick({ id: true, logical_id: true });

/** Spec 000 s.2 /customers: search, filter, paged table, Add new, and the customer panel at /customers/:id. */
export default function CustomersPage() {
  const { t } = useTranslation('customers');
  const { t: tc } = useTranslation('common');
  const { hasAny } = useSession();

  const columns = useMemo<Column<Client>[]>(
    () => [
      { id: 'id', label: t('columns.id'), width: 64, align: 'right', hideOnPhone: true },
      { id: 'company', label: t('columns.company') },
      { id: 'name', label: t('columns.name') },
      { id: 'email', label: t('columns.email'), hideOnPhone: true },
      {
        id: 'account_manager',
        label: t('columns.accountManager'),
        hideOnPhone: true,
        render: (client) => client.account_manager?.name ?? '',
      },
    ],
    [t],
  );
  const filterFields = useMemo(
    () => [
      { name: 'id' as const, label: t('filters.id'), type: 'number' as const },
      { name: 'logical_id' as const, label: t('filters.logicalId'), type: 'number' as const },
    ],
    [t],
  );

  return (
    <ListScreen
      basePath="/customers"
      search={{ label: t('searchLabel'), delay: SEARCH_DELAY_MS }}
      filterKeys={CUSTOMER_FILTER_KEYS}
      filterFields={filterFields}
      filterSchema={filterSchema}
      useRows={useCustomerList}
      pageSize={CUSTOMERS_PAGE_SIZE}
      columns={columns}
      create={{ label: tc('addNew'), allowed: hasAny(['CUSTOMER_CREATE']) }}
      loadErrorText={t('errors.list')}
      renderPanel={(id, close) => <CustomerDrawer customerId={id} onClose={close} />}
    />
  );
}
