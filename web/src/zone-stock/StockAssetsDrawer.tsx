import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { StockTable } from '@shared/schemas/zone-stock';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { SideDrawer } from '../common/list/SideDrawer';
import { useStockAssets } from './stockApi';

const sinceFormat = (language: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Amsterdam' });

/**
 * One cell of the Stock table opened (`/stock?zone=..&profile=..`): the assets of that profile inside the zone
 * now, longest there first: name (a link to the asset's panel), customer, since when.
 */
export function StockAssetsDrawer({
  zoneId,
  profile,
  table,
  onClose,
}: {
  zoneId: number | null;
  profile: string | null;
  table: StockTable | undefined;
  onClose(): void;
}) {
  const { t, i18n } = useTranslation('zoneStock');
  const { t: tc } = useTranslation('common');
  const validZone = zoneId !== null && Number.isInteger(zoneId) && zoneId > 0 ? zoneId : null;
  const assets = useStockAssets(validZone, profile);
  const zoneName = table?.rows.find((r) => r.zone.id === validZone)?.zone.name ?? '';
  const profileName =
    profile === 'none' ? t('noProfile') : (table?.profiles.find((p) => String(p.id) === profile)?.name ?? '');
  const members = assets.data?.['hydra:member'];
  const format = sinceFormat(i18n.language);
  return (
    <SideDrawer
      open={validZone !== null}
      title={t('drill.title', { zone: zoneName, profile: profileName })}
      onClose={onClose}
    >
      <div data-stock-assets={members ? 'loaded' : 'loading'}>
        {!members &&
          !assets.isError &&
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
          Array.from({ length: 5 }, (_, i) => <Skeleton key={i} height={48} />)}
        {assets.isError && <Typography color="error">{t('drill.failed')}</Typography>}
        {members?.length === 0 && <Typography>{tc('noResult')}</Typography>}
        {members && members.length > 0 && (
          <List dense aria-label={t('drill.list')}>
            {members.map((member) => (
              <ListItem key={member.asset.id} divider>
                <ListItemText
                  primary={
                    <Link component={RouterLink} to={`/assets/${member.asset.id}`}>
                      {member.asset.name ?? `#${member.asset.id}`}
                    </Link>
                  }
                  secondary={`${member.customer?.name ?? t('drill.noCustomer')} · ${t('drill.since', {
                    time: format.format(new Date(member.since)),
                  })}`}
                />
              </ListItem>
            ))}
          </List>
        )}
      </div>
    </SideDrawer>
  );
}
