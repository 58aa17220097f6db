import { zodResolver } from '@hookform/resolvers/zod';
import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { type Alarm, type AlarmType, alarmInputSchema, alarmUpdateInputSchema } from '@shared/schemas/alarm';
import { useEffect, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/ApiError';
import { errorMessage } from '../api/errorMessage';
import { ConfirmDialog } from '../common/list/ConfirmDialog';
import type { PanelId } from '../common/list/ListScreen';
import { SideDrawer } from '../common/list/SideDrawer';
import { notifyError, notifySuccess } from '../common/notifications/notificationStore';
import { useSession } from '../session/useSession';
import { AlarmRuleFields, type AlarmRuleFormValues } from './AlarmRuleFields';
import { AlarmSubscriptionList } from './AlarmSubscriptionList';
import { type AlarmRulePayload, useAlarmRule, useAlarmRuleMutations } from './alarmRulesApi';

const EMPTY: AlarmRuleFormValues = { type: '', name: '', text: '', email: '' };
const FORM_FIELDS = new Set(['type', 'name', 'text', 'email']);

const toFormValues = (alarm: Alarm): AlarmRuleFormValues => ({
  type: String(alarm.type),
  name: alarm.name,
  text: alarm.text,
  email: alarm.email ?? '',
  version: alarm.version,
});

const toPayload = (values: AlarmRuleFormValues, isNew: boolean): AlarmRulePayload => ({
  name: values.name.trim(),
  type: Number(values.type) as AlarmType,
  text: values.text,
  email: values.email.trim() || null,
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
  const [confirming, setConfirming] = useState(false);
  const form = useForm<AlarmRuleFormValues>({
    defaultValues: EMPTY,
    // raw: the submit handler gets the form's text values; the shared schema only checks them.
    resolver: zodResolver((isNew ? alarmInputSchema : alarmUpdateInputSchema) as never, undefined, {
      raw: true,
    }) as unknown as Resolver<AlarmRuleFormValues>,
  });
  const { reset } = form;
  // A rule that does not exist (any more, or in another tenant): the error is notified, the panel closes.
  useEffect(() => {
    if (existing.isError) onClose();
  }, [existing.isError, onClose]);
  useEffect(() => {
    if (existing.data) reset(toFormValues(existing.data));
  }, [existing.data, reset]);

  const alarm = existing.data;
  const loading = !isNew && !alarm;
  const canSave = isNew ? hasAny(['ALARM_CREATE']) : hasAny(['ALARM_EDIT']);
  const canDelete = !isNew && hasAny(['ALARM_DELETE']);

  const showViolations = (error: unknown) => {
    if (!(error instanceof ApiError) || error.violations.length === 0) return notifyError(errorMessage(error));
    for (const violation of error.violations) {
      const field = violation.propertyPath.split(/[.[]/)[0] ?? '';
      if (FORM_FIELDS.has(field)) form.setError(field as keyof AlarmRuleFormValues, { message: violation.message });
      else notifyError(violation.message);
    }
  };

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ id: isNew ? undefined : alarmId, payload: toPayload(values, isNew) });
      notifySuccess(isNew ? t('notifications.created') : t('notifications.updated'));
      onClose();
    } catch (error) {
      showViolations(error);
    }
  });

  const onDelete = async () => {
    if (isNew) return;
    try {
      await remove.mutateAsync(alarmId);
      notifySuccess(t('notifications.deleted'));
      setConfirming(false);
      onClose();
    } catch {
      // The failed call's notice says why; the panel stays.
      setConfirming(false);
    }
  };

  const actions = (
    <>
      {canDelete && (
        <Button
          color="error"
          startIcon={<DeleteIcon />}
          onClick={() => setConfirming(true)}
          disabled={loading}
          sx={{ mr: 'auto' }}
        >
          {tc('delete')}
        </Button>
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
      <ConfirmDialog
        open={confirming}
        message={t('confirmDelete', { name: alarm?.name ?? '' })}
        busy={remove.isPending}
        onYes={onDelete}
        onNo={() => setConfirming(false)}
      />
    </SideDrawer>
  );
}
