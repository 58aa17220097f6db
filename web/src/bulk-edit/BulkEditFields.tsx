import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { ASSET_STATUS_VALUES } from '@shared/schemas/asset-status';
import type { BulkEditTarget } from '@shared/schemas/bulk-edit';
import { type ReactNode, useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { todayInputDay } from '../assets/assetFormat';
import { useClientOptions, useGeoZoneOptions, useProfileDefinitionOptions } from '../assets/assetsApi';
import { ReferencePicker } from '../common/form/ReferencePicker';
import { useDeviceProfiles } from '../devices/devicesApi';
import { useTranslateMessage } from '../i18n/translateMessage';
import { type BulkEditForm, type BulkField, FIELDS_OF } from './bulkEditForm';

interface BulkEditFieldsProps {
  target: BulkEditTarget;
  form: BulkEditForm;
}

/**
 * Each field the list's rows may get in one go: a box says it changes, the field beside it takes its value with
 * the same pickers as the asset and device forms. An unticked field is left as each row has it.
 */
export function BulkEditFields({ target, form }: BulkEditFieldsProps) {
  const { t } = useTranslation('bulkEdit');
  const use = form.watch('use');
  const input = useFieldInputs(target, form);
  return (
    <Stack spacing={1.5}>
      {FIELDS_OF[target].map((field) => (
        <Stack key={field} direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
          <FormControlLabel
            sx={{ minWidth: 190 }}
            control={
              <Checkbox
                {...form.register(`use.${field}`, { onChange: () => form.clearErrors('root') })}
                checked={use[field] ?? false}
              />
            }
            label={t(`fields.${field}`)}
          />
          <div style={{ flex: 1, minWidth: 0 }} data-field={field}>
            {use[field] ? input(field) : null}
          </div>
        </Stack>
      ))}
    </Stack>
  );
}

function useFieldInputs(target: BulkEditTarget, form: BulkEditForm) {
  const { t } = useTranslation('bulkEdit');
  const message = useTranslateMessage();
  const assets = target === 'assets';
  const [clientSearch, setClientSearch] = useState('');
  const clients = useClientOptions(clientSearch, assets);
  const zones = useGeoZoneOptions(assets);
  const definitions = useProfileDefinitionOptions(assets);
  const deviceProfiles = useDeviceProfiles(!assets);
  const { errors } = form.formState;
  const picker = { control: form.control, message: (text?: string) => (text ? message(text) : undefined) };
  const select = (field: 'status' | 'device_profiles', options: ReactNode) => (
    <Controller
      control={form.control}
      name={field}
      render={({ field: props, fieldState }) => (
        <TextField
          select
          fullWidth
          label={t(`fields.${field}`)}
          {...props}
          error={!!fieldState.error}
          helperText={fieldState.error?.message ? message(fieldState.error.message) : undefined}
        >
          {options}
        </TextField>
      )}
    />
  );
  const inputs: Record<BulkField, () => ReactNode> = {
    client: () => (
      <ReferencePicker
        {...picker}
        name="client"
        label={t('fields.client')}
        options={(clients.data ?? []).map((c) => ({ id: c.id, company: c.company ?? c.name }))}
        optionLabel={(c) => c.company ?? `#${c.id}`}
        onSearch={setClientSearch}
      />
    ),
    status: () =>
      select('status', [
        <MenuItem key="" value="">
          {t('none')}
        </MenuItem>,
        ...ASSET_STATUS_VALUES.map((s) => (
          <MenuItem key={s} value={s}>
            {t(`statusValue.${s}`)}
          </MenuItem>
        )),
      ]),
    asset_profile_definitions: () => (
      <ReferencePicker
        {...picker}
        name="asset_profile_definitions"
        label={t('fields.asset_profile_definitions')}
        multiple
        options={(definitions.data ?? []).map((d) => ({ id: d.id, name: d.name }))}
        optionLabel={(d) => d.name ?? `#${d.id}`}
      />
    ),
    geo_zone: () => (
      <ReferencePicker
        {...picker}
        name="geo_zone"
        label={t('fields.geo_zone')}
        options={(zones.data ?? []).map((z) => ({ id: z.id, name: z.name }))}
        optionLabel={(z) => z.name ?? `#${z.id}`}
      />
    ),
    scheduled: () => (
      <TextField
        type="date"
        fullWidth
        label={t('fields.scheduled')}
        {...form.register('scheduled')}
        error={!!errors.scheduled}
        helperText={errors.scheduled?.message ? message(errors.scheduled.message) : t('emptyClears')}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: todayInputDay() } }}
      />
    ),
    device_profiles: () =>
      select('device_profiles', [
        <MenuItem key="" value="">
          {t('noDeviceProfile')}
        </MenuItem>,
        ...(deviceProfiles.data ?? []).map((p) => (
          <MenuItem key={p.id} value={String(p.id)}>
            {p.name}
          </MenuItem>
        )),
      ]),
  };
  return (field: BulkField) => inputs[field]();
}
