import Link from '@mui/material/Link';
import { ALARM_TYPES, type Alarm } from '@shared/schemas/alarm';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink } from 'react-router-dom';
import { type Column, ListScreen } from '../common/list/ListScreen';
import { useSession } from '../session/useSession';
import { AlarmRuleDrawer } from './AlarmRuleDrawer';
import { ALARM_RULES_PAGE_SIZE, useAlarmRuleList } from './alarmRulesApi';

/** Spec 000 s.2 /alarm-rules: a paged Name/Type table, Add new, and the rule panel at /alarm-rules/:id. */
export default function AlarmRulesPage() {
  const { t } = useTranslation('alarmRules');
  const { t: tc } = useTranslation('common');
  const { hasAny } = useSession();

  const columns = useMemo<Column<Alarm>[]>(
    () => [
      { id: 'name', label: t('columns.name') },
      {
        id: 'type',
        label: t('columns.type'),
        render: (alarm) => (ALARM_TYPES.includes(alarm.type) ? t(`types.${alarm.type}`) : String(alarm.type)),
      },
    ],
    [t],
  );

  // The list needs ALARM_READ (the API refuses it otherwise); without it the user goes home, as on staff screens.
  if (!hasAny(['ALARM_READ'])) return <Navigate to="/" replace />;
  return (
    <ListScreen
      basePath="/alarm-rules"
      useRows={useAlarmRuleList}
      pageSize={ALARM_RULES_PAGE_SIZE}
      columns={columns}
      create={{ label: tc('addNew'), allowed: hasAny(['ALARM_CREATE']) }}
      intro={
        <Link component={RouterLink} to="/alarm-notices" data-testid="alarm-notices-link">
          {t('noticesLink')}
        </Link>
      }
      renderPanel={(id, close) => <AlarmRuleDrawer alarmId={id} onClose={close} />}
    />
  );
}
