import Chip from '@mui/material/Chip';
import type { ReportSubscription } from '@shared/schemas/report-subscription';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, ListScreen } from '../common/list/ListScreen';
import { useTranslateMessage } from '../i18n/translateMessage';
import { useSession } from '../session/useSession';
import { ReportSubscriptionDrawer } from './ReportSubscriptionDrawer';
import { SUBSCRIPTIONS_PAGE_SIZE, useSubscriptionList } from './reportSubscriptionsApi';
import { useMomentText, useScheduleWords } from './scheduleWords';

/** The state column: paused, the last period's error, or active. */
function StateChip({ subscription }: { subscription: ReportSubscription }) {
  const { t } = useTranslation('reportSubscriptions');
  const translate = useTranslateMessage();
  if (subscription.paused) return <Chip size="small" label={t('state.paused')} />;
  if (subscription.last_error)
    return <Chip size="small" color="warning" label={t('state.failed')} title={translate(subscription.last_error)} />;
  return <Chip size="small" color="success" label={t('state.active')} />;
}

/**
 * /report-subscriptions ("Scheduled reports"): reports mailed on a schedule. One's own; an administrator sees
 * the tenant's, with their subscriber. Add new and the panel at /report-subscriptions/:id (the form, pause or
 * resume, Send now, delete).
 */
export default function ReportSubscriptionsPage() {
  const { t } = useTranslation('reportSubscriptions');
  const { t: tc } = useTranslation('common');
  const { t: kinds } = useTranslation('reportKinds');
  const { isAdmin, isClient } = useSession();
  const schedule = useScheduleWords();
  const moment = useMomentText();
  const columns = useMemo<Column<ReportSubscription>[]>(
    () => [
      // On a phone: which report, when, and its state (several subscriptions differ first by their kind).
      { id: 'kind', label: t('columns.kind'), render: (s) => kinds(`kinds.${s.kind}`) },
      ...(isAdmin
        ? [
            {
              id: 'owner',
              label: t('columns.owner'),
              hideOnPhone: true,
              render: (s) => s.owner.name ?? `#${s.owner.id}`,
            } satisfies Column<ReportSubscription>,
          ]
        : []),
      ...(isClient
        ? []
        : [
            {
              id: 'client',
              label: t('columns.client'),
              hideOnPhone: true,
              render: (s) => (s.client ? (s.client.name ?? `#${s.client.id}`) : t('allCustomers')),
            } satisfies Column<ReportSubscription>,
          ]),
      { id: 'schedule', label: t('columns.schedule'), render: (s) => schedule(s.schedule) },
      { id: 'format', label: t('columns.format'), hideOnPhone: true, render: (s) => t(`formats.${s.format}`) },
      { id: 'language', label: t('columns.language'), hideOnPhone: true, render: (s) => t(`languages.${s.language}`) },
      { id: 'lastSent', label: t('columns.lastSent'), hideOnPhone: true, render: (s) => moment(s.last_sent) },
      { id: 'nextDue', label: t('columns.nextDue'), hideOnPhone: true, render: (s) => moment(s.next_due) },
      { id: 'state', label: t('columns.state'), render: (s) => <StateChip subscription={s} /> },
    ],
    [t, isAdmin, isClient, schedule, moment, kinds],
  );
  return (
    <ListScreen
      basePath="/report-subscriptions"
      intro={t('intro')}
      useRows={useSubscriptionList}
      pageSize={SUBSCRIPTIONS_PAGE_SIZE}
      columns={columns}
      create={{ label: tc('addNew'), allowed: true }}
      loadErrorText={t('listError')}
      testId="report-subscriptions-table"
      renderPanel={(id, close) => <ReportSubscriptionDrawer subscriptionId={id} onClose={close} />}
    />
  );
}
