import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../common/pageHandle';
import { RetentionForm } from './RetentionForm';
import { useRetentionSettings } from './retentionApi';

/**
 * /retention (administrators): how long the tenant keeps each kind of record, within the product's bounds. A
 * change applies to what is written from then on (docs/data-model.md "Retention"), which the page says.
 */
export default function RetentionPage() {
  const { t } = useTranslation('retention');
  const title = usePageTitle();
  const { settings, save } = useRetentionSettings();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="retention-title">
      <Typography variant="h5" component="h1" id="retention-title" gutterBottom>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('intro')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
        {t('alsoKept')}
      </Typography>
      {settings.data ? (
        <RetentionForm key={settings.data.version ?? 'defaults'} settings={settings.data} save={save} />
      ) : settings.isError ? (
        <Typography role="alert" color="error">
          {t('loadError')}
        </Typography>
      ) : (
        <Skeleton variant="rounded" height={320} data-testid="retention-loading" />
      )}
    </Paper>
  );
}
