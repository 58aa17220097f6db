import LockResetIcon from '@mui/icons-material/LockReset';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useTranslateMessage } from '../i18n/translateMessage';
import { useAccountManagers } from './customersApi';

export interface CustomerFormValues {
  company: string;
  name: string;
  email: string;
  /** A user id as text ('' = none): what a select holds. */
  account_manager: string;
  version?: number;
}

/** Details tab (spec 000 s.2): Company, Name, Email, Account Manager, and the Reset password button. */
export function CustomerDetailsFields({
  form,
  editing,
  onResetPassword,
  resetting,
  storedManagerName,
}: {
  form: UseFormReturn<CustomerFormValues>;
  editing: boolean;
  /** Absent for a new customer. */
  onResetPassword?: () => void;
  resetting: boolean;
  /** The name copied on the customer, shown while the user list is not there. */
  storedManagerName?: string | null;
}) {
  const { t } = useTranslation('customers');
  const translate = useTranslateMessage();
  const managers = useAccountManagers();
  const { register, control, formState } = form;
  const error = (name: keyof CustomerFormValues) => {
    const message = formState.errors[name]?.message;
    return message ? { error: true, helperText: translate(String(message)) } : {};
  };
  const readOnly = { slotProps: { input: { readOnly: !editing } } };

  return (
    <Stack spacing={0}>
      <TextField {...register('company')} label={t('fields.company')} {...readOnly} {...error('company')} />
      <TextField {...register('name')} label={t('fields.name')} required {...readOnly} {...error('name')} />
      <TextField
        {...register('email')}
        label={t('fields.email')}
        type="email"
        required
        {...readOnly}
        {...error('email')}
      />
      <Controller
        control={control}
        name="account_manager"
        render={({ field }) => (
          <TextField
            select
            label={t('fields.accountManager')}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            disabled={!editing}
            {...error('account_manager')}
            helperText={error('account_manager').helperText ?? (managers.isError ? t('errors.managers') : undefined)}
          >
            <MenuItem value="">
              <em>{t('fields.noAccountManager')}</em>
            </MenuItem>
            {/* The stored manager stays choosable even if the user list has not loaded (yet). */}
            {field.value && !managers.data?.some((user) => String(user.id) === field.value) && (
              <MenuItem value={field.value}>{storedManagerName || `#${field.value}`}</MenuItem>
            )}
            {managers.data?.map((user) => (
              <MenuItem key={user.id} value={String(user.id)}>
                {user.name || user.email}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      {onResetPassword && (
        <Box sx={{ mt: 2 }}>
          <Button variant="outlined" startIcon={<LockResetIcon />} onClick={onResetPassword} loading={resetting}>
            {t('resetPassword.button')}
          </Button>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t('resetPassword.note')}
          </Typography>
        </Box>
      )}
    </Stack>
  );
}
