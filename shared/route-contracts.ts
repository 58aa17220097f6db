import type { z } from 'zod';
import { ADMIN_USERS_CONTRACTS } from './api/admin-users';
import { ALARMS_CONTRACTS } from './api/alarms';
import { API_TOKENS_CONTRACTS } from './api/api-tokens';
import { AREA_SEARCH_CONTRACTS } from './api/area-search';
import { ASSET_ALARMS_CONTRACTS } from './api/asset-alarms';
import { ASSET_PROFILES_CONTRACTS } from './api/asset-profiles';
import { ASSETS_CONTRACTS } from './api/assets';
import { AUDIT_CONTRACTS } from './api/audit';
import { CLIENTS_CONTRACTS } from './api/clients';
import { DEVICE_PROFILES_CONTRACTS } from './api/device-profiles';
import { DEVICE_UPLINKS_CONTRACTS } from './api/device-uplinks';
import { DEVICES_CONTRACTS } from './api/devices';
import { EVENTS_CONTRACTS } from './api/events';
import { EXPORTS_CONTRACTS } from './api/exports';
import { GATEWAYS_CONTRACTS } from './api/gateways';
import { GEO_ZONES_CONTRACTS } from './api/geo-zones';
import { KPN_THINGS_CONTRACTS } from './api/kpn-things';
import { LABELS_CONTRACTS } from './api/labels';
import { LOAN_DAYS_CONTRACTS } from './api/loan-days';
import { PICKUPS_CONTRACTS } from './api/pickups';
import { RENTAL_CONTRACTS_CONTRACTS } from './api/rental-contracts';
import { REPORT_SUBSCRIPTIONS_CONTRACTS } from './api/report-subscriptions';
import { ROLES_CONTRACTS } from './api/roles';
import { SESSION_CONTRACTS } from './api/session';
import { SETTINGS_CONTRACTS } from './api/settings';
import { SHARE_LINKS_CONTRACTS } from './api/share-links';
import { TENANTS_CONTRACTS } from './api/tenants';
import { UTILISATION_CONTRACTS } from './api/utilisation';
import { WEB_PUSH_CONTRACTS } from './api/web-push';
import { WEBHOOKS_CONTRACTS } from './api/webhooks';
import { ZONE_STOCK_CONTRACTS } from './api/zone-stock';
import { ZONE_VISITS_CONTRACTS } from './api/zone-visits';
import type { RouteId } from './routes';

/** The error statuses the OpenAPI document has a response for (functions/lib/openapi/openapi-document.ts). */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 412 | 413 | 415 | 422 | 428 | 429 | 501 | 502;

/**
 * What each route of the table takes and answers, beside its route in its module's file (shared/api/<module>.ts)
 * and built from the shared zod schemas. One source for two readers: the API validates a route's path
 * parameters, `query` and `body` with it (functions/lib/http/handler.ts, route-input.ts beside it), and the OpenAPI document (GET /api/docs.json) is generated from it
 * (functions/lib/openapi/). A route added to the table without a contract fails the typecheck here.
 */
export interface RouteContract {
  /** One line for the API reference. */
  summary: string;
  /** The JSON body the route validates (422 with the schema's messages). */
  body?: z.ZodType;
  /** The body may also come as an HTML form (application/x-www-form-urlencoded), as OAuth 2.0 clients send it. */
  form?: true;
  /** The route takes a file (multipart/form-data or text/csv) instead of JSON. */
  upload?: true;
  /**
   * Path parameters that are not numeric ids: a value the schema refuses names nothing (404). Any other
   * parameter named like an id ({id}, {userId}, {attachmentId}), or declared as idParamSchema, is read by
   * idParamSchema (422 if malformed).
   */
  params?: z.ZodObject;
  /**
   * Declared query parameters, one parameter per key. One object schema of a route answering no collection is
   * validated by the HTTP stack (422); a collection's paging and filters are read by its spec
   * (functions/lib/http/collection-query.ts), an export's list (the array) by the export request.
   */
  query?: z.ZodObject | readonly z.ZodObject[];
  /** Fields the list sorts by, as order[field]=asc|desc. */
  orders?: readonly string[];
  /** The answer is a Hydra collection of these members. */
  collection?: z.ZodType;
  /** The answer is this item. */
  response?: z.ZodType;
  /** The answer carries an ETag; If-None-Match with it answers 304 without a body. */
  notModified?: true;
  /**
   * Error statuses the route answers beyond those of the handler layer (400, 401, 403, 404 with a path
   * parameter, 409 with a version, 413, 415, 422 with input, 429): what its implementation throws.
   */
  errors?: readonly ErrorStatus[];
  /** The success answer's media type when it is not JSON-LD (application/ld+json). */
  mediaType?: 'application/json' | 'application/geo+json';
  /** Success status when it is not 200 (a DELETE answers 204 without saying so). */
  status?: 201 | 202 | 204 | 302;
  /**
   * The write takes `If-Match: "<version>"` (the ETag of the entity's GET; a stale one answers 412); without it
   * and without a `version` in the body it is unconditional (docs/decisions/0242-versions-are-for-people-s-saves-tags-move-no-version.md).
   */
  ifMatch?: true;
  /**
   * The write takes `Idempotency-Key`: a send again with the same key answers the first answer and applies
   * nothing (functions/lib/http/idempotency.ts); the same key with another request answers 422.
   */
  idempotent?: true;
}

export const ROUTE_CONTRACTS = {
  ...SESSION_CONTRACTS,
  ...ADMIN_USERS_CONTRACTS,
  ...ROLES_CONTRACTS,
  ...TENANTS_CONTRACTS,
  ...SETTINGS_CONTRACTS,
  ...KPN_THINGS_CONTRACTS,
  ...API_TOKENS_CONTRACTS,
  ...ASSETS_CONTRACTS,
  ...ASSET_PROFILES_CONTRACTS,
  ...CLIENTS_CONTRACTS,
  ...DEVICES_CONTRACTS,
  ...EVENTS_CONTRACTS,
  ...GEO_ZONES_CONTRACTS,
  ...ZONE_STOCK_CONTRACTS,
  ...ALARMS_CONTRACTS,
  ...EXPORTS_CONTRACTS,
  ...DEVICE_UPLINKS_CONTRACTS,
  ...ASSET_ALARMS_CONTRACTS,
  ...GATEWAYS_CONTRACTS,
  ...DEVICE_PROFILES_CONTRACTS,
  ...ZONE_VISITS_CONTRACTS,
  ...LABELS_CONTRACTS,
  ...PICKUPS_CONTRACTS,
  ...LOAN_DAYS_CONTRACTS,
  ...WEBHOOKS_CONTRACTS,
  ...AUDIT_CONTRACTS,
  ...REPORT_SUBSCRIPTIONS_CONTRACTS,
  ...WEB_PUSH_CONTRACTS,
  ...UTILISATION_CONTRACTS,
  ...AREA_SEARCH_CONTRACTS,
  ...SHARE_LINKS_CONTRACTS,
  ...RENTAL_CONTRACTS_CONTRACTS,
} satisfies Record<RouteId, RouteContract>;

export const contractOf = (id: RouteId): RouteContract => ROUTE_CONTRACTS[id];
