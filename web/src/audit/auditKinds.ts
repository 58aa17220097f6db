import { ROUTES } from '@shared/routes';
import type { PageTitleKey } from '../common/pageTitles';

/**
 * How the audit screen names what an entry is about, with nothing written per route: an entry's action is a route
 * id (`assets.update`), its entity type the route's module (`assets`), and each change the table type the
 * repository wrote (`ASSET`). A module is named by the page title of the screen where people change it (the
 * glossary of docs/conventions.md), the action's verb by the first word of the route's name.
 */
interface EntityKind {
  title: PageTitleKey;
  /** The type its changes carry (the repository's `type` in functions/lib/<feature>/). */
  table?: string;
  /** The console's address of one entity of this kind, where there is one. */
  screen?: (id: string) => string;
}

const byId = (path: string) => (id: string) => `${path}/${encodeURIComponent(id)}`;
const screen = (path: string) => () => path;
const zone = (id: string) => `/asset-map?zone=${encodeURIComponent(id)}`;

/** By route module. Alarms, attachments and client users are named by the entity whose id their path carries. */
const KINDS: Record<string, EntityKind> = {
  assets: { title: 'assets', table: 'ASSET', screen: byId('/assets') },
  assetAlarms: { title: 'assets', screen: byId('/assets') },
  assetProfileDefinitions: { title: 'assetProfiles', table: 'PROFILE_DEF', screen: byId('/asset-profiles') },
  assetProfiles: { title: 'assetProfiles', table: 'PROFILE' },
  devices: { title: 'devices', table: 'DEVICE', screen: byId('/devices') },
  deviceAlarms: { title: 'devices', screen: byId('/devices') },
  deviceProfiles: { title: 'deviceProfiles', table: 'DEVICE_PROFILE', screen: byId('/device-profiles') },
  geoZones: { title: 'assetMap', table: 'GEOZONE', screen: zone },
  zoneAlarms: { title: 'assetMap', screen: zone },
  stock: { title: 'stock', screen: zone },
  // A search of where assets were: a POST that writes nothing, recorded as who searched (the entry has no entity).
  areaSearch: { title: 'areaSearch', screen: screen('/area-search') },
  alarms: { title: 'alarmRules', table: 'ALARM', screen: byId('/alarm-rules') },
  alarmNotices: { title: 'alarmNotices', screen: screen('/alarm-notices') },
  clients: { title: 'customers', table: 'CLIENT', screen: byId('/customers') },
  clientUsers: { title: 'customers', screen: byId('/customers') },
  // The ERP's contract lines are a customer's; they have no screen of their own yet.
  rentalContracts: { title: 'customers' },
  // The month's audit exported (the export job is what it writes): named and opened as its screen.
  rentalAudit: { title: 'rentalAudit', screen: screen('/rental-audit') },
  users: { title: 'users', table: 'USER', screen: byId('/users') },
  session: { title: 'signIn' },
  roles: { title: 'permissions', table: 'ROLE', screen: screen('/permissions') },
  tenants: { title: 'tenants', table: 'TENANT', screen: byId('/tenants') },
  settings: { title: 'styling', table: 'SETTING', screen: screen('/styling') },
  kpn: { title: 'kpnThings', table: 'KPN_SETTINGS', screen: screen('/kpnthings') },
  uplinkIntegrations: { title: 'kpnThings', screen: screen('/kpnthings') },
  tokens: { title: 'api', table: 'API_TOKEN', screen: screen('/api') },
  gateways: { title: 'gateways', table: 'GATEWAY', screen: screen('/gateways') },
  webhooks: { title: 'webhooks', table: 'WEBHOOK_ENDPOINT', screen: byId('/webhooks') },
  loanDays: { title: 'loanDays', screen: screen('/loan-days') },
  // The first report one subscribes to is the loan-day statement; the subscriptions have no screen of their own yet.
  reportSubscriptions: { title: 'loanDays', screen: screen('/loan-days') },
  // A person's own browser subscriptions, asked for in the alarm inbox: a personal setting, named as one.
  webPush: { title: 'preferences' },
  shareLinks: { title: 'shareLinks', table: 'SHARE_LINK', screen: screen('/share-links') },
  // Labels printed of assets or devices: named by the list they are printed from, the assets' (the first).
  labels: { title: 'assets' },
};

const BY_TABLE = new Map(
  Object.entries(KINDS).flatMap(([module, kind]) => (kind.table ? [[kind.table, module] as const] : [])),
);

/**
 * The kinds the entity filter offers: those the repositories write, one per screen title. Another module's
 * history (an asset's alarm acknowledgements) is reached from an entry's panel.
 */
export const ENTITY_FILTER_TYPES: readonly { module: string; title: PageTitleKey }[] = Object.entries(KINDS)
  .filter(([, kind]) => kind.table)
  .map(([module, kind]) => ({ module, title: kind.title }))
  .filter((kind, index, all) => all.findIndex((other) => other.title === kind.title) === index);

/** The page title naming a route module, or undefined for one the console does not know (shown as its code). */
export const kindTitle = (module: string): PageTitleKey | undefined => KINDS[module]?.title;

/** The route module of a change's table type (ASSET → assets), or undefined. */
export const moduleOfTable = (table: string): string | undefined => BY_TABLE.get(table);

/** Where the console shows the entity, or undefined when it has no screen for it. */
export const entityScreen = (type: string, id: string): string | undefined => KINDS[type]?.screen?.(id);

/** The route module of an action: `assets.update` → `assets`. */
export const moduleOf = (action: string) => action.split('.')[0] ?? action;

export type AuditVerb = 'create' | 'update' | 'delete' | 'other';

/** What a route did, by the first word of its name (`assets.addAttachment` adds, `tokens.revoke` deletes). */
export function verbOf(action: string): AuditVerb {
  const name = action.slice(action.indexOf('.') + 1);
  if (/^(create|add|import|upload)/.test(name)) return 'create';
  if (/^(update|save)/.test(name)) return 'update';
  if (/^(delete|remove|revoke)/.test(name)) return 'delete';
  return 'other';
}

/**
 * The actions an entry can name, for the action filter's suggestions: the writes with a token (the handler layer
 * records those) and the sign-ins by password and by single sign-on, which their routes record themselves.
 */
export const AUDITED_ACTIONS: readonly string[] = ROUTES.filter(
  (route) =>
    (route.method !== 'GET' && (route.access !== 'public' || route.id === 'session.signIn')) ||
    route.id === 'session.oauthCallback',
).map((route) => route.id);
