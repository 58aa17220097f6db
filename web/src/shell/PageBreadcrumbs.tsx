import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { matchRoutes, Link as RouterLink, useLocation } from 'react-router-dom';
import { isPageHandle, usePageHandle } from '../common/pageHandle';
import type { PageTitleKey } from '../common/pageTitles';
import { routes } from '../routes';
import { breadcrumbsFor } from './breadcrumbs';

/**
 * The title of the page at `to`, from the route table; none when its last segment is a route parameter (an id,
 * shown as it is). The table is read at render time, so importing it here (routes.tsx imports the shell) is safe.
 */
function pageTitleAt(to: string): PageTitleKey | undefined {
  const matches = matchRoutes(routes, to) ?? [];
  const last = matches[matches.length - 1];
  if (!last || last.pathname.replace(/\/$/, '') !== to) return undefined;
  const segment = to.slice(to.lastIndexOf('/') + 1);
  if (Object.values(last.params).includes(segment)) return undefined;
  const handle = last.route.handle;
  return isPageHandle(handle) && handle.title !== 'notFound' ? handle.title : undefined;
}

/** Breadcrumbs of the current path; a page turns them off with `breadcrumbs: false` in its route handle. */
export function PageBreadcrumbs() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const handle = usePageHandle();
  if (handle?.breadcrumbs === false) return null;
  const crumbs = breadcrumbsFor(pathname, t('nav.dashboard'), (to) => {
    // A panel for a new item lives at <list>/new (useListParams).
    if (to.endsWith('/new')) return t('nav.new');
    const title = pageTitleAt(to);
    return title && t(`pages.${title}`);
  });
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
