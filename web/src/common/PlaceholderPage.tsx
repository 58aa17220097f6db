import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from './pageHandle';

/** Stands in for screens not built yet; the title comes from the route's handle. */
export default function PlaceholderPage() {
  const { t } = useTranslation();
  const title = usePageTitle();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {title}
      </Typography>
      <Typography color="text.secondary">{t('placeholder.body')}</Typography>
    </Paper>
  );
}
