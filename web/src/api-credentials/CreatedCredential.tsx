import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ApiToken } from '@shared/schemas/api-token';
import { useTranslation } from 'react-i18next';
import { SecretShownOnce } from '../common/secret/SecretShownOnce';

/** Shown right after saving: client id and the once-only client secret. */
export function CreatedCredential({ token, onDone }: { token: ApiToken; onDone(): void }) {
  const { t } = useTranslation('apiCredentials');
  return (
    <SecretShownOnce
      secrets={[
        { label: t('clientId'), value: token.client_id },
        { label: t('clientSecret'), value: token.client_secret ?? '' },
      ]}
    >
      <Typography sx={{ fontWeight: 600, order: -1 }}>{token.name}</Typography>
      <Button variant="outlined" onClick={onDone} sx={{ alignSelf: 'flex-start' }}>
        {t('done')}
      </Button>
    </SecretShownOnce>
  );
}
