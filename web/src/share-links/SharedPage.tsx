import LinkOffIcon from '@mui/icons-material/LinkOff';
import Alert from '@mui/material/Alert';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import type { SharedAsset, SharedView } from '@shared/schemas/share-link';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { ApiError } from '../api/ApiError';
import { FullPageSpinner } from '../common/FullPageSpinner';
import { useDocumentTitle } from '../common/pageHandle';
import { showThisPageIn } from '../i18n/i18n';
import { useShownLocation } from '../shell/useShownLocation';
import { fetchSharedView, shareLinkKeys } from './shareLinksApi';

// The map library is fetched once there is something to show: the ended page stays light.
const SharedMap = lazy(() => import('./SharedMap'));

/** An open page asks again this often while it is in view (react-query pauses the interval when hidden). */
const REFRESH_MS = 30_000;

const isEnded = (error: unknown) => error instanceof ApiError && error.status === 404;

/**
 * `/shared/:token`: what a share link shows to someone without an account, outside sign-in and without menus,
 * in the link's language; refreshed while open; a link that expired or was revoked says so and nothing more.
 */
export default function SharedPage() {
  const { token = '' } = useParams();
  const { t } = useTranslation('sharedPage');
  useDocumentTitle();
  const shownLocation = useShownLocation();
  const view = useQuery({
    queryKey: shareLinkKeys.shared(token),
    queryFn: ({ signal }) => fetchSharedView(token, signal),
    refetchInterval: (query) => (isEnded(query.state.error) ? false : REFRESH_MS),
    retry: (count, error) => !isEnded(error) && count < 2,
    meta: { silent: true },
  });
  const language = view.data?.language;
  useEffect(() => {
    if (language) showThisPageIn(language);
  }, [language]);

  const ended = isEnded(view.error);
  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column' }}>
      <AppBar position="static">
        <Toolbar>
          <Typography variant="h6" component="h1">
            {t('title')}
          </Typography>
        </Toolbar>
      </AppBar>
      <Box
        component="main"
        data-location={shownLocation}
        sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column' }}
      >
        {ended ? (
          <EndedLink />
        ) : view.data ? (
          <SharedContent view={view.data} updatedAt={view.dataUpdatedAt} />
        ) : view.isError ? (
          <Alert severity="warning" sx={{ m: 2 }}>
            {t('unavailable')}
          </Alert>
        ) : (
          <FullPageSpinner fill="area" />
        )}
      </Box>
    </Box>
  );
}

function EndedLink() {
  const { t } = useTranslation('sharedPage');
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', p: 4, mt: 6 }} data-testid="shared-ended">
      <LinkOffIcon color="disabled" sx={{ fontSize: 64 }} />
      <Typography variant="h5" component="h2">
        {t('ended')}
      </Typography>
      <Typography color="text.secondary">{t('endedHint')}</Typography>
    </Stack>
  );
}

function SharedContent({ view, updatedAt }: { view: SharedView; updatedAt: number }) {
  const { t, i18n } = useTranslation('sharedPage');
  const format = (iso: string | number) =>
    new Date(iso).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Box
      data-testid="shared-view"
      sx={{ flexGrow: 1, display: 'flex', flexDirection: { xs: 'column', md: 'row-reverse' }, minHeight: 0 }}
    >
      <Box sx={{ flexGrow: 1, minHeight: { xs: '55vh', md: 'auto' }, position: 'relative' }}>
        <Suspense fallback={<Box sx={{ position: 'absolute', inset: 0, bgcolor: 'action.hover' }} />}>
          <SharedMap assets={view.assets} />
        </Suspense>
      </Box>
      <Box
        sx={{ width: { xs: '100%', md: 360 }, p: 2, overflowY: 'auto', borderRight: { md: 1 }, borderColor: 'divider' }}
      >
        <Typography variant="body2" color="text.secondary">
          {t('until', { date: format(view.expires_at) })}
        </Typography>
        {view.history && (
          <Typography variant="body2" color="text.secondary">
            {t('history', { from: format(view.history.from), to: format(view.history.to) })}
          </Typography>
        )}
        <List dense>
          {view.assets.map((asset, index) => (
            // Shared assets carry no id (nothing of the tenant's leaves it): their order is their key.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <SharedAssetItem key={index} asset={asset} format={format} />
          ))}
        </List>
        <Typography variant="caption" color="text.secondary">
          {t('refreshed', { time: new Date(updatedAt).toLocaleTimeString(i18n.language) })}
        </Typography>
      </Box>
    </Box>
  );
}

function SharedAssetItem({ asset, format }: { asset: SharedAsset; format(iso: string): string }) {
  const { t } = useTranslation('sharedPage');
  const position = asset.position;
  const where = position
    ? [
        t('lastPosition', { date: format(position.date) }),
        position.radius ? t('radius', { radius: Math.round(position.radius) }) : null,
      ]
        .filter(Boolean)
        .join(', ')
    : t('noPosition');
  return (
    <ListItem disableGutters data-testid="shared-asset">
      <ListItemText primary={[asset.name, asset.reference].filter(Boolean).join(' · ')} secondary={where} />
    </ListItem>
  );
}
