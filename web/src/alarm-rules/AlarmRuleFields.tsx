import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  AFTER_HOURS_TYPE,
  ALARM_TYPE_REQUIRED,
  ALARM_TYPES,
  type AlarmType,
  DURATION_UNITS,
  durationRequired,
  MAX_DURATION,
} from '@shared/schemas/alarm';
import { useRef } from 'react';
import { Controller, type UseFormReturn, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useTranslateMessage } from '../i18n/translateMessage';
import { insertToken, placeholderToken, TEXT_PLACEHOLDERS, textForType } from './alarmPlaceholders';
import { DEFAULT_WORKING_HOURS_TEXT, WorkingHoursFields, type WorkingHoursText } from './WorkingHoursFields';

export interface AlarmRuleFormValues {
  /** '' until a type is chosen; the shared schema reads '0'..'2' as the numbers. */
  type: string;
  name: string;
  text: string;
  email: string;
  /** Time rules only (6-9): whole hours or days as typed; '' for none. */
  duration: string;
  /** Moved outside working hours (10) only: a text per weekday; null for the other types. */
  working_hours: WorkingHoursText | null;
  /** Metres as typed; '' for the default. */
  move_distance: string;
  /** Repeat and escalation (FollowUpFields): minutes and counts as typed, '' for none. */
  repeat_every: string;
  repeat_times: string;
  escalate_after: string;
  escalate_to: string;
  escalate_users: number[];
  version?: number;
}

/**
 * The alarm rule's fields (spec 000 s.2): Type, Name, Text with its placeholders, Email. Choosing a type
 * prefills Text with that type's template unless the user wrote a text of their own.
 */
export function AlarmRuleFields({
  form,
  readOnly,
  typeLocked,
}: {
  form: UseFormReturn<AlarmRuleFormValues>;
  /** No edit permission: the fields show but do not change. */
  readOnly: boolean;
  /** Spec 000 s.2: the type cannot be changed while the panel is loading (or saving). */
  typeLocked: boolean;
}) {
  const { t } = useTranslation('alarmRules');
  const translate = useTranslateMessage();
  const { register, control, formState, getValues, setValue } = form;
  const textElement = useRef<HTMLTextAreaElement | null>(null);
  const error = (name: keyof AlarmRuleFormValues) => {
    const found = formState.errors[name];
    // The zod resolver reports a union's closest member ("Invalid input: expected 0"), not the schema's own
    // message; a type the form rejects is always one not chosen.
    const message = name === 'type' && found?.type === 'invalid_value' ? ALARM_TYPE_REQUIRED : found?.message;
    return message ? { error: true, helperText: translate(String(message)) } : {};
  };
  const values = useWatch({ control });
  // Values set by the form (the loaded rule, a template, a chip) do not reach MUI's filled check of an
  // uncontrolled input: the label is told to stay up, or it would sit on the text.
  const input = (name: 'name' | 'text' | 'email' | 'duration') => ({
    slotProps: { input: { readOnly }, inputLabel: { shrink: values[name] ? true : undefined } },
  });
  const setText = (text: string) =>
    setValue('text', text, { shouldDirty: true, shouldValidate: formState.isSubmitted });

  const chooseType = (value: string, onChange: (value: string) => void) => {
    onChange(value);
    // A duration belongs to the time rules; another type takes none (the schema refuses one).
    if (!DURATION_UNITS[Number(value) as AlarmType] && getValues('duration'))
      setValue('duration', '', { shouldDirty: true, shouldValidate: formState.isSubmitted });
    // Working hours belong to type 10 (the schema refuses them beside another); it starts with Mon-Fri 07-18.
    const afterHours = value === String(AFTER_HOURS_TYPE);
    if (afterHours && !getValues('working_hours')) setValue('working_hours', DEFAULT_WORKING_HOURS_TEXT);
    if (!afterHours && getValues('working_hours')) {
      setValue('working_hours', null, { shouldDirty: true });
      setValue('move_distance', '', { shouldDirty: true });
    }
    const text = getValues('text');
    const next = textForType(value, text);
    if (next !== text) setText(next);
  };

  /** Puts the placeholder where the cursor is (at the end when Text never had focus). */
  const insert = (placeholder: string) => {
    const element = textElement.current;
    const current = getValues('text');
    const { text, cursor } = insertToken(current, placeholder, element?.selectionStart, element?.selectionEnd);
    setText(text);
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(cursor, cursor);
    });
  };
  const textField = register('text');

  return (
    <Stack spacing={0}>
      <Controller
        control={control}
        name="type"
        render={({ field }) => (
          <TextField
            select
            required
            label={t('fields.type')}
            value={field.value}
            onChange={(event) => chooseType(event.target.value, field.onChange)}
            onBlur={field.onBlur}
            inputRef={field.ref}
            disabled={typeLocked || readOnly}
            {...error('type')}
          >
            {ALARM_TYPES.map((type) => (
              <MenuItem key={type} value={String(type)}>
                {t(`types.${type}`)}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <DurationField form={form} readOnly={readOnly} type={values.type} error={error('duration')} />
      {values.type === String(AFTER_HOURS_TYPE) && <WorkingHoursFields form={form} readOnly={readOnly} />}
      <TextField {...register('name')} label={t('fields.name')} required {...input('name')} {...error('name')} />
      <TextField
        {...textField}
        inputRef={(element: HTMLTextAreaElement | null) => {
          textField.ref(element);
          textElement.current = element;
        }}
        label={t('fields.text')}
        required
        multiline
        minRows={3}
        {...input('text')}
        {...error('text')}
      />
      {!readOnly && (
        <Box sx={{ mb: 2 }}>
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 0.5 }}>
            {t('placeholders.title')}
          </Typography>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
            {TEXT_PLACEHOLDERS.map((name) => (
              <Chip
                key={name}
                size="small"
                variant="outlined"
                label={placeholderToken(name)}
                title={t(`placeholders.${name}`)}
                aria-label={t('placeholders.insert', {
                  placeholder: placeholderToken(name),
                  meaning: t(`placeholders.${name}`),
                })}
                onClick={() => insert(placeholderToken(name))}
              />
            ))}
          </Stack>
        </Box>
      )}
      <TextField
        {...register('email')}
        label={t('fields.email')}
        type="email"
        {...input('email')}
        {...error('email')}
        helperText={error('email').helperText ?? t('fields.emailHelp')}
      />
    </Stack>
  );
}

/**
 * The time rules' duration: hours for 6, days for 7 and 8, an optional grace in hours for 9; hidden for
 * the other types. Bounds and messages come from the shared schema.
 */
function DurationField({
  form,
  readOnly,
  type,
  error,
}: {
  form: UseFormReturn<AlarmRuleFormValues>;
  readOnly: boolean;
  type: string | undefined;
  error: { error?: boolean; helperText?: string };
}) {
  const { t } = useTranslation('alarmRules');
  const value = useWatch({ control: form.control, name: 'duration' });
  const unit = type === undefined || type === '' ? undefined : DURATION_UNITS[Number(type) as AlarmType];
  if (!unit) return null;
  const grace = type === '9';
  return (
    <TextField
      {...form.register('duration')}
      label={t(grace ? 'fields.grace' : `fields.duration.${unit}`)}
      required={durationRequired(Number(type))}
      type="number"
      data-testid="alarm-duration"
      slotProps={{
        input: { readOnly },
        htmlInput: { min: 1, max: MAX_DURATION[unit], step: 1, inputMode: 'numeric' },
        inputLabel: { shrink: value ? true : undefined },
      }}
      {...error}
      helperText={error.helperText ?? t(grace ? 'fields.graceHelp' : `fields.durationHelp.${unit}`)}
    />
  );
}
