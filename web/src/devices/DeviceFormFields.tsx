import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { DeviceProfile } from '@shared/schemas/device';
import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../assets/assetFormat';
import { ReferencePicker } from '../common/form/ReferencePicker';
import { useTranslateMessage } from '../i18n/translateMessage';
import type { DeviceFormValues } from './deviceForm';
import { useAssetOptions } from './devicesApi';
import { PayloadProfileField } from './PayloadProfileField';

interface DeviceFormFieldsProps {
  form: UseFormReturn<DeviceFormValues, unknown, Record<string, unknown>>;
  isNew: boolean;
  /** False for users who may read devices but not edit them. */
  editable: boolean;
  lastCommunication: string | undefined;
  /** The tenant's device profiles; the field is left out when there are none. */
  profiles: readonly DeviceProfile[];
}

type TextFieldName = 'name' | 'model' | 'notes' | 'dev_eui' | 'barcode' | 'activation_date';

/** Spec 000 s.2 device panel fields, in the spec's order. */
export function DeviceFormFields({ form, isNew, editable, lastCommunication, profiles }: DeviceFormFieldsProps) {
  const { t } = useTranslation('devices');
  const translate = useTranslateMessage();
  const message = (text: string | undefined) => (text ? translate(text) : undefined);
  const [assetSearch, setAssetSearch] = useState('');
  const assets = useAssetOptions(assetSearch, editable);
  const { errors } = form.formState;

  const text = (name: TextFieldName, label: string, extra: Record<string, unknown> = {}, hint?: string) => (
    <TextField
      label={label}
      {...form.register(name)}
      error={!!errors[name]}
      helperText={message(errors[name]?.message) ?? hint}
      disabled={!editable}
      {...extra}
    />
  );
  // DEVEUI and barcode are set once, when the device is added (spec 000 s.5); afterwards they are shown only.
  const createOnly = isNew
    ? {}
    : {
        slotProps: { htmlInput: { readOnly: true }, inputLabel: { shrink: true } },
        variant: 'filled',
        disabled: false,
      };
  const createOnlyHint = isNew ? t('hints.createOnly') : undefined;

  return (
    <Stack spacing={2}>
      {text('name', t('fields.name'), { autoFocus: isNew })}
      {text('model', t('fields.model'))}
      {text('notes', t('fields.notes'), { multiline: true, minRows: 2 })}
      <TextField
        label={t('fields.lastCommunication')}
        value={formatDateTime(lastCommunication)}
        variant="filled"
        slotProps={{ htmlInput: { readOnly: true }, inputLabel: { shrink: true } }}
      />
      {text('dev_eui', t('fields.devEui'), { ...createOnly, required: isNew }, createOnlyHint)}
      {text('barcode', t('fields.barcode'), createOnly, createOnlyHint)}
      {editable ? (
        <ReferencePicker
          control={form.control}
          name="asset"
          label={t('fields.asset')}
          options={assets.data ?? []}
          optionLabel={(asset) => asset.name}
          onSearch={setAssetSearch}
          message={message}
        />
      ) : (
        <TextField label={t('fields.asset')} value={form.getValues('asset')?.name ?? ''} disabled />
      )}
      {text('activation_date', t('fields.activationDate'), {
        type: 'date',
        slotProps: { inputLabel: { shrink: true } },
      })}
      {profiles.length > 0 && (
        <PayloadProfileField form={form} profiles={profiles} editable={editable} message={message} />
      )}
    </Stack>
  );
}
