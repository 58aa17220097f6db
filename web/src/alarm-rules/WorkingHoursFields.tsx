import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DEFAULT_MOVE_DISTANCE, MAX_MOVE_DISTANCE, MIN_MOVE_DISTANCE } from '@shared/schemas/alarm';
import { DEFAULT_WORKING_HOURS, WEEKDAYS, type Weekday, type WorkingHours } from '@shared/schemas/working-hours';
import type { FieldError, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useTranslateMessage } from '../i18n/translateMessage';
import type { AlarmRuleFormValues } from './AlarmRuleFields';

/** A weekday's intervals as the form holds them: one text, "07:00-12:00, 13:00-18:00". */
export type WorkingHoursText = Record<Weekday, string>;

export const workingHoursText = (hours: WorkingHours): WorkingHoursText =>
  Object.fromEntries(WEEKDAYS.map((day) => [day, (hours[day] ?? []).join(', ')])) as WorkingHoursText;

/** What a newly chosen "moved outside working hours" type starts with: Mon-Fri 07:00-18:00. */
export const DEFAULT_WORKING_HOURS_TEXT = workingHoursText(DEFAULT_WORKING_HOURS);

/** A day's first problem: the day's own (a reversed or overlapping interval) or one of its intervals'. */
function dayMessage(found: unknown): string | undefined {
  if (!found) return undefined;
  type Problem = { message?: unknown };
  const error = found as Problem;
  if (typeof error.message === 'string') return error.message;
  const entries = Object.values(found as Record<string, Problem | undefined>);
  const message = entries.find((entry) => typeof entry?.message === 'string')?.message;
  return typeof message === 'string' ? message : undefined;
}

/**
 * The working hours and the distance of a "moved outside working hours" rule (type 10): one field a weekday,
 * empty for a day closed all day, in the product's time zone. Checked by the shared schema only.
 */
export function WorkingHoursFields({
  form,
  readOnly,
}: {
  form: UseFormReturn<AlarmRuleFormValues>;
  readOnly: boolean;
}) {
  const { t } = useTranslation('alarmRules');
  const translate = useTranslateMessage();
  const errors = form.formState.errors;
  const hoursMessage = (errors.working_hours as FieldError | undefined)?.message;
  const distanceMessage = errors.move_distance?.message;
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 1 }} data-testid="working-hours">
      <Typography component="legend" variant="subtitle2" sx={{ mb: 0.5, px: 0 }}>
        {t('fields.workingHours')}
      </Typography>
      <Typography variant="caption" color={hoursMessage ? 'error' : 'text.secondary'} component="p" sx={{ mb: 1 }}>
        {hoursMessage ? translate(String(hoursMessage)) : t('fields.workingHoursHelp')}
      </Typography>
      {/* Two intervals ("07:00-12:00, 13:00-18:00") need about 15rem: two columns only where both fit. */}
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(15rem, 1fr))', columnGap: 1 }}>
        {WEEKDAYS.map((day) => {
          const message = dayMessage(errors.working_hours?.[day]);
          return (
            <TextField
              key={day}
              {...form.register(`working_hours.${day}`)}
              label={t(`weekdays.${day}`)}
              size="small"
              placeholder={t('fields.closed')}
              slotProps={{
                input: { readOnly },
                inputLabel: { shrink: true },
                htmlInput: { 'data-testid': `working-hours-${day}` },
              }}
              error={Boolean(message)}
              helperText={message ? translate(message) : undefined}
              sx={{ mb: 0 }}
            />
          );
        })}
      </Box>
      <TextField
        {...form.register('move_distance')}
        label={t('fields.moveDistance')}
        type="number"
        placeholder={String(DEFAULT_MOVE_DISTANCE)}
        slotProps={{
          input: { readOnly },
          htmlInput: { min: MIN_MOVE_DISTANCE, max: MAX_MOVE_DISTANCE, step: 10, inputMode: 'numeric' },
          inputLabel: { shrink: true },
        }}
        error={Boolean(distanceMessage)}
        helperText={
          distanceMessage
            ? translate(String(distanceMessage))
            : t('fields.moveDistanceHelp', { distance: DEFAULT_MOVE_DISTANCE })
        }
        data-testid="move-distance"
      />
    </Box>
  );
}
