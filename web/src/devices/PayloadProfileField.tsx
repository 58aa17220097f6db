import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { DeviceProfile } from '@shared/schemas/device';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { DeviceFormValues } from './deviceForm';

interface PayloadProfileFieldProps {
  form: UseFormReturn<DeviceFormValues, unknown, Record<string, unknown>>;
  profiles: readonly DeviceProfile[];
  editable: boolean;
  message: (text: string | undefined) => string | undefined;
}

/**
 * One "Payload profile" per device. The API keeps the spec's list of profile ids and decodes with the
 * first, so the choice is sent as `[id]` and "none" as `[]` (the built-in tracker-v1 layout).
 */
export function PayloadProfileField({ form, profiles, editable, message }: PayloadProfileFieldProps) {
  const { t } = useTranslation('devices');
  return (
    <Controller
      control={form.control}
      name="device_profiles"
      render={({ field, fieldState }) => {
        const chosen = field.value?.[0];
        // A profile the list no longer holds (deleted meanwhile) is still shown by its id, not as "none".
        const options = chosen && !profiles.some((p) => p.id === chosen.id) ? [...profiles, chosen] : profiles;
        return (
          <TextField
            select
            label={t('fields.payloadProfile')}
            value={chosen ? String(chosen.id) : ''}
            onChange={(event) => {
              const picked = profiles.find((p) => String(p.id) === event.target.value);
              field.onChange(picked ? [{ id: picked.id, name: picked.name }] : []);
            }}
            onBlur={field.onBlur}
            inputRef={field.ref}
            disabled={!editable}
            error={!!fieldState.error}
            helperText={message(fieldState.error?.message) ?? t('hints.payloadProfile')}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            data-testid="payload-profile"
          >
            <MenuItem value="">
              <em>{t('hints.payloadProfileNone')}</em>
            </MenuItem>
            {options.map((profile) => (
              <MenuItem key={profile.id} value={String(profile.id)}>
                {profile.name}
              </MenuItem>
            ))}
          </TextField>
        );
      }}
    />
  );
}
