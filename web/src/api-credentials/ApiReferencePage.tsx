import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../api/apiClient';
import { usePageTitle } from '../common/pageHandle';
import { QuickStart } from './QuickStart';

/** Scalar and its styles are heavy: fetched only when this page shows the reference. */
const ScalarReference = lazy(() => import('./ScalarReference'));

const referenceLoading = <Skeleton variant="rounded" height={480} aria-hidden />;

/** The API reference for API token clients: how to get a token, then every route of the API. */
export default function ApiReferencePage() {
  const { t } = useTranslation('apiCredentials');
  const title = usePageTitle();
  // Public and generated once per API instance; the same document API clients read.
  const document = useQuery({
    queryKey: ['openapi-document'],
    queryFn: () => apiRequest<object>('/api/docs.json', { auth: false }),
    staleTime: 5 * 60_000,
  });
  return (
    <Stack spacing={3} sx={{ minWidth: 0 }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      <QuickStart />
      {document.isError ? (
        <Alert severity="error">{t('reference.loadFailed')}</Alert>
      ) : document.data ? (
        <Suspense fallback={referenceLoading}>
          <ScalarReference document={document.data} />
        </Suspense>
      ) : (
        referenceLoading
      )}
    </Stack>
  );
}
