import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ApiToken } from '@shared/schemas/api-token';
import { useTranslation } from 'react-i18next';

/** Existing credentials (never with a secret): a list rather than a table, so phones need no scrolling. */
export function CredentialList({
  tokens,
  loading,
  onRevoke,
}: {
  tokens: ApiToken[] | undefined;
  loading: boolean;
  onRevoke(token: ApiToken): void;
}) {
  const { t, i18n } = useTranslation('apiCredentials');
  const { t: common } = useTranslation('common');
  const roles = useTranslation('permissions').t;
  if (loading)
    return (
      <List aria-busy>
        {[1, 2, 3, 4, 5].map((n) => (
          <ListItem key={n}>
            <ListItemText primary={<Skeleton width="40%" />} secondary={<Skeleton width="70%" />} />
          </ListItem>
        ))}
      </List>
    );
  if (!tokens?.length) return <Typography sx={{ py: 2 }}>{common('noResult')}</Typography>;
  const date = (iso: string | undefined) => (iso ? new Date(iso).toLocaleDateString(i18n.language) : '');
  return (
    <List>
      {tokens.map((token) => (
        <ListItem
          key={token.id}
          divider
          secondaryAction={
            <Tooltip title={t('revoke')}>
              <IconButton edge="end" aria-label={`${t('revoke')} ${token.name}`} onClick={() => onRevoke(token)}>
                <DeleteOutlineIcon />
              </IconButton>
            </Tooltip>
          }
        >
          <ListItemText
            primary={token.name}
            secondary={
              <>
                <Typography component="span" variant="body2" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
                  {token.client_id}
                </Typography>
                <br />
                {[token.role && roles(`roles.${token.role}` as 'roles.ROLE_ADMIN', token.role), date(token.created_at)]
                  .filter(Boolean)
                  .join(' · ')}
              </>
            }
          />
        </ListItem>
      ))}
    </List>
  );
}
