import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { BATTERY_UNITS } from '@shared/schemas/device-profile';
import type { ReactNode } from 'react';
import { Controller, type Path, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useTranslateMessage } from '../i18n/translateMessage';
import { CodecEditor } from './CodecEditor';
import type { DeviceProfileFormValues } from './deviceProfileForm';
import { FieldPathFields } from './FieldPathFields';

type ProfileForm = UseFormReturn<DeviceProfileFormValues, unknown, unknown>;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section">
      <Typography variant="subtitle1" component="h3" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** The profile's form: name, codec, field paths, battery thresholds and heartbeat. */
export function DeviceProfileFields({
  form,
  readOnly,
  isNew,
}: {
  form: ProfileForm;
  readOnly: boolean;
  isNew: boolean;
}) {
  const { t } = useTranslation('deviceProfiles');
  const translate = useTranslateMessage();
  const unit = form.watch('battery_unit');

  /** A text field bound to the form, its error (shared schema or API) translated under it, else its hint. */
  const text = (name: Path<DeviceProfileFormValues>, label: string, hint?: ReactNode, extra: object = {}) => {
    const message = form.getFieldState(name, form.formState).error?.message;
    return (
      <TextField
        label={label}
        {...form.register(name)}
        error={!!message}
        helperText={message ? translate(message) : hint}
        slotProps={{ htmlInput: { readOnly, inputMode: 'decimal' } }}
        fullWidth
        {...extra}
      />
    );
  };
  const select = (name: 'battery_unit' | 'interval_unit', label: string, options: [string, string][]) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <TextField select label={label} {...field} disabled={readOnly} sx={{ minWidth: 140 }}>
          {options.map(([value, text]) => (
            <MenuItem key={value} value={value}>
              {text}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
  const unitWord = unit === '%' ? t('units.percentShort') : t('units.voltShort');

  return (
    <Stack spacing={3}>
      {text('name', t('fields.name'), undefined, {
        autoFocus: isNew,
        required: true,
        slotProps: { htmlInput: { readOnly } },
      })}
      <Section title={t('sections.codec')}>
        <CodecEditor form={form} readOnly={readOnly} />
      </Section>
      <FieldPathFields form={form} readOnly={readOnly} />
      <Section title={t('sections.battery')}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
          {select(
            'battery_unit',
            t('fields.batteryUnit'),
            BATTERY_UNITS.map((value) => [value, value === '%' ? t('units.percent') : t('units.volt')]),
          )}
          {text('battery_low_below', t('fields.batteryLowBelow', { unit: unitWord }), t('hints.batteryLowBelow'))}
          {text('battery_fine_above', t('fields.batteryFineAbove', { unit: unitWord }), t('hints.batteryFineAbove'))}
        </Stack>
      </Section>
      <Section title={t('sections.heartbeat')}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
          {text('interval_value', t('fields.interval'), t('hints.interval'), {
            slotProps: { htmlInput: { readOnly, inputMode: 'decimal' } },
          })}
          {select('interval_unit', t('fields.intervalUnit'), [
            ['minutes', t('units.minutes')],
            ['hours', t('units.hours')],
          ])}
          {text('silent_after_intervals', t('fields.silentAfter'), t('hints.silentAfter'), {
            slotProps: { htmlInput: { readOnly, inputMode: 'numeric' } },
          })}
        </Stack>
      </Section>
    </Stack>
  );
}
