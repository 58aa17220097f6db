import { z } from 'zod';
import { contractOf, type ROUTE_CONTRACTS, type RouteContract } from '../../../shared/route-contracts';
import type { ROUTES, RouteDef, RouteId } from '../../../shared/routes';
import { idParamSchema } from '../../../shared/schemas/common';
import { notFound } from './errors';
import { validate } from './validation';

/**
 * What a request names beside its body, read by the HTTP stack (handler.ts) before the route's implementation
 * runs, from the route's path and its contract (shared/route-contracts.ts):
 *  - path parameters: any parameter named like an id ({id}, {userId}, {attachmentId}) is a numeric id read by
 *    the shared idParamSchema (422, the parameter's name as propertyPath), unless the contract's `params`
 *    declares another schema for it ({alarmId}, {deliveryId}): a value that schema refuses names nothing (404,
 *    as an unknown one). The implementation gets them typed: ids as numbers.
 *  - the query: a contract's `query` that is one object schema of a route answering no collection is read by
 *    it (422 with the schema's messages). A collection's paging and filters are read by collection-query.ts
 *    with the route's spec, an export's parameters by functions/lib/exports/export-request.ts: those routes
 *    read the raw query.
 * The OpenAPI document (functions/lib/openapi/openapi-operation.ts) describes the same parameters.
 */

type Contract<Id extends RouteId> = (typeof ROUTE_CONTRACTS)[Id];
type PathOf<Id extends RouteId> = Extract<(typeof ROUTES)[number], { id: Id }>['path'];
type ParamNames<Path extends string> = Path extends `${string}{${infer Name}}${infer Rest}`
  ? Name | ParamNames<Rest>
  : never;
type IdName = 'id' | `${string}Id`;
type DefaultParam<Name extends string> = Name extends IdName ? number : string;
type ParamOf<C, Name extends string> = C extends { params: infer S extends z.ZodObject }
  ? Name extends keyof z.output<S>
    ? z.output<S>[Name]
    : DefaultParam<Name>
  : DefaultParam<Name>;

/** The validated path parameters of a route: `{id}` is a number, a declared one its schema's output. */
export type ParamsOf<Id extends RouteId> = { [Name in ParamNames<PathOf<Id>>]: ParamOf<Contract<Id>, Name> };

/** The validated query of a route whose contract's `query` the stack reads; `undefined` for any other. */
export type QueryOf<Id extends RouteId> =
  Contract<Id> extends { collection: z.ZodType }
    ? undefined
    : Contract<Id> extends { query: infer S extends z.ZodObject }
      ? z.output<S>
      : undefined;

/** Path parameters as API Gateway hands them over. */
export type RawParams = Record<string, string | undefined>;

export const pathParamNames = (path: string): string[] => [...path.matchAll(/\{(\w+)\}/g)].map(([, name = '']) => name);

/** `id`, `userId`, `attachmentId`: a numeric id unless the contract declares the parameter. */
export const isIdParamName = (name: string) => name === 'id' || name.endsWith('Id');

interface ParamSchemas {
  /** Ids and undeclared parameters: a refused value is the caller's mistake (422). */
  checked: z.ZodObject;
  /** Declared parameters: a refused value names nothing (404). */
  declared: z.ZodObject;
}

/** Every path parameter of the route with the schema that reads it: the stack's and the document's one source. */
export function paramSchemasOf(route: Pick<RouteDef, 'path'>, contract: RouteContract): ParamSchemas {
  const declaredShape = (contract.params?.shape ?? {}) as Record<string, z.ZodType>;
  const checked: Record<string, z.ZodType> = {};
  const declared: Record<string, z.ZodType> = {};
  for (const name of pathParamNames(route.path)) {
    const field = declaredShape[name];
    // The shared id schema declared by name reads as any id: a malformed one is still the caller's mistake.
    if (field && field !== idParamSchema) declared[name] = field;
    else checked[name] = field ?? (isIdParamName(name) ? idParamSchema : z.string());
  }
  return { checked: z.object(checked), declared: z.object(declared) };
}

/** The query schema the stack reads, if any (see above). */
export function stackQuerySchemaOf(contract: RouteContract): z.ZodObject | undefined {
  const { query } = contract;
  if (!query || contract.collection || Array.isArray(query)) return undefined;
  return query as z.ZodObject;
}

const paramSchemas = new Map<string, ParamSchemas>();

/** The route's path parameters, validated: 422 for a malformed id, 404 for a declared one its schema refuses. */
export function readParams(route: RouteDef, raw: RawParams): Record<string, unknown> {
  let schemas = paramSchemas.get(route.id);
  if (!schemas) {
    schemas = paramSchemasOf(route, contractOf(route.id as RouteId));
    paramSchemas.set(route.id, schemas);
  }
  const checked = validate(schemas.checked, raw);
  const declared = schemas.declared.safeParse(raw);
  if (!declared.success) throw notFound();
  return { ...checked, ...declared.data };
}

/** The route's query read by its contract's schema (422 with its messages), or undefined when the stack reads none. */
export function readQuery(route: RouteDef, rawQuery: string): unknown {
  const schema = stackQuerySchemaOf(contractOf(route.id as RouteId));
  return schema ? validate(schema, Object.fromEntries(new URLSearchParams(rawQuery))) : undefined;
}
