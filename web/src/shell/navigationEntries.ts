import type { PageTitleKey } from '../common/pageTitles';

/**
 * Drawer entries and who sees them (spec 000 s.2 navigation table, spec 001 s.2 navigation): an entry shows
 * when the user holds any of `anyOf` (permissions or roles).
 */
export interface NavigationEntry {
  path: string;
  title: PageTitleKey;
  group: 'tracking' | 'administration';
  anyOf: readonly string[];
  /** Also needs the admin or super admin role (a code rule of the API, not a permission of the matrix). */
  adminOnly?: boolean;
  /** Not for client users and transporters, whatever the matrix grants (a code rule of the API). */
  staffOnly?: boolean;
}

const crud = (prefix: string) => [`${prefix}_CREATE`, `${prefix}_READ`, `${prefix}_EDIT`, `${prefix}_DELETE`];

export const NAVIGATION_ENTRIES: readonly NavigationEntry[] = [
  { path: '/assets', title: 'assets', group: 'tracking', anyOf: crud('ASSET') },
  // A label's code on the phone: opens the asset, reports it, checks it in or out. Whoever reads assets,
  // transporters and client users too: they make the reports (docs/decisions/0329).
  { path: '/scan', title: 'scan', group: 'tracking', anyOf: ['ASSET_READ'] },
  { path: '/asset-map', title: 'assetMap', group: 'tracking', anyOf: ['VIEW_ASSET_MAP'] },
  // The planners' entry; POST /api/area-search (shared/api/area-search.ts) also answers client users their own
  // customer's assets, whom the screen serves by URL only (as Utilisation), their menu staying as spec 000 lists it.
  { path: '/area-search', title: 'areaSearch', group: 'tracking', anyOf: ['VIEW_ASSET_MAP'], staffOnly: true },
  {
    path: '/asset-profiles',
    title: 'assetProfiles',
    group: 'tracking',
    anyOf: ['ASSET_PROFILE_READ', 'ASSET_PROFILE_EDIT'],
  },
  { path: '/devices', title: 'devices', group: 'tracking', anyOf: crud('DEVICE') },
  // Payload codecs per profile; only admins change them, so only admins get the screen.
  { path: '/device-profiles', title: 'deviceProfiles', group: 'tracking', anyOf: crud('DEVICE'), adminOnly: true },
  { path: '/alarm-rules', title: 'alarmRules', group: 'tracking', anyOf: crud('ALARM') },
  { path: '/reports', title: 'reports', group: 'tracking', anyOf: ['ASSET_REPORT_CONFIRM'] },
  // Stock per zone, the planners' screen (the API answers client users and transporters 403).
  { path: '/stock', title: 'stock', group: 'tracking', anyOf: ['VIEW_ASSET_MAP'], staffOnly: true },
  // Pickups for planners and transporters (client users reach theirs by URL only); loan days as GET
  // /api/loan-days allows (shared/api/loan-days.ts).
  { path: '/pickups', title: 'pickups', group: 'tracking', anyOf: ['ASSET_REPORT_CONFIRM', 'ROLE_TRANSPORTER'] },
  { path: '/loan-days', title: 'loanDays', group: 'tracking', anyOf: ['CUSTOMER_READ', 'RESET_LOAN_DAYS'] },
  // Scheduled reports: whoever may read the report subscribes to it (shared/api/report-subscriptions.ts).
  {
    path: '/report-subscriptions',
    title: 'reportSubscriptions',
    group: 'tracking',
    anyOf: ['CUSTOMER_READ', 'RESET_LOAN_DAYS'],
  },
  // The planners' entry; GET /api/utilisation (shared/api/utilisation.ts) also answers client users their own
  // customer's figures, whom the screen serves by URL only (as Pickups), their menu staying as spec 000 lists it.
  { path: '/utilisation', title: 'utilisation', group: 'tracking', anyOf: ['ASSET_READ'], staffOnly: true },
  // GET /api/rental-audit (shared/api/rental-contracts.ts) answers client users too, whom the screen serves by URL.
  { path: '/rental-audit', title: 'rentalAudit', group: 'tracking', anyOf: ['CUSTOMER_READ'], staffOnly: true },
  { path: '/customers', title: 'customers', group: 'tracking', anyOf: crud('CUSTOMER') },
  // The ERP's contract lines: whoever reads customers (shared/api/rental-contracts.ts); client users by API only.
  { path: '/rental-contracts', title: 'rentalContracts', group: 'tracking', anyOf: ['CUSTOMER_READ'], staffOnly: true },
  // Links for people without an account: staff who may edit assets (shared/api/share-links.ts).
  { path: '/share-links', title: 'shareLinks', group: 'tracking', anyOf: ['ASSET_EDIT'], staffOnly: true },
  { path: '/tenants', title: 'tenants', group: 'administration', anyOf: ['SUPER_ADMIN', 'ROLE_SUPER_ADMIN'] },
  { path: '/users', title: 'users', group: 'administration', anyOf: crud('USER') },
  {
    path: '/permissions',
    title: 'permissions',
    group: 'administration',
    anyOf: ['PERMISSION_READ', 'PERMISSION_EDIT'],
  },
  { path: '/styling', title: 'styling', group: 'administration', anyOf: ['STYLING_EDIT'] },
  { path: '/kpnthings', title: 'kpnThings', group: 'administration', anyOf: ['KPN_THINGS'] },
  { path: '/api', title: 'api', group: 'administration', anyOf: ['API_TOKENS'] },
  { path: '/gateways', title: 'gateways', group: 'administration', anyOf: ['GATEWAYS'] },
  // Endpoints of the tenant's ERP and planning systems. The API takes administrators; the entry
  // shows beside the other integrations, to administrators holding one of their permissions.
  {
    path: '/webhooks',
    title: 'webhooks',
    group: 'administration',
    anyOf: ['API_TOKENS', 'KPN_THINGS'],
    adminOnly: true,
  },
  // Who changed what: the roles the API's route names, no permission of the matrix.
  { path: '/audit', title: 'audit', group: 'administration', anyOf: ['ROLE_ADMIN', 'ROLE_SUPER_ADMIN'] },
  // How long records are kept: the administrators' (the API's rule too).
  { path: '/retention', title: 'retention', group: 'administration', anyOf: ['ROLE_ADMIN', 'ROLE_SUPER_ADMIN'] },
];
