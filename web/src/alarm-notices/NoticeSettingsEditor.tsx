import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { NOTICE_CHANNELS, type NoticeSettings, OUTSIDE_HOURS } from '@shared/schemas/alarm-notice';
import { WEEKDAYS } from '@shared/schemas/working-hours';
import type { ReactNode } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { violationsOnFields } from '../common/forms/violationsOnFields';
import { useTranslateMessage } from '../i18n/translateMessage';
import { fieldOfPath, formValuesOf, type NoticeFormValues, noticeResolver, parseSettings } from './noticeForm';

const FIELDS = new Set([
  'rules',
  'channels',
  'working_hours',
  'quiet_from',
  'quiet_to',
  'time_zone',
  'outside_hours',
  'allRules',
]);

/** Every zone the browser knows (IANA names); the API checks the one chosen. */
const TIME_ZONES: string[] = (() => {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return ['Europe/Amsterdam', 'UTC'];
  }
})();

export interface NoticeRule {
  id: number;
  name: string;
}

/**
 * One set of notice settings (a user's own, or a role's default): which rules, which channels, in which hours
 * (working hours per weekday, quiet hours, the time zone) and what happens outside them. `onSave` gets what the
 * shared schema made of the form; a 422 lands on its fields.
 */
export function NoticeSettingsEditor({
  id,
  settings,
  rules,
  onSave,
  actions,
}: {
  id: string;
  settings: NoticeSettings;
  rules: NoticeRule[];
  onSave(settings: NoticeSettings): Promise<unknown>;
  actions?: ReactNode;
}) {
  const { t } = useTranslation('alarmNotices');
  const translate = useTranslateMessage();
  const form = useForm<NoticeFormValues>({ resolver: noticeResolver, defaultValues: formValuesOf(settings) });
  const { control, register, formState, setError } = form;
  const values = useWatch({ control }) as NoticeFormValues;
  const message = (name: string) => {
    const [head, tail] = name.split('.') as [keyof NoticeFormValues, string | undefined];
    const found = formState.errors[head] as Record<string, { message?: string }> | { message?: string } | undefined;
    const text = tail
      ? (found as Record<string, { message?: string }> | undefined)?.[tail]?.message
      : (found as { message?: string } | undefined)?.message;
    return text ? translate(text) : undefined;
  };
  const onSubmit = form.handleSubmit(async (formValues) => {
    try {
      await onSave(parseSettings(formValues));
    } catch (error) {
      violationsOnFields(error, setError, FIELDS, translate, fieldOfPath);
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} data-testid={`notice-form-${id}`} sx={{ maxWidth: 760 }}>
      <Stack spacing={2}>
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
          <Typography component="legend" variant="subtitle2">
            {t('rules.title')}
          </Typography>
          <Controller
            control={control}
            name="allRules"
            render={({ field }) => (
              <RadioGroup
                row
                value={field.value ? 'all' : 'chosen'}
                onChange={(event) => field.onChange(event.target.value === 'all')}
              >
                <FormControlLabel value="all" control={<Radio />} label={t('rules.all')} />
                <FormControlLabel value="chosen" control={<Radio />} label={t('rules.chosen')} />
              </RadioGroup>
            )}
          />
          {!values.allRules && (
            <Controller
              control={control}
              name="rules"
              render={({ field }) => (
                <Autocomplete
                  multiple
                  options={rules.map((rule) => rule.id)}
                  value={field.value}
                  onChange={(_, ids) => field.onChange(ids)}
                  getOptionLabel={(ruleId) => rules.find((rule) => rule.id === ruleId)?.name ?? `#${ruleId}`}
                  renderInput={(params) => (
                    <TextField
                      {...params}
                      label={t('rules.label')}
                      error={Boolean(message('rules'))}
                      helperText={message('rules') ?? t('rules.help')}
                    />
                  )}
                />
              )}
            />
          )}
        </Box>

        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
          <Typography component="legend" variant="subtitle2">
            {t('channels.title')}
          </Typography>
          <Controller
            control={control}
            name="channels"
            render={({ field }) => (
              <Stack direction="row" sx={{ flexWrap: 'wrap' }}>
                {NOTICE_CHANNELS.map((channel) => (
                  <FormControlLabel
                    key={channel}
                    label={t(`channels.${channel}`)}
                    control={
                      <Checkbox
                        checked={field.value.includes(channel)}
                        onChange={(event) =>
                          field.onChange(
                            event.target.checked
                              ? [...field.value, channel]
                              : field.value.filter((chosen) => chosen !== channel),
                          )
                        }
                      />
                    }
                  />
                ))}
              </Stack>
            )}
          />
          <FormHelperText error={Boolean(message('channels'))}>
            {message('channels') ?? t('channels.help')}
          </FormHelperText>
        </Box>

        <Controller
          control={control}
          name="time_zone"
          render={({ field }) => (
            <Autocomplete
              options={TIME_ZONES}
              value={field.value}
              onChange={(_, zone) => field.onChange(zone ?? '')}
              disableClearable
              renderInput={(params) => (
                <TextField
                  {...params}
                  label={t('hours.timeZone')}
                  error={Boolean(message('time_zone'))}
                  helperText={message('time_zone') ?? t('hours.timeZoneHelp')}
                />
              )}
            />
          )}
        />

        <Box>
          <FormControlLabel
            control={<Switch {...register('useWorkingHours')} checked={values.useWorkingHours} />}
            label={t('hours.onlyWorkingHours')}
          />
          {values.useWorkingHours && (
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' }, gap: 1, mt: 1 }}>
              {WEEKDAYS.map((day) => (
                <TextField
                  key={day}
                  {...register(`working_hours.${day}`)}
                  label={t(`weekdays.${day}`)}
                  size="small"
                  placeholder={t('hours.closed')}
                  slotProps={{ inputLabel: { shrink: true } }}
                  error={Boolean(message(`working_hours.${day}`))}
                  helperText={message(`working_hours.${day}`)}
                />
              ))}
            </Box>
          )}
        </Box>

        <Box>
          <FormControlLabel
            control={<Switch {...register('useQuietHours')} checked={values.useQuietHours} />}
            label={t('hours.quietHours')}
          />
          {values.useQuietHours && (
            <Stack direction="row" spacing={2} sx={{ mt: 1 }}>
              {(['quiet_from', 'quiet_to'] as const).map((name) => (
                <TextField
                  key={name}
                  {...register(name)}
                  type="time"
                  size="small"
                  label={t(`hours.${name}`)}
                  slotProps={{ inputLabel: { shrink: true } }}
                  error={Boolean(message(name))}
                  helperText={message(name)}
                  sx={{ flex: 1 }}
                />
              ))}
            </Stack>
          )}
        </Box>

        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
          <Typography component="legend" variant="subtitle2">
            {t('outside.title')}
          </Typography>
          <Controller
            control={control}
            name="outside_hours"
            render={({ field }) => (
              <RadioGroup value={field.value} onChange={(event) => field.onChange(event.target.value)}>
                {OUTSIDE_HOURS.map((choice) => (
                  <FormControlLabel key={choice} value={choice} control={<Radio />} label={t(`outside.${choice}`)} />
                ))}
              </RadioGroup>
            )}
          />
        </Box>

        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button type="submit" variant="contained" loading={formState.isSubmitting}>
            {t('save')}
          </Button>
          {actions}
        </Stack>
      </Stack>
    </Box>
  );
}
