import type { ApiToken } from '@shared/schemas/api-token';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, PagedTable } from '../common/list/PagedTable';
import { rowDeleteColumn } from '../common/list/rowDeleteColumn';

const monospace = { fontFamily: 'monospace', wordBreak: 'break-all' } as const;

function useCredentialColumns(onRevoke: (token: ApiToken) => void): Column<ApiToken>[] {
  const { t, i18n } = useTranslation('apiCredentials');
  const roles = useTranslation('permissions').t;
  return useMemo(
    () => [
      { id: 'name', label: t('name') },
      { id: 'client_id', label: t('clientId'), render: (token) => <span style={monospace}>{token.client_id}</span> },
      {
        id: 'role',
        label: t('role'),
        hideOnPhone: true,
        render: (token) => (token.role ? roles(`roles.${token.role}` as 'roles.ROLE_ADMIN', token.role) : ''),
      },
      {
        id: 'created_at',
        label: t('createdAt'),
        hideOnPhone: true,
        render: (token) => (token.created_at ? new Date(token.created_at).toLocaleDateString(i18n.language) : ''),
      },
      rowDeleteColumn(t('revoke'), (token) => token.name, onRevoke),
    ],
    [t, roles, i18n.language, onRevoke],
  );
}

/**
 * Existing credentials (never with a secret), given whole: the list table's compact form, so loading and
 * empty read as on every list. The screen around it is the create form's, so it is not a ListScreen.
 */
export function CredentialList({
  tokens,
  loading,
  onRevoke,
}: {
  tokens: ApiToken[] | undefined;
  loading: boolean;
  onRevoke(token: ApiToken): void;
}) {
  const { t } = useTranslation('apiCredentials');
  return (
    <PagedTable
      label={t('existing')}
      columns={useCredentialColumns(onRevoke)}
      rows={tokens}
      rowId={(token) => token.id}
      page={1}
      pageSize={5}
      total={tokens?.length ?? 0}
      loading={loading}
      onPageChange={() => undefined}
      paged={false}
    />
  );
}
