import type { z } from 'zod';
import { errorBodySchema } from '../../../shared/errors';
import { contractOf } from '../../../shared/route-contracts';
import { ROUTES, type RouteDef, type RouteId } from '../../../shared/routes';

/**
 * The route table read the way the sweeps need it (test/integration/sweep-*.test.ts): which routes carry an
 * id, which entity that id names, which take a body, and requests that can never write anything. Everything
 * is derived from shared/routes.ts and shared/route-contracts.ts, so a route added there is swept at once.
 */
export const ALL_ROUTES: readonly RouteDef[] = ROUTES;

export const label = (route: RouteDef) => `${route.id} (${route.method} ${route.path})`;

export const paramNames = (path: string) => [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as string);

export const hasPathParams = (route: RouteDef) => route.path.includes('{');

export const isPublic = (route: RouteDef) => route.access === 'public';

export const takesBody = (route: RouteDef) => ['POST', 'PUT', 'PATCH'].includes(route.method);

export const contract = (route: RouteDef) => contractOf(route.id as RouteId);

export const bodySchemaOf = (route: RouteDef): z.ZodType | undefined => contract(route).body;

/** A GET answering a Hydra collection (from the route's contract). */
export const isCollection = (route: RouteDef) => route.method === 'GET' && contract(route).collection !== undefined;

/** The entity a route acts on: its path up to its last parameter ('/api/assets/{id}/delivered' -> '/api/assets/{id}'). */
export function entityTemplate(path: string): string | undefined {
  const segments = path.split('/');
  let last = -1;
  segments.forEach((segment, i) => {
    if (segment.startsWith('{')) last = i;
  });
  return last < 0 ? undefined : segments.slice(0, last + 1).join('/');
}

/** Every entity template of the table, with the routes acting on it. */
export function entityTemplates(): Map<string, RouteDef[]> {
  const templates = new Map<string, RouteDef[]>();
  for (const route of ALL_ROUTES) {
    const template = entityTemplate(route.path);
    if (template) templates.set(template, [...(templates.get(template) ?? []), route]);
  }
  return templates;
}

/** A path that some route declares exactly (a static path such as /api/assets/map never names an entity). */
const isStaticPath = (path: string) => ALL_ROUTES.some((route) => route.path === path);

/** The parameters of a concrete path under a template ('/api/assets/7' under '/api/assets/{id}' -> {id: '7'}). */
export function matchTemplate(template: string, path: string): Record<string, string> | undefined {
  if (isStaticPath(path)) return undefined;
  const want = template.split('/');
  const have = path.split('/');
  if (want.length !== have.length) return undefined;
  const params: Record<string, string> = {};
  for (const [i, part] of want.entries()) {
    const value = have[i] as string;
    if (part.startsWith('{')) {
      if (!value || /[{}]/.test(value) || value === 'undefined' || value === 'null') return undefined;
      params[part.slice(1, -1)] = decodeURIComponent(value);
    } else if (part !== value) return undefined;
  }
  return params;
}

/** The route's path with its parameters filled in; parameters not given get `fallback`. */
export function fillPath(path: string, params: Record<string, string>, fallback = NO_SUCH_ID): string {
  return path.replace(/\{(\w+)\}/g, (_whole, name: string) => encodeURIComponent(params[name] ?? fallback));
}

/** An id no tenant has: numeric, so id parsing passes and the lookup answers 404. */
export const NO_SUCH_ID = '999999999';

/**
 * A request for `route` that cannot write anything: ids that do not exist and, where a body is taken, a JSON
 * array where every body schema wants an object (or nothing). Queries are left out, so exports miss their
 * required type and start no job.
 */
export function harmlessRequest(route: RouteDef): { method: string; path: string; body?: string } {
  return {
    method: route.method,
    path: fillPath(route.path, {}),
    ...(takesBody(route) ? { body: '[]' } : {}),
  };
}

/**
 * API Gateway's JWT authorizer refuses a missing or bad token before the API runs, with exactly this body (not the
 * error format; docs/aws-parity.md). The local gateway answers the same (scripts/local/gateway.ts).
 */
export const AUTHORIZER_REFUSAL_BODY = '{"message":"Unauthorized"}';

/** A 401 as AWS gives it: the authorizer's own body, or the API's error format for a token it let through. */
export const isUnauthorizedAnswer = (answer: { status: number; text: string; json?: unknown }) =>
  answer.status === 401 && (answer.text === AUTHORIZER_REFUSAL_BODY || isHydraError(401, answer.json));

/** Is this a 4xx/5xx answer in the API's error format (shared/errors.ts) with the matching status? */
export function isHydraError(status: number, body: unknown): boolean {
  const parsed = errorBodySchema.safeParse(body);
  return parsed.success && parsed.data.status === status;
}
