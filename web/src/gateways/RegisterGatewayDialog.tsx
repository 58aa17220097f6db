import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type Gateway, type GatewayInput, gatewayInputSchema } from '@shared/schemas/gateway';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/ApiError';
import { errorMessage } from '../api/errorMessage';
import { notifyError, notifySuccess } from '../common/notifications/notificationStore';
import { useTranslateMessage } from '../i18n/translateMessage';
import { GatewayCredentialsView } from './GatewayCredentialsView';
import { registerGateway } from './gatewaysApi';

const FIELDS = ['name', 'gateway_eui'] as const;

/**
 * Register a gateway: name and EUI, then the answer's credentials in the same dialog, shown once. Closing
 * asks nothing more: the list is refreshed by `onRegistered`, the key is gone with the dialog.
 */
export function RegisterGatewayDialog({
  open,
  onClose,
  onRegistered,
}: {
  open: boolean;
  onClose(): void;
  onRegistered(): void;
}) {
  const { t } = useTranslation('gateways');
  const translate = useTranslateMessage();
  const [registered, setRegistered] = useState<Gateway | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<GatewayInput>({
    resolver: zodResolver(gatewayInputSchema),
    defaultValues: { name: '', gateway_eui: '' },
  });

  const close = () => {
    setRegistered(null);
    reset();
    onClose();
  };
  const onSubmit = handleSubmit(async (input) => {
    try {
      setRegistered(await registerGateway(input));
      notifySuccess(t('registered'));
      onRegistered();
    } catch (error) {
      const violations = error instanceof ApiError ? FIELDS.filter((field) => error.violationFor(field)) : [];
      for (const field of violations) setError(field, { message: (error as ApiError).violationFor(field) });
      if (violations.length === 0) notifyError(errorMessage(error));
    }
  });
  const message = (field: (typeof FIELDS)[number]) => {
    const text = errors[field]?.message;
    return text && translate(text);
  };

  return (
    <Dialog
      open={open}
      onClose={isSubmitting ? undefined : close}
      maxWidth="sm"
      fullWidth
      aria-labelledby="register-gateway-title"
    >
      <DialogTitle id="register-gateway-title">{registered ? registered.name : t('register')}</DialogTitle>
      <DialogContent>
        {registered?.credentials ? (
          <GatewayCredentialsView thingName={registered.thing_name} credentials={registered.credentials} />
        ) : (
          <Stack component="form" id="register-gateway-form" noValidate onSubmit={onSubmit} spacing={2} sx={{ pt: 1 }}>
            <TextField
              {...register('name')}
              label={t('name')}
              required
              error={!!errors.name}
              helperText={message('name')}
            />
            <TextField
              {...register('gateway_eui')}
              label={t('eui')}
              required
              error={!!errors.gateway_eui}
              helperText={message('gateway_eui') ?? t('euiHelp')}
              slotProps={{ htmlInput: { style: { fontFamily: 'monospace' } } }}
            />
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        {registered ? (
          <Button variant="contained" onClick={close}>
            {t('done')}
          </Button>
        ) : (
          <>
            <Button onClick={close} disabled={isSubmitting}>
              {t('cancel')}
            </Button>
            <Button type="submit" form="register-gateway-form" variant="contained" loading={isSubmitting}>
              {t('registerAction')}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
