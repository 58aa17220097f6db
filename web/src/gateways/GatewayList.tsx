import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { Gateway } from '@shared/schemas/gateway';
import { useTranslation } from 'react-i18next';

/** Registered gateways (never with a key): a list rather than a table, so phones need no scrolling. */
export function GatewayList({
  gateways,
  loading,
  onDelete,
}: {
  gateways: Gateway[] | undefined;
  loading: boolean;
  onDelete(gateway: Gateway): void;
}) {
  const { t, i18n } = useTranslation('gateways');
  const { t: common } = useTranslation('common');
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
  if (!gateways?.length) return <Typography sx={{ py: 2 }}>{common('noResult')}</Typography>;
  const date = (iso: string | undefined) => (iso ? new Date(iso).toLocaleDateString(i18n.language) : '');
  return (
    <List data-testid="gateway-list">
      {gateways.map((gateway) => (
        <ListItem
          key={gateway.id}
          divider
          secondaryAction={
            <Tooltip title={t('delete')}>
              <IconButton edge="end" aria-label={`${t('delete')} ${gateway.name}`} onClick={() => onDelete(gateway)}>
                <DeleteOutlineIcon />
              </IconButton>
            </Tooltip>
          }
        >
          <ListItemText
            primary={gateway.name}
            secondary={
              <>
                <Typography component="span" variant="body2" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
                  {gateway.gateway_eui} · {gateway.thing_name}
                </Typography>
                <br />
                {[t('publishesTo', { topic: gateway.topic }), date(gateway.created_at)].filter(Boolean).join(' · ')}
              </>
            }
          />
        </ListItem>
      ))}
    </List>
  );
}
