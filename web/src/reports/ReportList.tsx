import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Asset } from '@shared/schemas/asset';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';

/** The reported assets: name (opens the asset), customer, what was reported, and Confirm. */
export function ReportList({
  reports,
  loading,
  onConfirm,
}: {
  reports: Asset[] | undefined;
  loading: boolean;
  onConfirm(asset: Asset): void;
}) {
  const { t } = useTranslation('reports');
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
  if (!reports?.length) return <Typography sx={{ py: 2 }}>{common('noResult')}</Typography>;
  return (
    <List data-testid="report-list">
      {reports.map((asset) => {
        const delivered = asset.status?.status === 'send_delivered';
        return (
          <ListItem key={asset.id} divider data-report={asset.status?.status} sx={{ px: 0 }}>
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1}
              sx={{ width: '100%', alignItems: { xs: 'flex-start', sm: 'center' } }}
            >
              <ListItemText
                sx={{ flexGrow: 1, m: 0 }}
                primary={
                  <Link component={RouterLink} to={`/assets/${asset.id}`} aria-label={t('open', { name: asset.name })}>
                    {asset.name}
                  </Link>
                }
                secondary={asset.client?.company ? t('customer', { name: asset.client.company }) : t('noCustomer')}
              />
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexShrink: 0 }}>
                <Chip
                  size="small"
                  color={delivered ? 'success' : 'default'}
                  label={delivered ? t('delivered') : t('empty')}
                />
                <Button
                  variant="contained"
                  size="small"
                  aria-label={t('confirmLabel', { name: asset.name })}
                  onClick={() => onConfirm(asset)}
                >
                  {t('confirm')}
                </Button>
              </Stack>
            </Stack>
          </ListItem>
        );
      })}
    </List>
  );
}
