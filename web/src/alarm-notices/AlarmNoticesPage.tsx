import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../common/notifications/notificationStore';
import { usePageTitle } from '../common/pageHandle';
import { useSession } from '../session/useSession';
import { useOwnAlarmNotices } from './alarmNoticesApi';
import { NoticeDefaultsSection } from './NoticeDefaultsSection';
import { NoticeSettingsEditor } from './NoticeSettingsEditor';

/**
 * /alarm-notices (the user menu, and the alarm rules screen): which alarm rules one is told of, on which channels,
 * in which hours (docs/decisions/0316-alarm-notices-per-user-held-repeated-and-escalated-by-one-due-job.md).
 * Administrators also set the defaults per role and per rule below.
 */
export default function AlarmNoticesPage() {
  const { t } = useTranslation('alarmNotices');
  const title = usePageTitle();
  const { isAdmin } = useSession();
  const { own, save, reset } = useOwnAlarmNotices();
  const data = own.data;
  return (
    <Stack spacing={3}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="alarm-notices-title">
        <Typography variant="h5" component="h1" id="alarm-notices-title" gutterBottom>
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('intro')}
        </Typography>
        {data ? (
          <>
            <Typography variant="body2" sx={{ mb: 2 }} data-testid="alarm-notices-own" data-own={String(data.own)}>
              {data.own ? t('own.custom') : t('own.usingDefaults')}
            </Typography>
            <NoticeSettingsEditor
              // A save or a reset answers new settings: the form starts again from them.
              key={JSON.stringify([data.own, data.rules, data.channels, data.time_zone, data.quiet_hours])}
              id="own"
              settings={data}
              rules={data.available_rules}
              onSave={async (settings) => {
                await save.mutateAsync(settings);
                notifySuccess(t('own.saved'));
              }}
              actions={
                data.own && (
                  <Button
                    onClick={async () => {
                      await reset.mutateAsync();
                      notifySuccess(t('own.resetDone'));
                    }}
                    loading={reset.isPending}
                  >
                    {t('own.reset')}
                  </Button>
                )
              }
            />
          </>
        ) : own.isError ? (
          <Typography role="alert" color="error">
            {t('loadError')}
          </Typography>
        ) : (
          <Skeleton variant="rounded" height={360} data-testid="alarm-notices-loading" />
        )}
      </Paper>
      {isAdmin && <NoticeDefaultsSection />}
    </Stack>
  );
}
