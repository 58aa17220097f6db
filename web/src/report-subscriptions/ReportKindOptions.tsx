import Autocomplete from '@mui/material/Autocomplete';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  type AnyReportOptions,
  REPORT_OPTION_BOUNDS,
  REPORT_OPTION_DEFAULTS,
  REPORT_OPTION_FIELDS,
  REPORT_OPTION_SCHEMAS,
  type ReportKind,
} from '@shared/schemas/report-kinds';
import { useEffect } from 'react';
import { Controller, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useGeoZoneOptions } from '../assets/assetsApi';
import { useTranslateMessage } from '../i18n/translateMessage';

/**
 * The part of the subscription form that depends on the report kind: its definition in a sentence and its own
 * options (shared/schemas/report-kinds.ts), the fields REPORT_OPTION_FIELDS names with the schema's bounds. The
 * form holds them under `options` as the API takes them (zones as ids); the kind's schema checks them, in the
 * form and again on the server. When the kind changes, what the new kind does not take is dropped and what it
 * needs gets its default, so a kind is never saved with another's options.
 */
interface KindOptionsValues {
  options?: AnyReportOptions | null;
}

type NumberOption = 'days' | 'hours';

/** A tag's hours are hours not heard, a pickup's hours waiting; dormant days are days not located. */
const labelKey = (kind: ReportKind, name: NumberOption) => {
  if (kind === 'tag-health' && name === 'hours') return 'fields.silentHours' as const;
  if (kind === 'dormant-assets' && name === 'days') return 'fields.dormantDays' as const;
  return `fields.${name}` as const;
};

export function ReportKindOptions<V extends FieldValues, Output>({
  kind,
  form,
}: {
  kind: ReportKind;
  form: UseFormReturn<V, unknown, Output>;
}) {
  const { t } = useTranslation('reportKinds');
  const translate = useTranslateMessage();
  // The screen's form has `options` beside its own fields; only that part is read and written here.
  const own = form as unknown as UseFormReturn<KindOptionsValues>;
  const fields = REPORT_OPTION_FIELDS[kind];
  const zones = useGeoZoneOptions(fields.includes('zones'));

  useEffect(() => {
    const current = own.getValues('options') ?? {};
    if (REPORT_OPTION_SCHEMAS[kind].safeParse(current).success) return;
    const kept = Object.fromEntries(
      REPORT_OPTION_FIELDS[kind].flatMap((field) => (field in current ? [[field, current[field]]] : [])),
    );
    own.setValue('options', { ...REPORT_OPTION_DEFAULTS[kind], ...kept }, { shouldDirty: true });
  }, [kind, own]);

  const message = (name: string) => {
    const error = own.getFieldState(name as 'options', own.formState).error?.message;
    return error ? translate(String(error)) : undefined;
  };

  const numberField = (name: NumberOption) => {
    const bounds = REPORT_OPTION_BOUNDS[name];
    return (
      <Controller
        key={name}
        control={own.control}
        name={`options.${name}`}
        render={({ field }) => {
          const error = message(`options.${name}`);
          return (
            <TextField
              type="number"
              label={t(labelKey(kind, name))}
              value={field.value ?? ''}
              onChange={(event) => field.onChange(event.target.value === '' ? undefined : Number(event.target.value))}
              onBlur={field.onBlur}
              slotProps={{ htmlInput: { min: bounds.min, max: bounds.max, step: 1 } }}
              error={!!error}
              helperText={error ?? t('bounds', { min: bounds.min, max: bounds.max })}
            />
          );
        }}
      />
    );
  };

  const zonesField = () => (
    <Controller
      key="zones"
      control={own.control}
      name="options.zones"
      render={({ field }) => {
        const picked = new Set(field.value ?? []);
        const error = message('options.zones');
        return (
          <Autocomplete
            multiple
            options={zones.data ?? []}
            loading={zones.isLoading}
            value={(zones.data ?? []).filter((zone) => picked.has(zone.id))}
            getOptionLabel={(zone) => zone.name ?? `#${zone.id}`}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            onChange={(_, value) => field.onChange(value.map((zone) => zone.id))}
            renderInput={(params) => (
              <TextField
                {...params}
                label={t('fields.zones')}
                error={!!error}
                helperText={error ?? t('allZones', { max: REPORT_OPTION_BOUNDS.zones.max })}
              />
            )}
          />
        );
      }}
    />
  );

  const outsideField = () => (
    <Controller
      key="outside"
      control={own.control}
      name="options.outside"
      render={({ field }) => (
        <FormControlLabel
          control={
            <Checkbox checked={field.value === true} onChange={(event) => field.onChange(event.target.checked)} />
          }
          label={t('fields.outside')}
        />
      )}
    />
  );

  const fieldOf = (name: keyof AnyReportOptions) =>
    name === 'zones' ? zonesField() : name === 'outside' ? outsideField() : numberField(name);

  return (
    <Stack spacing={2} data-testid="report-kind-options">
      <Typography variant="body2" color="text.secondary">
        {t(`definitions.${kind}`)}
      </Typography>
      {fields.map(fieldOf)}
    </Stack>
  );
}
