import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { ClientUser } from '@shared/schemas/client';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, PagedTable } from '../common/list/PagedTable';
import { SearchBox } from '../common/list/SearchBox';
import { ClientUserEditor } from './ClientUserEditor';
import { CLIENT_USERS_PAGE_SIZE, useClientUsers } from './customersApi';

/** Spec 000 s.9: the customer's users search waits 100 ms. */
const SEARCH_DELAY_MS = 100;

/** Users tab: a searchable paged list (Name, Email) and a small editor for one user (spec 000 s.2). */
export function CustomerUsersTab({ clientId, canEdit }: { clientId: number; canEdit: boolean }) {
  const { t } = useTranslation('customers');
  const { t: tc } = useTranslation('common');
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<ClientUser | 'new' | undefined>(undefined);
  const users = useClientUsers(clientId, page, search);

  const columns = useMemo<Column<ClientUser>[]>(
    () => [
      { id: 'name', label: t('users.columns.name') },
      { id: 'email', label: t('users.columns.email') },
    ],
    [t],
  );

  if (editing !== undefined)
    return <ClientUserEditor clientId={clientId} user={editing} onDone={() => setEditing(undefined)} />;

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <SearchBox
          value={search}
          onChange={(value) => {
            setSearch(value);
            setPage(1);
          }}
          delay={SEARCH_DELAY_MS}
          label={t('users.searchLabel')}
        />
        {canEdit && (
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setEditing('new')}
            sx={{ ml: 'auto !important' }}
          >
            {tc('addNew')}
          </Button>
        )}
      </Stack>
      <PagedTable
        label={t('tabs.users')}
        columns={columns}
        rows={users.data?.['hydra:member']}
        rowId={(user) => user.id}
        total={users.data?.['hydra:totalItems'] ?? 0}
        page={page}
        pageSize={CLIENT_USERS_PAGE_SIZE}
        loading={users.isPending}
        onPageChange={setPage}
        onRowClick={canEdit ? (user) => setEditing(user) : undefined}
      />
    </Stack>
  );
}
