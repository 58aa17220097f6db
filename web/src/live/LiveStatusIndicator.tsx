import SensorsIcon from '@mui/icons-material/Sensors';
import SensorsOffIcon from '@mui/icons-material/SensorsOff';
import SyncIcon from '@mui/icons-material/Sync';
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { type LiveStatus, useLiveStatus } from './liveStatus';

const ICONS: Record<LiveStatus, typeof SensorsIcon> = {
  live: SensorsIcon,
  connecting: SyncIcon,
  polling: SensorsOffIcon,
};

/**
 * The top bar's live status: whether changes arrive by themselves, the console is connecting, or
 * it asks for them every 30 s. A status, not a control: read out when it changes, its word shown beside the
 * icon on wide screens, in the tooltip and the accessible name on phones.
 */
export function LiveStatusIndicator() {
  const { t } = useTranslation('live');
  const status = useLiveStatus();
  const Icon = ICONS[status];
  return (
    <Tooltip title={t(`${status}.description`)} describeChild>
      <Box
        role="status"
        aria-label={t(`${status}.label`)}
        data-testid="live-status"
        data-live-status={status}
        sx={{ display: 'flex', alignItems: 'center', gap: 0.5, px: 0.5, opacity: status === 'live' ? 1 : 0.85 }}
      >
        <Icon fontSize="small" aria-hidden />
        <Typography variant="body2" component="span" sx={{ display: { xs: 'none', md: 'inline' } }} aria-hidden>
          {t(`${status}.word`)}
        </Typography>
      </Box>
    </Tooltip>
  );
}
