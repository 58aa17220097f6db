import AddIcon from '@mui/icons-material/Add';
import SpeedDialIcon from '@mui/material/SpeedDialIcon';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { User } from '@shared/schemas/user';
import { userListQuerySchema } from '@shared/schemas/user';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterDrawer } from '../common/list/FilterDrawer';
import { collectionTableProps, ListPageHeader } from '../common/list/ListPageHeader';
import { type Column, PagedTable } from '../common/list/PagedTable';
import { PhoneActionMenu } from '../common/list/PhoneActionMenu';
import { useListLoadError } from '../common/list/useListLoadError';
import { useListParams } from '../common/list/useListParams';
import { usePageTitle } from '../common/pageHandle';
import { useSession } from '../session/useSession';
import { UserDrawer } from './UserDrawer';
import { USER_FILTER_KEYS, USERS_PAGE_SIZE, useUserList } from './usersApi';

/** Spec 001 s.9: the users search waits 100 ms after typing. */
const SEARCH_DELAY_MS = 100;
const filterSchema = userListQuerySchema.pick({ id: true, email: true });

/** Spec 001 s.2 Users screen: search, paged table, filter drawer, Add new, and the edit drawer at /users/:id. */
export default function UsersPage() {
  const { t } = useTranslation('users');
  const { t: tc } = useTranslation('common');
  const title = usePageTitle();
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const { hasAny } = useSession();
  const list = useListParams({ filterKeys: USER_FILTER_KEYS, basePath: '/users' });
  const users = useUserList({ page: list.page, search: list.search, filters: list.filters });
  useListLoadError(users.isError);
  const canCreate = hasAny(['USER_CREATE']);
  const panelId = list.panelId === 'new' ? 'new' : Number(list.panelId) || undefined;
  const { closePanel } = list;
  const close = useCallback(() => closePanel(), [closePanel]);

  const columns = useMemo<Column<User>[]>(
    () => [
      { id: 'name', label: t('columns.name') },
      { id: 'username', label: t('columns.username'), hideOnPhone: true },
      { id: 'email', label: t('columns.email') },
    ],
    [t],
  );
  const filterFields = useMemo(
    () => [
      { name: 'id' as const, label: t('filters.id'), type: 'number' as const },
      { name: 'email' as const, label: t('filters.email'), type: 'email' as const },
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
      <PagedTable label={title} columns={columns} {...collectionTableProps(users, list, USERS_PAGE_SIZE)} />
      {canCreate && isPhone && (
        <PhoneActionMenu
          label={tc('addNew')}
          icon={<SpeedDialIcon />}
          actions={[{ icon: <AddIcon />, label: tc('addNew'), onClick: () => list.openPanel('new') }]}
        />
      )}
      {panelId !== undefined && <UserDrawer key={panelId} userId={panelId} onClose={close} />}
    </>
  );
}
