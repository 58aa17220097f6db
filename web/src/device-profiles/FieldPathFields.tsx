import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { FIELD_PATH_KEYS, type FieldPathKey } from '@shared/schemas/device-profile';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useTranslateMessage } from '../i18n/translateMessage';
import { Code } from './Code';
import type { DeviceProfileFormValues } from './deviceProfileForm';

/**
 * Examples of the names the mapping finds by itself when a path is left empty, shown under each field so a
 * person sees when a path is needed. The full list (nested objects too) is the server's
 * (functions/lib/pipeline/codecs/mapping.ts, explained in docs/device-payloads.md).
 */
const COMMON_NAMES: Record<FieldPathKey, string> = {
  latitude: 'latitude, lat, latitudeDeg, Lat',
  longitude: 'longitude, lng, lon, longitudeDeg',
  accuracy: 'accuracy, acc, hacc, horizontalAccuracy',
  battery_voltage: 'batV, batteryVoltage, vbat, battery',
  battery_percent: 'batteryPercent, batteryLevel, battery_level',
  tamper: 'tamper, sabotage, tampered',
  event_type: 'eventType, event, motion',
};

/** The optional dotted paths into the decoded data, two a row on wide screens. */
export function FieldPathFields({
  form,
  readOnly,
}: {
  form: UseFormReturn<DeviceProfileFormValues, unknown, unknown>;
  readOnly: boolean;
}) {
  const { t } = useTranslation('deviceProfiles');
  const translate = useTranslateMessage();
  const errors = form.formState.errors.field_paths;
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle1" sx={{ mb: 0.5 }}>
        {t('sections.fieldPaths')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('hints.fieldPaths')} <Code>gps.lat</Code>, <Code>positions.0.latitude</Code>. {t('hints.fieldPathsPair')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {FIELD_PATH_KEYS.map((key) => {
          const message = errors?.[key]?.message;
          return (
            <TextField
              key={key}
              label={t(`fieldPaths.${key}`)}
              {...form.register(`field_paths.${key}`)}
              error={!!message}
              helperText={
                message ? (
                  translate(message)
                ) : (
                  <>
                    {t('hints.commonNames')} <Code>{COMMON_NAMES[key]}</Code>
                  </>
                )
              }
              slotProps={{
                htmlInput: { readOnly, spellCheck: false, autoCapitalize: 'off', style: { fontFamily: 'monospace' } },
              }}
            />
          );
        })}
      </Box>
    </Box>
  );
}
