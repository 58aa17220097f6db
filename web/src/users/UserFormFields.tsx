import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import OutlinedInput from '@mui/material/OutlinedInput';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useTranslateMessage } from '../i18n/translateMessage';

export interface UserFormValues {
  name: string;
  username: string;
  email: string;
  password: string;
  /** Own record only: the server asks for it with a new password. */
  current_password: string;
  roles: string[];
  active: boolean;
  version?: number;
}

/** Which fields show and which may be changed, decided by UserDrawer from the mode and the caller. */
export interface FieldRules {
  isNew: boolean;
  /** Preferences: only name and password (spec 001 s.2). */
  basicOnly: boolean;
  /** Username, e-mail and roles are for admins (spec 001 s.6). */
  adminFields: boolean;
  rolesEditable: boolean;
  activeEditable: boolean;
  /** Users changing their own password prove they know the current one. */
  currentPassword: boolean;
}

export function UserFormFields({
  form,
  rules,
  roleOptions,
}: {
  form: UseFormReturn<UserFormValues>;
  rules: FieldRules;
  roleOptions: readonly string[];
}) {
  const { t } = useTranslation('users');
  const translate = useTranslateMessage();
  const { register, control, formState } = form;
  const error = (name: keyof UserFormValues) => {
    const message = formState.errors[name]?.message;
    return message ? { error: true, helperText: translate(String(message)) } : {};
  };
  const roleLabel = (role: string) => t(`roles.${role}` as 'roles.ROLE_USER', { defaultValue: role });

  return (
    <Stack spacing={0}>
      <TextField {...register('name')} label={t('fields.name')} required autoFocus={rules.isNew} {...error('name')} />
      {!rules.basicOnly && (
        <>
          <TextField
            {...register('username')}
            label={t('fields.username')}
            disabled={!rules.isNew || !rules.adminFields}
            autoComplete="off"
            {...error('username')}
            {...(!rules.isNew && !formState.errors.username ? { helperText: t('hints.usernameFixed') } : {})}
          />
          <TextField
            {...register('email')}
            label={t('fields.email')}
            type="email"
            required
            disabled={!rules.isNew && !rules.adminFields}
            autoComplete="off"
            {...error('email')}
          />
        </>
      )}
      <TextField
        {...register('password')}
        label={rules.isNew ? t('fields.password') : t('fields.changePassword')}
        type="password"
        required={rules.isNew}
        autoComplete="new-password"
        {...error('password')}
        {...(!rules.isNew && !formState.errors.password ? { helperText: t('hints.passwordKeep') } : {})}
      />
      {rules.currentPassword && (
        <TextField
          {...register('current_password')}
          label={t('fields.currentPassword')}
          type="password"
          autoComplete="current-password"
          {...error('current_password')}
          {...(!formState.errors.current_password ? { helperText: t('hints.currentPassword') } : {})}
        />
      )}
      {!rules.basicOnly && (
        <>
          <Controller
            name="roles"
            control={control}
            render={({ field, fieldState }) => (
              <FormControl
                margin="normal"
                fullWidth
                required
                error={!!fieldState.error}
                disabled={!rules.rolesEditable}
              >
                <InputLabel id="user-roles-label">{t('fields.roles')}</InputLabel>
                <Select
                  labelId="user-roles-label"
                  multiple
                  value={field.value}
                  onChange={(event) => field.onChange(event.target.value)}
                  onBlur={field.onBlur}
                  input={<OutlinedInput label={t('fields.roles')} />}
                  renderValue={(selected) => (
                    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
                      {selected.map((role) => (
                        <Chip key={role} label={roleLabel(role)} size="small" />
                      ))}
                    </Stack>
                  )}
                >
                  {roleOptions.map((role) => (
                    <MenuItem key={role} value={role}>
                      <Checkbox checked={field.value.includes(role)} size="small" sx={{ py: 0 }} />
                      {roleLabel(role)}
                    </MenuItem>
                  ))}
                </Select>
                {fieldState.error?.message && <FormHelperText>{translate(fieldState.error.message)}</FormHelperText>}
              </FormControl>
            )}
          />
          <FormControl margin="normal" error={!!formState.errors.active}>
            <FormLabel>{t('fields.status')}</FormLabel>
            <Controller
              name="active"
              control={control}
              render={({ field }) => (
                <FormControlLabel
                  label={t('fields.active')}
                  disabled={!rules.activeEditable}
                  control={<Checkbox checked={field.value} onChange={(_, checked) => field.onChange(checked)} />}
                />
              )}
            />
            {formState.errors.active?.message && (
              <FormHelperText>{translate(String(formState.errors.active.message))}</FormHelperText>
            )}
          </FormControl>
        </>
      )}
    </Stack>
  );
}
