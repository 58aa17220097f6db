import AddIcon from '@mui/icons-material/Add';
import Fab from '@mui/material/Fab';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type Client, clientListQuerySchema } from '@shared/schemas/client';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterDrawer } from '../common/list/FilterDrawer';
import { collectionTableProps, ListPageHeader } from '../common/list/ListPageHeader';
import { type Column, PagedTable } from '../common/list/PagedTable';
import { useListLoadError } from '../common/list/useListLoadError';
import { useListParams } from '../common/list/useListParams';
import { usePageTitle } from '../common/pageHandle';
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
  const title = usePageTitle();
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const { hasAny } = useSession();
  const list = useListParams({ filterKeys: CUSTOMER_FILTER_KEYS, basePath: '/customers' });
  const customers = useCustomerList({ page: list.page, search: list.search, filters: list.filters });
  const canCreate = hasAny(['CUSTOMER_CREATE']);
  const panelId = list.panelId === 'new' ? 'new' : Number(list.panelId) || undefined;
  const { closePanel } = list;
  const close = useCallback(() => closePanel(), [closePanel]);

  useListLoadError(customers.isError, t('errors.list'));

  const columns = useMemo<Column<Client>[]>(
    () => [
      { id: 'id', label: t('columns.id'), width: 64, hideOnPhone: true },
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
    <>
      <ListPageHeader
        title={title}
        search={{ value: list.search, onChange: list.setSearch, delay: SEARCH_DELAY_MS, label: t('searchLabel') }}
        filter={
          <FilterDrawer fields={filterFields} values={list.filters} onApply={list.setFilters} schema={filterSchema} />
        }
        create={canCreate && !isPhone ? { label: tc('addNew'), onClick: () => list.openPanel('new') } : undefined}
      />
      <PagedTable label={title} columns={columns} {...collectionTableProps(customers, list, CUSTOMERS_PAGE_SIZE)} />
      {canCreate && isPhone && (
        <Fab
          color="primary"
          aria-label={tc('addNew')}
          onClick={() => list.openPanel('new')}
          sx={{ position: 'fixed', bottom: 16, right: 16 }}
        >
          <AddIcon />
        </Fab>
      )}
      {panelId !== undefined && <CustomerDrawer key={panelId} customerId={panelId} onClose={close} />}
    </>
  );
}
