import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import {
  AFTER_HOURS_TYPE,
  type Alarm,
  type AlarmType,
  alarmInputSchema,
  alarmUpdateInputSchema,
  DURATION_UNITS,
} from '@shared/schemas/alarm';
import { workingHoursSchema } from '@shared/schemas/working-hours';
import { useTranslation } from 'react-i18next';
import { ConflictDialog } from '../common/conflict/ConflictDialog';
import { conflictRowsOf } from '../common/conflict/conflicts';
import { DeleteButton } from '../common/list/DeleteButton';
import type { PanelId } from '../common/list/ListScreen';
import { SideDrawer } from '../common/list/SideDrawer';
import { usePanelForm } from '../common/list/usePanelForm';
import { notifySuccess } from '../common/notifications/notificationStore';
import { useSession } from '../session/useSession';
import { AlarmRuleFields, type AlarmRuleFormValues } from './AlarmRuleFields';
import { AlarmSubscriptionList } from './AlarmSubscriptionList';
import { type AlarmRulePayload, useAlarmRule, useAlarmRuleMutations } from './alarmRulesApi';
import { FollowUpFields } from './FollowUpFields';
import { workingHoursText } from './WorkingHoursFields';

const EMPTY: AlarmRuleFormValues = {
  type: '',
  name: '',
  text: '',
  email: '',
  duration: '',
  working_hours: null,
  move_distance: '',
  repeat_every: '',
  repeat_times: '',
  escalate_after: '',
  escalate_to: '',
  escalate_users: [],
};
const FOLLOW_UP_FIELDS = ['repeat_every', 'repeat_times', 'escalate_after', 'escalate_to', 'escalate_users'];
const FORM_FIELDS = new Set([
  'type',
  'name',
  'text',
  'email',
  'duration',
  'working_hours',
  'move_distance',
  ...FOLLOW_UP_FIELDS,
]);
const text = (value: number | null) => (value === null ? '' : String(value));
const numberOf = (value: string) => (value.trim() ? Number(value) : null);

const toFormValues = (alarm: Alarm): AlarmRuleFormValues => ({
  type: String(alarm.type),
  name: alarm.name,
  text: alarm.text,
  email: alarm.email ?? '',
  duration: alarm.duration === null ? '' : String(alarm.duration),
  working_hours: alarm.working_hours ? workingHoursText(alarm.working_hours) : null,
  move_distance: alarm.move_distance === null ? '' : String(alarm.move_distance),
  repeat_every: text(alarm.repeat_every),
  repeat_times: text(alarm.repeat_times),
  escalate_after: text(alarm.escalate_after),
  escalate_to: alarm.escalate_to ?? '',
  escalate_users: alarm.escalate_users,
  version: alarm.version,
});

/** Type 10's working hours as the API takes them: the form's texts, read by the schema the form was checked with. */
const workingHoursOf = (values: AlarmRuleFormValues) =>
  Number(values.type) === AFTER_HOURS_TYPE && values.working_hours
    ? workingHoursSchema.parse(values.working_hours)
    : null;

const toPayload = (values: AlarmRuleFormValues, isNew: boolean): AlarmRulePayload => ({
  name: values.name.trim(),
  type: Number(values.type) as AlarmType,
  text: values.text,
  email: values.email.trim() || null,
  // Only the time rules take one (shared/schemas/alarm.ts); the field is hidden and emptied for the others.
  duration: DURATION_UNITS[Number(values.type) as AlarmType] && values.duration.trim() ? Number(values.duration) : null,
  working_hours: workingHoursOf(values),
  move_distance:
    Number(values.type) === AFTER_HOURS_TYPE && values.move_distance.trim() ? Number(values.move_distance) : null,
  repeat_every: numberOf(values.repeat_every),
  repeat_times: numberOf(values.repeat_times),
  escalate_after: numberOf(values.escalate_after),
  escalate_to: values.escalate_to.trim() || null,
  escalate_users: values.escalate_users,
  ...(isNew ? {} : { version: values.version }),
});

/** The alarm rule panel (spec 000 s.2): Type, Name, Text, Email; Delete (with confirmation) and Save. */
export function AlarmRuleDrawer({ alarmId, onClose }: { alarmId: PanelId; onClose(): void }) {
  const { t } = useTranslation('alarmRules');
  const { t: tc } = useTranslation('common');
  const { hasAny } = useSession();
  const isNew = alarmId === 'new';
  const existing = useAlarmRule(isNew ? undefined : alarmId);
  const { save, remove } = useAlarmRuleMutations();
  const alarm = existing.data;
  const { form, submit, conflictDialog } = usePanelForm({
    schema: isNew ? alarmInputSchema : alarmUpdateInputSchema,
    raw: true,
    empty: EMPTY,
    entity: alarm,
    failed: existing.isError,
    toFormValues,
    fields: FORM_FIELDS,
    conflict: {
      reread: () => existing.refetch().then((read) => read.data),
      rows: conflictRowsOf<AlarmRuleFormValues>({
        name: t('fields.name'),
        text: t('fields.text'),
        email: t('fields.email'),
        duration:
          alarm?.type === 9 ? t('fields.grace') : t(`fields.duration.${DURATION_UNITS[alarm?.type ?? 6] ?? 'hours'}`),
      }),
    },
    onClose,
  });

  const loading = !isNew && !alarm;
  const canSave = isNew ? hasAny(['ALARM_CREATE']) : hasAny(['ALARM_EDIT']);
  const onSubmit = submit(async (values) => {
    await save.mutateAsync({ id: isNew ? undefined : alarmId, payload: toPayload(values, isNew) });
    return isNew ? t('notifications.created') : t('notifications.updated');
  });
  const onDelete = async () => {
    if (isNew) return;
    await remove.mutateAsync(alarmId);
    notifySuccess(t('notifications.deleted'));
    onClose();
  };

  const actions = (
    <>
      {!isNew && hasAny(['ALARM_DELETE']) && (
        <DeleteButton
          message={t('confirmDelete', { name: alarm?.name ?? '' })}
          onConfirm={onDelete}
          disabled={loading}
        />
      )}
      {canSave && (
        <Button type="submit" form="alarm-rule-form" variant="contained" loading={save.isPending} disabled={loading}>
          {tc('save')}
        </Button>
      )}
    </>
  );

  return (
    <SideDrawer open title={isNew ? t('drawer.new') : t('drawer.title')} onClose={onClose} actions={actions}>
      {/* While the rule loads the fields show read-only and Type locked (spec 000 s.2), not skeletons. */}
      <Box component="form" id="alarm-rule-form" noValidate onSubmit={onSubmit} aria-busy={loading}>
        <AlarmRuleFields form={form} readOnly={!canSave || loading} typeLocked={loading || save.isPending} />
        <FollowUpFields form={form} readOnly={!canSave || loading} />
        <AlarmSubscriptionList alarm={alarm} />
      </Box>
      <ConflictDialog {...conflictDialog} />
    </SideDrawer>
  );
}
