import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AssetAlarm } from '@shared/schemas/asset-alarm';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../assets/assetFormat';
import { PagedTab } from '../common/list/PagedTab';
import { AlarmActions } from './AlarmActions';
import { AlarmHistory, AlarmStateLine } from './AlarmHandling';
import { ALARM_PAGE_SIZE, useAssetAlarms } from './assetAlarmsApi';

/** The alarms sent for the asset, newest first, each with its state, owner, history and what can be done now. */
export function AssetAlarmsTab({ assetId }: { assetId: number }) {
  const { t } = useTranslation('assetAlarms');
  const [page, setPage] = useState(1);
  const alarms = useAssetAlarms(assetId, page);
  return (
    <PagedTab
      label={t('title')}
      testId="asset-alarms"
      rows={alarms.data?.['hydra:member'] ?? []}
      rowKey={(alarm) => alarm.id}
      renderRow={(alarm) => <AlarmItem alarm={alarm} />}
      loading={alarms.isPending}
      failed={alarms.isError}
      errorText={t('loadError')}
      paging={{ page, pageSize: ALARM_PAGE_SIZE, total: alarms.data?.['hydra:totalItems'] ?? 0, onChange: setPage }}
      rowHeight={72}
    />
  );
}

function AlarmItem({ alarm }: { alarm: AssetAlarm }) {
  const { t } = useTranslation('assetAlarms');
  return (
    <ListItem divider alignItems="flex-start" sx={{ px: 0 }} data-testid="asset-alarm" data-alarm-id={alarm.id}>
      <Stack spacing={0.5} sx={{ width: '100%', minWidth: 0 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
          <NotificationsActiveIcon color={alarm.state === 'open' ? 'warning' : 'disabled'} fontSize="small" />
          <Typography variant="subtitle2" component="span">
            {t(`types.${alarm.type}`)}
          </Typography>
          <Typography variant="body2" color="text.secondary" component="span">
            {formatDateTime(alarm.at)}
          </Typography>
        </Stack>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {alarm.text}
        </Typography>
        <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {t('sentTo', { recipients: alarm.recipients.join(', ') })}
        </Typography>
        <AlarmStateLine alarm={alarm} />
        <AlarmHistory history={alarm.history} />
        <AlarmActions alarm={alarm} />
      </Stack>
    </ListItem>
  );
}
