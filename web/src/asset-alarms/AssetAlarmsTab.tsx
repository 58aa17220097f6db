import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AssetAlarm } from '@shared/schemas/asset-alarm';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../assets/assetFormat';
import { PagedTab } from '../common/list/PagedTab';
import { ALARM_PAGE_SIZE, useAcknowledgeAlarm, useAssetAlarms } from './assetAlarmsApi';

/** The alarms sent for the asset, newest first, each acknowledged once. */
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
      renderRow={(alarm) => <AlarmItem alarm={alarm} assetId={assetId} />}
      loading={alarms.isPending}
      failed={alarms.isError}
      errorText={t('loadError')}
      paging={{ page, pageSize: ALARM_PAGE_SIZE, total: alarms.data?.['hydra:totalItems'] ?? 0, onChange: setPage }}
      rowHeight={72}
    />
  );
}

function AlarmItem({ alarm, assetId }: { alarm: AssetAlarm; assetId: number }) {
  const { t } = useTranslation('assetAlarms');
  const acknowledge = useAcknowledgeAlarm(assetId);
  return (
    <ListItem divider alignItems="flex-start" sx={{ px: 0 }} data-testid="asset-alarm">
      <Stack spacing={0.5} sx={{ width: '100%', minWidth: 0 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
          <NotificationsActiveIcon color={alarm.acknowledgedAt ? 'disabled' : 'warning'} fontSize="small" />
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
        <Box>
          {alarm.acknowledgedAt ? (
            <Chip
              size="small"
              label={t('acknowledgedBy', {
                who: alarm.acknowledgedBy ?? '',
                when: formatDateTime(alarm.acknowledgedAt),
              })}
            />
          ) : (
            <Button
              size="small"
              variant="outlined"
              disabled={acknowledge.isPending}
              onClick={() => acknowledge.mutate(alarm.id)}
            >
              {t('acknowledge')}
            </Button>
          )}
        </Box>
      </Stack>
    </ListItem>
  );
}
