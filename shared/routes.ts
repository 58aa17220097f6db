import { ADMIN_USERS_ROUTES } from './api/admin-users';
import { ALARMS_ROUTES } from './api/alarms';
import { API_TOKENS_ROUTES } from './api/api-tokens';
import { AREA_SEARCH_ROUTES } from './api/area-search';
import { ASSET_ALARMS_ROUTES } from './api/asset-alarms';
import { ASSET_PROFILES_ROUTES } from './api/asset-profiles';
import { ASSETS_ROUTES } from './api/assets';
import { AUDIT_ROUTES } from './api/audit';
import { CLIENTS_ROUTES } from './api/clients';
import { DEVICE_PROFILES_ROUTES } from './api/device-profiles';
import { DEVICE_UPLINKS_ROUTES } from './api/device-uplinks';
import { DEVICES_ROUTES } from './api/devices';
import { EVENTS_ROUTES } from './api/events';
import { EXPORTS_ROUTES } from './api/exports';
import { GATEWAYS_ROUTES } from './api/gateways';
import { GEO_ZONES_ROUTES } from './api/geo-zones';
import { KPN_THINGS_ROUTES } from './api/kpn-things';
import { LABELS_ROUTES } from './api/labels';
import { LOAN_DAYS_ROUTES } from './api/loan-days';
import { PICKUPS_ROUTES } from './api/pickups';
import { RENTAL_CONTRACTS_ROUTES } from './api/rental-contracts';
import { REPORT_SUBSCRIPTIONS_ROUTES } from './api/report-subscriptions';
import { ROLES_ROUTES } from './api/roles';
import type { RouteDef } from './api/route-def';
import { SESSION_ROUTES } from './api/session';
import { SETTINGS_ROUTES } from './api/settings';
import { SHARE_LINKS_ROUTES } from './api/share-links';
import { TENANTS_ROUTES } from './api/tenants';
import { UTILISATION_ROUTES } from './api/utilisation';
import { WEB_PUSH_ROUTES } from './api/web-push';
import { WEBHOOKS_ROUTES } from './api/webhooks';
import { ZONE_STOCK_ROUTES } from './api/zone-stock';
import { ZONE_VISITS_ROUTES } from './api/zone-visits';

/**
 * The one route table, joined from the feature modules' files (shared/api/<module>.ts: each module's routes,
 * access rules and contracts side by side). The local gateway serves from it, the CDK API stack creates API
 * Gateway routes and Lambda integrations from it, and the authorization middleware reads each route's
 * requirement from it. What a route is, and the access rules: shared/api/route-def.ts.
 */
export { HANDLER_MODULES, type HandlerModule, type HttpMethod, type RouteAccess, type RouteDef } from './api/route-def';

export const ROUTES = [
  ...SESSION_ROUTES,
  ...ADMIN_USERS_ROUTES,
  ...ROLES_ROUTES,
  ...TENANTS_ROUTES,
  ...SETTINGS_ROUTES,
  ...KPN_THINGS_ROUTES,
  ...API_TOKENS_ROUTES,
  ...ASSETS_ROUTES,
  ...ASSET_PROFILES_ROUTES,
  ...CLIENTS_ROUTES,
  ...DEVICES_ROUTES,
  ...EVENTS_ROUTES,
  ...GEO_ZONES_ROUTES,
  ...ZONE_STOCK_ROUTES,
  ...ALARMS_ROUTES,
  ...EXPORTS_ROUTES,
  ...DEVICE_UPLINKS_ROUTES,
  ...ASSET_ALARMS_ROUTES,
  ...GATEWAYS_ROUTES,
  ...DEVICE_PROFILES_ROUTES,
  ...ZONE_VISITS_ROUTES,
  ...LABELS_ROUTES,
  ...PICKUPS_ROUTES,
  ...LOAN_DAYS_ROUTES,
  ...WEBHOOKS_ROUTES,
  ...AUDIT_ROUTES,
  ...REPORT_SUBSCRIPTIONS_ROUTES,
  ...WEB_PUSH_ROUTES,
  ...UTILISATION_ROUTES,
  ...AREA_SEARCH_ROUTES,
  ...SHARE_LINKS_ROUTES,
  ...RENTAL_CONTRACTS_ROUTES,
] as const satisfies readonly RouteDef[];

export type RouteId = (typeof ROUTES)[number]['id'];

/** API Gateway HTTP API route key, e.g. "GET /api/assets/{id}". */
export const routeKey = (route: Pick<RouteDef, 'method' | 'path'>) => `${route.method} ${route.path}`;

const byKey = new Map<string, RouteDef>(ROUTES.map((r) => [routeKey(r), r]));
export const findRouteByKey = (key: string): RouteDef | undefined => byKey.get(key);

/**
 * Match a concrete method and path against the table the way API Gateway does: static segments win over
 * parameters, and a trailing slash is ignored (the console calls /api/assets/export/).
 */
export function matchRoute(
  method: string,
  rawPath: string,
): { route: RouteDef; pathParameters: Record<string, string> } | undefined {
  const segments = rawPath.replace(/\/+$/, '').split('/').filter(Boolean);
  let best: { route: RouteDef; pathParameters: Record<string, string>; score: number } | undefined;
  for (const route of ROUTES as readonly RouteDef[]) {
    if (route.method !== method.toUpperCase()) continue;
    const parts = route.path.split('/').filter(Boolean);
    if (parts.length !== segments.length) continue;
    const params: Record<string, string> = {};
    let score = 0;
    const matched = parts.every((part, i) => {
      const segment = segments[i] as string;
      if (part.startsWith('{') && part.endsWith('}')) {
        params[part.slice(1, -1)] = decodeURIComponent(segment);
        return true;
      }
      score += 1;
      return part === segment;
    });
    if (matched && (!best || score > best.score)) best = { route, pathParameters: params, score };
  }
  return best && { route: best.route, pathParameters: best.pathParameters };
}

/** Paths that exist for some method: lets the gateway answer 405 instead of 404. */
export const pathExists = (rawPath: string) =>
  (['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const).some((m) => matchRoute(m, rawPath));
