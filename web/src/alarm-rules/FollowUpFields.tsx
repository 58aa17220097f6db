import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ESCALATE_AFTER, REPEAT_EVERY, REPEAT_TIMES } from '@shared/schemas/alarm';
import { Controller, type UseFormReturn, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useAlarmAssignees } from '../asset-alarms/alarmHandlingApi';
import { useTranslateMessage } from '../i18n/translateMessage';
import type { AlarmRuleFormValues } from './AlarmRuleFields';

type FollowUpName = 'repeat_every' | 'repeat_times' | 'escalate_after' | 'escalate_to';

/**
 * Repeat and escalation of an alarm nobody acknowledged (docs/decisions/0317-alarm-repeats-and-escalation-per-rule.md):
 * every N minutes up to a number of times, and after M minutes to a second group of addresses and/or users.
 * Bounds and messages come from the shared schema.
 */
export function FollowUpFields({ form, readOnly }: { form: UseFormReturn<AlarmRuleFormValues>; readOnly: boolean }) {
  const { t } = useTranslation('alarmRules');
  const translate = useTranslateMessage();
  const values = useWatch({ control: form.control });
  const assignees = useAlarmAssignees(!readOnly);
  const people = assignees.data?.['hydra:member'] ?? [];
  const error = (name: FollowUpName | 'escalate_users') => {
    const message = form.formState.errors[name]?.message;
    return message ? { error: true, helperText: translate(String(message)) } : {};
  };
  const number = (name: FollowUpName, bounds: { min: number; max: number }) => ({
    ...form.register(name),
    type: 'number',
    label: t(`followUp.${name}`),
    slotProps: {
      input: { readOnly },
      htmlInput: { min: bounds.min, max: bounds.max, step: 1, inputMode: 'numeric' as const },
      inputLabel: { shrink: values[name] ? true : undefined },
    },
    ...error(name),
  });
  return (
    <Stack spacing={0} data-testid="alarm-follow-up">
      <Typography variant="subtitle2" component="h3" sx={{ mt: 1, mb: 1.5 }}>
        {t('followUp.title')}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
        <TextField {...number('repeat_every', REPEAT_EVERY)} />
        <TextField {...number('repeat_times', REPEAT_TIMES)} />
      </Box>
      <TextField
        {...number('escalate_after', ESCALATE_AFTER)}
        helperText={error('escalate_after').helperText ?? t('followUp.escalateAfterHelp')}
      />
      <TextField
        {...form.register('escalate_to')}
        label={t('followUp.escalate_to')}
        type="email"
        slotProps={{ input: { readOnly }, inputLabel: { shrink: values.escalate_to ? true : undefined } }}
        {...error('escalate_to')}
        helperText={error('escalate_to').helperText ?? t('fields.emailHelp')}
      />
      <Controller
        control={form.control}
        name="escalate_users"
        render={({ field }) => (
          <Autocomplete
            multiple
            readOnly={readOnly}
            options={people.map((person) => person.id)}
            value={field.value}
            onChange={(_, ids) => field.onChange(ids)}
            getOptionLabel={(id) => {
              const person = people.find((p) => p.id === id);
              return person ? person.name || person.username : `#${id}`;
            }}
            renderInput={(params) => (
              <TextField {...params} label={t('followUp.escalate_users')} {...error('escalate_users')} />
            )}
          />
        )}
      />
    </Stack>
  );
}
