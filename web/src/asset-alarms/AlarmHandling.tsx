import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AlarmState } from '@shared/schemas/alarm-handling';
import type { AssetAlarm } from '@shared/schemas/asset-alarm';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../assets/assetFormat';

const STATE_COLOURS: Record<AlarmState, 'warning' | 'info' | 'success'> = {
  open: 'warning',
  acknowledged: 'info',
  resolved: 'success',
};

/** How long ago, in the console's language ("5 minutes ago"), counted from the event that raised the alarm. */
export function useAge() {
  const { i18n } = useTranslation();
  const format = new Intl.RelativeTimeFormat(i18n.language, { numeric: 'auto' });
  return (at: string, now = Date.now()) => {
    const minutes = Math.round((new Date(at).getTime() - now) / 60_000);
    if (Math.abs(minutes) < 60) return format.format(minutes, 'minute');
    const hours = Math.round(minutes / 60);
    if (Math.abs(hours) < 48) return format.format(hours, 'hour');
    return format.format(Math.round(hours / 24), 'day');
  };
}

/** The alarm's state, owner and age on one line. */
export function AlarmStateLine({ alarm }: { alarm: Pick<AssetAlarm, 'state' | 'owner' | 'at'> }) {
  const { t } = useTranslation('assetAlarms');
  const age = useAge();
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
      <Chip
        size="small"
        color={STATE_COLOURS[alarm.state]}
        variant="outlined"
        label={t(`handling.states.${alarm.state}`)}
        data-testid="alarm-state"
      />
      <Typography variant="caption" color="text.secondary" data-testid="alarm-owner">
        {alarm.owner ? t('handling.ownedBy', { who: alarm.owner.username }) : t('handling.noOwner')}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {age(alarm.at)}
      </Typography>
    </Stack>
  );
}

/** Every step the alarm took: who, when, with what comment (an assignment: to whom). */
export function AlarmHistory({ history }: { history: AssetAlarm['history'] }) {
  const { t } = useTranslation('assetAlarms');
  if (history.length === 0) return null;
  return (
    <List dense disablePadding aria-label={t('handling.history')} data-testid="alarm-history">
      {history.map((step) => (
        <ListItem key={`${step.at}-${step.step}`} disableGutters sx={{ py: 0, display: 'block' }}>
          <Typography variant="caption" component="p" sx={{ overflowWrap: 'anywhere' }}>
            {step.step === 'assigned'
              ? t(step.owner ? 'handling.steps.assigned' : 'handling.steps.unassigned', {
                  who: step.by,
                  owner: step.owner?.username ?? '',
                  when: formatDateTime(step.at),
                })
              : t(`handling.steps.${step.step}`, { who: step.by, when: formatDateTime(step.at) })}
          </Typography>
          {step.comment && (
            <Typography
              variant="caption"
              component="p"
              color="text.secondary"
              sx={{ fontStyle: 'italic', overflowWrap: 'anywhere', pl: 1 }}
            >
              “{step.comment}”
            </Typography>
          )}
        </ListItem>
      ))}
    </List>
  );
}
