import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { usePageHandle } from '../common/pageHandle';
import { breadcrumbsFor } from './breadcrumbs';

/** Breadcrumbs of the current path; a page turns them off with `breadcrumbs: false` in its route handle. */
export function PageBreadcrumbs() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const handle = usePageHandle();
  if (handle?.breadcrumbs === false) return null;
  const crumbs = breadcrumbsFor(pathname, t('nav.dashboard'));
  return (
    <Breadcrumbs aria-label={t('nav.breadcrumbs')} maxItems={4} itemsAfterCollapse={2} sx={{ mb: 2 }}>
      {crumbs.map((crumb, index) =>
        index === crumbs.length - 1 ? (
          <Typography key={crumb.to} color="text.primary" aria-current="page">
            {crumb.label}
          </Typography>
        ) : (
          <Link key={crumb.to} component={RouterLink} to={crumb.to} underline="hover" color="inherit">
            {crumb.label}
          </Link>
        ),
      )}
    </Breadcrumbs>
  );
}
