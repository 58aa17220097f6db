import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import {
  type Alarm,
  type AlarmType,
  alarmInputSchema,
  alarmUpdateInputSchema,
  DURATION_UNITS,
} from '@shared/schemas/alarm';
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

const EMPTY: AlarmRuleFormValues = { type: '', name: '', text: '', email: '', duration: '' };
const FORM_FIELDS = new Set(['type', 'name', 'text', 'email', 'duration']);

const toFormValues = (alarm: Alarm): AlarmRuleFormValues => ({
  type: String(alarm.type),
  name: alarm.name,
  text: alarm.text,
  email: alarm.email ?? '',
  duration: alarm.duration === null ? '' : String(alarm.duration),
  version: alarm.version,
});

const toPayload = (values: AlarmRuleFormValues, isNew: boolean): AlarmRulePayload => ({
  name: values.name.trim(),
  type: Number(values.type) as AlarmType,
  text: values.text,
  email: values.email.trim() || null,
  // Only the time rules take one (shared/schemas/alarm.ts); the field is hidden and emptied for the others.
  duration: DURATION_UNITS[Number(values.type) as AlarmType] && values.duration.trim() ? Number(values.duration) : null,
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
        <AlarmSubscriptionList alarm={alarm} />
      </Box>
      <ConflictDialog {...conflictDialog} />
    </SideDrawer>
  );
}
