import { lazy, type ReactNode } from 'react';
import type { RouteObject } from 'react-router-dom';
import { MovedScreen } from './common/MovedScreen';
import type { PageHandle } from './common/pageHandle';
import { AnonymousOnly, HomeRedirect, RequireAdmin, RequireSignedIn, RequireStaff } from './session/routeGuards';
import { AppShell, LayoutForSession } from './shell/LayoutForSession';
import { PublicLayout } from './shell/PublicLayout';

/** The route table of spec 001 s.2. Declarations only: guards are layout routes, pages load lazily. */
const NotFoundPage = lazy(() => import('./common/NotFoundPage'));
const PlaceholderPage = lazy(() => import('./common/PlaceholderPage'));
const SignInPage = lazy(() => import('./session/SignInPage'));
const ResetPasswordPage = lazy(() => import('./session/ResetPasswordPage'));
const OAuthCallbackPage = lazy(() => import('./session/OAuthCallbackPage'));
const ApiCredentialsPage = lazy(() => import('./api-credentials/ApiCredentialsPage'));
const ApiReferencePage = lazy(() => import('./api-credentials/ApiReferencePage'));
const AssetsPage = lazy(() => import('./assets/AssetsPage'));
const AlarmRulesPage = lazy(() => import('./alarm-rules/AlarmRulesPage'));
const AlarmNoticesPage = lazy(() => import('./alarm-notices/AlarmNoticesPage'));
const RolesPage = lazy(() => import('./permissions/RolesPage'));
const StylingPage = lazy(() => import('./styling/StylingPage'));
const UsersPage = lazy(() => import('./users/UsersPage'));
const TenantsPage = lazy(() => import('./tenants/TenantsPage'));
const CustomersPage = lazy(() => import('./customers/CustomersPage'));
const AssetProfilesPage = lazy(() => import('./asset-profiles/AssetProfilesPage'));
const PreferencesPage = lazy(() => import('./users/PreferencesPage'));
const GatewaysPage = lazy(() => import('./gateways/GatewaysPage'));
const WebhooksPage = lazy(() => import('./webhooks/WebhooksPage'));
const KpnThingsPage = lazy(() => import('./kpnthings/KpnThingsPage'));
const AssetMapPage = lazy(() => import('./asset-map/AssetMapPage'));
const AreaSearchPage = lazy(() => import('./area-search/AreaSearchPage'));
const DevicesPage = lazy(() => import('./devices/DevicesPage'));
const DeviceProfilesPage = lazy(() => import('./device-profiles/DeviceProfilesPage'));
const ReportsPage = lazy(() => import('./reports/ReportsPage'));
const StockPage = lazy(() => import('./zone-stock/StockPage'));
const PickupsPage = lazy(() => import('./pickups/PickupsPage'));
const LoanDaysPage = lazy(() => import('./loan-days/LoanDaysPage'));
const ReportSubscriptionsPage = lazy(() => import('./report-subscriptions/ReportSubscriptionsPage'));
const UtilisationPage = lazy(() => import('./utilisation/UtilisationPage'));
const RentalAuditPage = lazy(() => import('./rental-audit/RentalAuditPage'));
const AuditPage = lazy(() => import('./audit/AuditPage'));
const RetentionPage = lazy(() => import('./retention/RetentionPage'));
const RentalContractsPage = lazy(() => import('./rental-contracts/RentalContractsPage'));
const ShareLinksPage = lazy(() => import('./share-links/ShareLinksPage'));
const SharedPage = lazy(() => import('./share-links/SharedPage'));
const ScanPage = lazy(() => import('./scan/ScanPage'));

const page = (path: string, handle: PageHandle, element: ReactNode = <PlaceholderPage />): RouteObject => ({
  path,
  element,
  handle,
});

export const routes: RouteObject[] = [
  { path: '/', element: <HomeRedirect /> },
  { path: '/workspace', element: <HomeRedirect /> },
  // The Loan days screen was at /billing: shared links keep working (the guards of /loan-days apply after).
  { path: '/billing', element: <MovedScreen to="/loan-days" /> },
  // A share link's page: no session, no menus, whoever holds the link (share-links/SharedPage.tsx).
  page('shared/:token', { title: 'shared', breadcrumbs: false }, <SharedPage />),
  {
    element: <PublicLayout />,
    children: [
      {
        element: <AnonymousOnly />,
        children: [page('sign-in', { title: 'signIn' }, <SignInPage />), page('sign-up', { title: 'signUp' })],
      },
      page('reset-password', { title: 'resetPassword' }, <ResetPasswordPage />),
      page('oauth', { title: 'oauth' }, <OAuthCallbackPage />),
    ],
  },
  {
    element: <RequireSignedIn />,
    children: [
      {
        element: <AppShell />,
        children: [
          page('assets', { title: 'assets' }, <AssetsPage />),
          page('assets/:id', { title: 'asset' }, <AssetsPage />),
          page('asset-map', { title: 'assetMap', breadcrumbs: false }, <AssetMapPage />),
          // Client users search their own customer's assets (the API's scope), by URL.
          page('area-search', { title: 'areaSearch' }, <AreaSearchPage />),
          page('alarm-rules/:id?', { title: 'alarmRules' }, <AlarmRulesPage />),
          page('preferences', { title: 'preferences' }, <PreferencesPage />),
          // Anyone told of alarms: staff who read them, client users (their customer's); the API decides.
          page('alarm-notices', { title: 'alarmNotices' }, <AlarmNoticesPage />),
          // Transporters and client users see pickups too (the API gives each their view).
          page('pickups/:id?', { title: 'pickups' }, <PickupsPage />),
          // Whoever may read the loan-day report subscribes to it, a client user too (the API's rule).
          page('report-subscriptions/:id?', { title: 'reportSubscriptions' }, <ReportSubscriptionsPage />),
          // Client users see their own customer's utilisation (the API's scope).
          page('utilisation', { title: 'utilisation' }, <UtilisationPage />),
          // Client users see their own customer's lines (the API's scope), by URL.
          page('rental-audit', { title: 'rentalAudit' }, <RentalAuditPage />),
          // The phone's scan screen: whoever reads assets; what it offers follows the report routes' access.
          page('scan', { title: 'scan' }, <ScanPage />),
          {
            element: <RequireStaff />,
            children: [
              page('asset-profiles/:id?', { title: 'assetProfiles' }, <AssetProfilesPage />),
              page('devices/:id?', { title: 'devices' }, <DevicesPage />),
              page('reports', { title: 'reports' }, <ReportsPage />),
              page('stock', { title: 'stock' }, <StockPage />),
              page('loan-days', { title: 'loanDays' }, <LoanDaysPage />),
              page('customers', { title: 'customers' }, <CustomersPage />),
              page('customers/:id', { title: 'customers' }, <CustomersPage />),
              // The ERP's contract lines: staff who read customers (the API's rule; client users read by API).
              page('rental-contracts/:id?', { title: 'rentalContracts' }, <RentalContractsPage />),
              page('permissions', { title: 'permissions' }, <RolesPage />),
              page('styling', { title: 'styling' }, <StylingPage />),
              page('kpnthings', { title: 'kpnThings', breadcrumbs: false }, <KpnThingsPage />),
              page('api', { title: 'api' }, <ApiCredentialsPage />),
              page('api/reference', { title: 'apiReference' }, <ApiReferencePage />),
              page('gateways', { title: 'gateways' }, <GatewaysPage />),
              // Made from an asset's panel or a customer's; the API takes staff who may edit assets.
              page('share-links', { title: 'shareLinks' }, <ShareLinksPage />),
            ],
          },
          {
            element: <RequireAdmin />,
            children: [
              // One route for list and panel (/users/12), so opening a panel does not remount the list.
              page('users/:id?', { title: 'users' }, <UsersPage />),
              page('tenants/:id?', { title: 'tenants' }, <TenantsPage />),
              // Payload codecs, thresholds and heartbeats are the admins' (the API's rule too).
              page('device-profiles/:id?', { title: 'deviceProfiles' }, <DeviceProfilesPage />),
              // Webhook endpoints are the administrators' (the API's rule too).
              page('webhooks/:id?', { title: 'webhooks' }, <WebhooksPage />),
              // The audit log is the administrators' (the API's rule too); an entry's id is escaped in the path.
              page('audit/:id?', { title: 'audit' }, <AuditPage />),
              page('retention', { title: 'retention' }, <RetentionPage />),
            ],
          },
        ],
      },
    ],
  },
  { element: <LayoutForSession />, children: [page('*', { title: 'notFound', breadcrumbs: false }, <NotFoundPage />)] },
];
