import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { WEBHOOK_EVENT_TYPES, WEBHOOK_FORMATS, type WebhookEndpointInput } from '@shared/schemas/webhook';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useTranslateMessage } from '../i18n/translateMessage';

export type WebhookForm = UseFormReturn<WebhookEndpointInput>;

/**
 * URL, the message format (Standard Webhooks JSON, or a Teams or Slack channel's message), description, the event
 * types as checkboxes (each with its stable English name) and On/Off.
 */
export function WebhookFields({ form }: { form: WebhookForm }) {
  const { t } = useTranslation('webhooks');
  const translate = useTranslateMessage();
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const message = (text: string | undefined) => text && translate(text);
  return (
    <Stack spacing={2}>
      <TextField
        {...register('url')}
        label={t('fields.url')}
        required
        error={!!errors.url}
        helperText={message(errors.url?.message) ?? t('fields.urlHelp')}
        slotProps={{ htmlInput: { lang: 'en', inputMode: 'url' } }}
      />
      <Controller
        control={control}
        name="format"
        render={({ field }) => (
          <TextField
            select
            label={t('fields.format.label')}
            value={field.value ?? 'standard'}
            onChange={(event) => field.onChange(event.target.value)}
            onBlur={field.onBlur}
            name={field.name}
            error={!!errors.format}
            helperText={message(errors.format?.message) ?? t('fields.format.help')}
            slotProps={{ htmlInput: { 'data-testid': 'webhook-format' } }}
          >
            {WEBHOOK_FORMATS.map((format) => (
              <MenuItem key={format} value={format}>
                {t(`fields.format.${format}`)}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <TextField
        {...register('description')}
        label={t('fields.description')}
        error={!!errors.description}
        helperText={message(errors.description?.message)}
      />
      <Controller
        control={control}
        name="event_types"
        render={({ field }) => (
          <FormControl error={!!errors.event_types} component="fieldset" variant="standard">
            <FormLabel component="legend">{t('fields.events')}</FormLabel>
            <FormGroup>
              {WEBHOOK_EVENT_TYPES.map((type) => {
                const checked = field.value?.includes(type) ?? false;
                return (
                  <FormControlLabel
                    key={type}
                    control={
                      <Checkbox
                        checked={checked}
                        onChange={(_, on) =>
                          field.onChange(
                            on ? [...(field.value ?? []), type] : (field.value ?? []).filter((v) => v !== type),
                          )
                        }
                      />
                    }
                    label={
                      <>
                        {t(`eventTypes.${type.replace('.', '_')}` as 'eventTypes.alarm_raised')}{' '}
                        <code lang="en">{type}</code>
                      </>
                    }
                  />
                );
              })}
            </FormGroup>
            {errors.event_types && <FormHelperText>{message(errors.event_types.message)}</FormHelperText>}
          </FormControl>
        )}
      />
      <Controller
        control={control}
        name="enabled"
        render={({ field }) => (
          <FormControlLabel
            control={<Switch checked={field.value ?? true} onChange={(_, on) => field.onChange(on)} />}
            label={t('fields.enabled')}
          />
        )}
      />
    </Stack>
  );
}
