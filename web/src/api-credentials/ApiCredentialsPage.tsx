import { zodResolver } from '@hookform/resolvers/zod';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ApiToken, type ApiTokenInput, apiTokenInputSchema } from '@shared/schemas/api-token';
import { NAME_REQUIRED } from '@shared/schemas/common';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { ApiError } from '../api/ApiError';
import { errorMessage } from '../api/errorMessage';
import { apiBaseUrl } from '../api/runtimeConfig';
import { ConfirmDialog } from '../common/list/ConfirmDialog';
import { useListLoadError } from '../common/list/useListLoadError';
import { notifyError, notifySuccess } from '../common/notifications/notificationStore';
import { usePageTitle } from '../common/pageHandle';
import { useTranslateMessage } from '../i18n/translateMessage';
import { API_TOKENS_KEY, apiTokensQuery, createApiToken, revokeApiToken } from './apiCredentialsApi';
import { CreatedCredential } from './CreatedCredential';
import { CredentialList } from './CredentialList';

/** API credentials (spec 001 s.2 /api): create with a Name, see the secret once, list and revoke. */
export default function ApiCredentialsPage() {
  const { t } = useTranslation('apiCredentials');
  const title = usePageTitle();
  const translate = useTranslateMessage();
  const queryClient = useQueryClient();
  const tokens = useQuery(apiTokensQuery);
  useListLoadError(tokens.isError);
  const [created, setCreated] = useState<ApiToken | null>(null);
  const [toRevoke, setToRevoke] = useState<ApiToken | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ApiTokenInput>({ resolver: zodResolver(apiTokenInputSchema), defaultValues: { name: '' } });

  const onSubmit = handleSubmit(async (input) => {
    try {
      setCreated(await createApiToken(input));
      reset();
      notifySuccess(t('created'));
      await queryClient.invalidateQueries({ queryKey: API_TOKENS_KEY });
    } catch (error) {
      const onName = error instanceof ApiError ? error.violationFor('name') : undefined;
      if (onName) setError('name', { message: onName });
      else notifyError(errorMessage(error));
    }
  });

  const revoke = useMutation({
    mutationFn: (token: ApiToken) => revokeApiToken(token.id),
    onSuccess: () => notifySuccess(t('revoked')),
    onError: (error) => notifyError(errorMessage(error)),
    onSettled: async () => {
      setToRevoke(null);
      await queryClient.invalidateQueries({ queryKey: API_TOKENS_KEY });
    },
  });

  const nameError = errors.name?.message;
  return (
    <Stack spacing={3} sx={{ maxWidth: 720 }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography color="text.secondary">{t('intro')}</Typography>
        {created ? (
          <CreatedCredential token={created} onDone={() => setCreated(null)} />
        ) : (
          <Box
            component="form"
            noValidate
            onSubmit={onSubmit}
            sx={{ display: 'flex', gap: 2, mt: 2, flexWrap: 'wrap' }}
          >
            <TextField
              {...register('name')}
              label={t('name')}
              required
              sx={{ flex: '1 1 240px', mt: 0 }}
              error={!!nameError}
              helperText={nameError === NAME_REQUIRED ? t('errors.nameRequired') : nameError && translate(nameError)}
            />
            <Button type="submit" variant="contained" loading={isSubmitting} sx={{ alignSelf: 'flex-start', mt: 1 }}>
              {t('create')}
            </Button>
          </Box>
        )}
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2, wordBreak: 'break-word' }}>
          {t('tokenHelp', { url: `${apiBaseUrl()}/api/oauth/token` })}
        </Typography>
        <Stack direction="row" spacing={1.5} sx={{ mt: 1.5, alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Button component={RouterLink} to="/api/reference" variant="outlined" startIcon={<MenuBookIcon />}>
            {t('reference.link')}
          </Button>
          <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 240px' }}>
            {t('reference.linkHelp')}
          </Typography>
        </Stack>
      </Paper>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {t('existing')}
        </Typography>
        <CredentialList
          tokens={tokens.data ?? (tokens.isError ? [] : undefined)}
          loading={tokens.isPending}
          onRevoke={setToRevoke}
        />
      </Paper>
      <ConfirmDialog
        open={toRevoke !== null}
        message={t('revokeConfirm', { name: toRevoke?.name ?? '' })}
        busy={revoke.isPending}
        onYes={() => toRevoke && revoke.mutate(toRevoke)}
        onNo={() => setToRevoke(null)}
      />
    </Stack>
  );
}
