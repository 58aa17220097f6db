import Chip from '@mui/material/Chip';
import type { WebhookEndpoint } from '@shared/schemas/webhook';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, ListScreen } from '../common/list/ListScreen';
import { WebhookDrawer } from './WebhookDrawer';
import { useWebhookList, WEBHOOKS_PAGE_SIZE } from './webhooksApi';

/**
 * /webhooks (administrators): the tenant's endpoints for ERP and planning systems, Add new and
 * the panel at /webhooks/:id with the form, the secret (shown once), test event, delivery log and replay.
 */
export default function WebhooksPage() {
  const { t } = useTranslation('webhooks');
  const { t: tc } = useTranslation('common');
  const columns = useMemo<Column<WebhookEndpoint>[]>(
    () => [
      {
        id: 'url',
        label: t('columns.url'),
        render: (endpoint) => (
          <span lang="en" style={{ wordBreak: 'break-all' }}>
            {endpoint.url}
          </span>
        ),
      },
      {
        id: 'description',
        label: t('columns.description'),
        hideOnPhone: true,
        render: (endpoint) => endpoint.description,
      },
      {
        id: 'events',
        label: t('columns.events'),
        hideOnPhone: true,
        render: (endpoint) => t('eventCount', { count: endpoint.event_types.length }),
      },
      {
        id: 'status',
        label: t('columns.status'),
        render: (endpoint) => (
          <Chip
            size="small"
            color={endpoint.enabled ? 'success' : 'default'}
            label={endpoint.enabled ? t('status.on') : t('status.off')}
          />
        ),
      },
    ],
    [t],
  );
  return (
    <ListScreen
      basePath="/webhooks"
      useRows={useWebhookList}
      pageSize={WEBHOOKS_PAGE_SIZE}
      columns={columns}
      create={{ label: tc('addNew'), allowed: true }}
      loadErrorText={t('listError')}
      renderPanel={(id, close) => <WebhookDrawer endpointId={id} onClose={close} />}
    />
  );
}
