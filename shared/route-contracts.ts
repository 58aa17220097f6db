import type { z } from 'zod';
import { ACCESS_CONTRACTS } from './contracts/access';
import { AUDIT_CONTRACTS } from './contracts/audit';
import { BILLING_CONTRACTS } from './contracts/billing';
import { TRACKING_CONTRACTS } from './contracts/tracking';
import { WEBHOOK_CONTRACTS } from './contracts/webhooks';
import type { RouteId } from './routes';

/** The error statuses the OpenAPI document has a response for (functions/lib/openapi/openapi-document.ts). */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 412 | 413 | 415 | 422 | 428 | 429 | 501 | 502;

/**
 * What each route of the table takes and answers, next to the table (shared/routes.ts) and built from the
 * shared zod schemas. One source for two readers: the API validates a route's `body` with it
 * (functions/lib/http/handler.ts), and the OpenAPI document (GET /api/docs.json) is generated from it
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
  /** Path parameters that are not numeric ids ({id}, {userId}, {attachmentId} are, as idParamSchema reads them). */
  params?: z.ZodObject;
  /** Declared query parameters: filters and paging, one parameter per key. */
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
}

export const ROUTE_CONTRACTS = {
  ...ACCESS_CONTRACTS,
  ...TRACKING_CONTRACTS,
  ...BILLING_CONTRACTS,
  ...WEBHOOK_CONTRACTS,
  ...AUDIT_CONTRACTS,
} satisfies Record<RouteId, RouteContract>;

export const contractOf = (id: RouteId): RouteContract => ROUTE_CONTRACTS[id];
