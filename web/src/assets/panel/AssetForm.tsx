import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { ASSET_STATUS_VALUES, STATUS_AFTER_CLIENT_CHANGE } from '@shared/schemas/asset-status';
import { useState } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ReferencePicker } from '../../common/form/ReferencePicker';
import { DeviceListLoadError } from '../../devices/DeviceListLoadError';
import { todayInputDay } from '../assetFormat';
import { useClientOptions, useDeviceOptions, useGeoZoneOptions, useProfileDefinitionOptions } from '../assetsApi';
import { useAssetMessage } from '../useAssetMessage';
import type { AssetFormValues, Named } from './assetForm';

interface AssetFormProps {
  form: UseFormReturn<AssetFormValues, unknown, Record<string, unknown>>;
  staffFields: boolean;
  profiles: boolean;
}

const nameOf = (n: Named) => n.name ?? `#${n.id}`;

export function AssetForm({ form, staffFields, profiles }: AssetFormProps) {
  const { t } = useTranslation('assets');
  const message = useAssetMessage();
  const { errors } = form.formState;
  const [clientSearch, setClientSearch] = useState('');
  const devices = useDeviceOptions(staffFields);
  const clients = useClientOptions(clientSearch, staffFields);
  const geoZones = useGeoZoneOptions(staffFields);
  const definitions = useProfileDefinitionOptions(profiles);
  const picker = { control: form.control, message };
  const text = (name: 'name' | 'reference' | 'description', extra: object = {}) => (
    <TextField
      label={t(`fields.${name}`)}
      {...form.register(name)}
      error={!!errors[name]}
      helperText={message(errors[name]?.message)}
      {...extra}
    />
  );

  return (
    <Stack spacing={2}>
      {text('name', { required: true, autoFocus: true })}
      {text('reference')}
      {text('description', { multiline: true, minRows: 2 })}
      {staffFields && (
        <>
          <div>
            <ReferencePicker
              {...picker}
              name="devices"
              label={t('fields.devices')}
              multiple
              options={(devices.data ?? []).map((d) => ({ id: d.id, name: d.name ?? d.dev_eui }))}
              optionLabel={nameOf}
            />
            {devices.isError && <DeviceListLoadError onRetry={() => void devices.refetch()} />}
          </div>
          <ReferencePicker
            {...picker}
            name="client"
            label={t('fields.client')}
            options={(clients.data ?? []).map((c) => ({ id: c.id, company: c.company ?? c.name }))}
            optionLabel={(c) => c.company ?? `#${c.id}`}
            onSearch={setClientSearch}
            // Spec 000 s.4: choosing a customer puts the asset back to "registered".
            onPicked={(picked) => picked && form.setValue('status', STATUS_AFTER_CLIENT_CHANGE)}
          />
          <ReferencePicker
            {...picker}
            name="geo_zone"
            label={t('fields.geoZone')}
            options={(geoZones.data ?? []).map((z) => ({ id: z.id, name: z.name }))}
            optionLabel={nameOf}
          />
        </>
      )}
      <TextField
        type="date"
        label={t('fields.scheduled')}
        {...form.register('scheduled')}
        error={!!errors.scheduled}
        helperText={message(errors.scheduled?.message)}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: todayInputDay() } }}
      />
      {profiles && (
        <ReferencePicker
          {...picker}
          name="asset_profile_definitions"
          label={t('fields.assetProfiles')}
          multiple
          options={(definitions.data ?? []).map((d) => ({ id: d.id, name: d.name }))}
          optionLabel={nameOf}
        />
      )}
      <Controller
        control={form.control}
        name="status"
        render={({ field, fieldState }) => (
          <TextField
            select
            label={t('fields.status')}
            {...field}
            error={!!fieldState.error}
            helperText={message(fieldState.error?.message)}
          >
            <MenuItem value="">{t('fields.noStatus')}</MenuItem>
            {ASSET_STATUS_VALUES.map((s) => (
              <MenuItem key={s} value={s}>
                {t(`statusValue.${s}`)}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
    </Stack>
  );
}
