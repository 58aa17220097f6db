import LinkOffIcon from '@mui/icons-material/LinkOff';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { ShareLink } from '@shared/schemas/share-link';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../api/errorMessage';
import { ConfirmDialog } from '../common/list/ConfirmDialog';
import { type Column, ListScreen } from '../common/list/ListScreen';
import { notifyError, notifySuccess } from '../common/notifications/notificationStore';
import { revokeShareLink, SHARE_LINKS_PAGE_SIZE, shareLinkKeys, useShareLinkList } from './shareLinksApi';

const STATE_COLOR = { live: 'success', expired: 'default', revoked: 'error' } as const;

export const subjectName = (link: ShareLink) => link.asset?.name ?? link.client?.company ?? `#${link.id}`;

function useShareLinkColumns(onRevoke: (link: ShareLink) => void): Column<ShareLink>[] {
  const { t, i18n } = useTranslation('shareLinks');
  return useMemo(() => {
    const when = (iso: string | null) =>
      iso ? new Date(iso).toLocaleString(i18n.language, { dateStyle: 'short', timeStyle: 'short' }) : t('never');
    return [
      {
        id: 'subject',
        label: t('columns.subject'),
        render: (link) => `${t(`kinds.${link.kind}`)}: ${subjectName(link)}`,
      },
      {
        id: 'state',
        label: t('columns.state'),
        render: (link) => (
          <Chip
            size="small"
            color={STATE_COLOR[link.state]}
            label={t(`states.${link.state}`)}
            data-state={link.state}
          />
        ),
      },
      { id: 'expires_at', label: t('columns.expiresAt'), render: (link) => when(link.expires_at) },
      { id: 'language', label: t('columns.language'), hideOnPhone: true, render: (l) => t(`languages.${l.language}`) },
      { id: 'uses', label: t('columns.uses'), align: 'right', render: (link) => link.uses },
      { id: 'last_used_at', label: t('columns.lastUsed'), hideOnPhone: true, render: (l) => when(l.last_used_at) },
      { id: 'created_by', label: t('columns.createdBy'), hideOnPhone: true, render: (l) => l.created_by.name ?? '' },
      {
        id: 'revoke',
        label: '',
        align: 'right',
        render: (link) =>
          link.state === 'live' ? (
            <Tooltip title={t('revoke')}>
              <IconButton aria-label={t('revokeOne', { name: subjectName(link) })} onClick={() => onRevoke(link)}>
                <LinkOffIcon />
              </IconButton>
            </Tooltip>
          ) : null,
      },
    ];
  }, [t, i18n.language, onRevoke]);
}

/**
 * Share links (`/share-links`): the tenant's links, newest first, with their state, uses and last use; a live one
 * is revoked after a confirmation. Links are made from an asset's panel or a customer's.
 */
export default function ShareLinksPage() {
  const { t } = useTranslation('shareLinks');
  const queryClient = useQueryClient();
  const [toRevoke, setToRevoke] = useState<ShareLink | null>(null);
  const columns = useShareLinkColumns(setToRevoke);
  const revoke = useMutation({
    mutationFn: (link: ShareLink) => revokeShareLink(link.id),
    onSuccess: () => notifySuccess(t('revoked')),
    onError: (error) => notifyError(errorMessage(error)),
    onSettled: async () => {
      setToRevoke(null);
      await queryClient.invalidateQueries({ queryKey: shareLinkKeys.all });
    },
  });
  return (
    <>
      <ListScreen<ShareLink, never>
        basePath="/share-links"
        intro={t('intro')}
        useRows={useShareLinkList}
        pageSize={SHARE_LINKS_PAGE_SIZE}
        columns={columns}
        testId="share-link-list"
      />
      <ConfirmDialog
        open={toRevoke !== null}
        message={t('revokeConfirm', { name: toRevoke ? subjectName(toRevoke) : '' })}
        busy={revoke.isPending}
        onYes={() => toRevoke && revoke.mutate(toRevoke)}
        onNo={() => setToRevoke(null)}
      />
    </>
  );
}
