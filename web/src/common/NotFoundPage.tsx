import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { NotFoundImage } from './NotFoundImage';

/** Any unknown path (spec 001 s.2): an image and the title 'Page not found'. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: { xs: 4, sm: 8 }, px: 2 }}>
      <NotFoundImage color="primary" sx={{ width: { xs: 220, sm: 300 }, height: 'auto' }} />
      <Typography variant="h4" component="h1">
        {t('pages.notFound')}
      </Typography>
      <Typography color="text.secondary">{t('notFound.body')}</Typography>
      <Button component={RouterLink} to="/" variant="contained">
        {t('notFound.back')}
      </Button>
    </Stack>
  );
}
