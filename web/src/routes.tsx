import { lazy, type ReactNode } from 'react';
import type { RouteObject } from 'react-router-dom';
import type { PageHandle } from './common/pageHandle';
import { AnonymousOnly, HomeRedirect, RequireAdmin, RequireSignedIn, RequireStaff } from './session/routeGuards';
import { AppShell } from './shell/AppShell';
import { LayoutForSession } from './shell/LayoutForSession';
import { PublicLayout } from './shell/PublicLayout';

/** The route table of spec 001 s.2. Declarations only: guards are layout routes, pages load lazily. */
const NotFoundPage = lazy(() => import('./common/NotFoundPage'));
const PlaceholderPage = lazy(() => import('./common/PlaceholderPage'));
const SignInPage = lazy(() => import('./session/SignInPage'));

const page = (path: string, handle: PageHandle, element: ReactNode = <PlaceholderPage />): RouteObject => ({
  path,
  element,
  handle,
});

export const routes: RouteObject[] = [
  { path: '/', element: <HomeRedirect /> },
  { path: '/workspace', element: <HomeRedirect /> },
  {
    element: <PublicLayout />,
    children: [
      {
        element: <AnonymousOnly />,
        children: [page('sign-in', { title: 'signIn' }, <SignInPage />), page('sign-up', { title: 'signUp' })],
      },
      page('reset-password', { title: 'resetPassword' }),
      page('oauth', { title: 'oauth' }),
    ],
  },
  {
    element: <RequireSignedIn />,
    children: [
      {
        element: <AppShell />,
        children: [
          page('assets', { title: 'assets' }),
          page('assets/:id', { title: 'asset' }),
          page('asset-map', { title: 'assetMap' }),
          page('alarm-rules', { title: 'alarmRules' }),
          page('preferences', { title: 'preferences' }),
          {
            element: <RequireStaff />,
            children: [
              page('asset-profiles', { title: 'assetProfiles' }),
              page('devices', { title: 'devices' }),
              page('customers', { title: 'customers' }),
              page('permissions', { title: 'permissions' }),
              page('styling', { title: 'styling' }),
              page('kpnthings', { title: 'kpnThings', breadcrumbs: false }),
              page('api', { title: 'api' }),
            ],
          },
          {
            element: <RequireAdmin />,
            children: [page('users', { title: 'users' }), page('tenants', { title: 'tenants' })],
          },
        ],
      },
    ],
  },
  { element: <LayoutForSession />, children: [page('*', { title: 'notFound', breadcrumbs: false }, <NotFoundPage />)] },
];
