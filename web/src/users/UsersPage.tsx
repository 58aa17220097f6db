import type { User } from '@shared/schemas/user';
import { userListQuerySchema } from '@shared/schemas/user';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, ListScreen } from '../common/list/ListScreen';
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
  const { hasAny } = useSession();

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
    <ListScreen
      basePath="/users"
      search={{ label: t('searchLabel'), delay: SEARCH_DELAY_MS }}
      filterKeys={USER_FILTER_KEYS}
      filterFields={filterFields}
      filterSchema={filterSchema}
      useRows={useUserList}
      pageSize={USERS_PAGE_SIZE}
      columns={columns}
      create={{ label: tc('addNew'), allowed: hasAny(['USER_CREATE']) }}
      renderPanel={(id, close) => <UserDrawer userId={id} onClose={close} />}
    />
  );
}
