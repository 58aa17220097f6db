import type { RouteDef } from '../../../shared/routes';
import { inParallel, type SweepResponse, send } from './client';
import {
  ALL_ROUTES,
  entityTemplate,
  entityTemplates,
  fillPath,
  hasPathParams,
  isCollection,
  matchTemplate,
  paramNames,
} from './routes';

/**
 * Which entities a caller can reach, found through the API alone: every list of the route table is read
 * whole, and every string in the answers that is the path of an entity some route acts on ('/api/assets/7',
 * '/api/clients/1/users/6', an asset's '/api/asset-profiles/119') is recorded under that route's template.
 */
export interface FoundEntity {
  iri: string;
  template: string;
  params: Record<string, string>;
  /** The list it was found in (to read it back when no GET route serves the entity itself). */
  source: string;
}

/** template -> iri -> entity */
export type EntityIndex = Map<string, Map<string, FoundEntity>>;

export interface Caller {
  token: string;
  headers?: Record<string, string>;
}

const withQuery = (path: string, query: string) => `${path}${path.includes('?') ? '&' : '?'}${query}`;

const nextPage = (json: unknown): string | undefined =>
  (json as { 'hydra:view'?: { 'hydra:next'?: string } } | undefined)?.['hydra:view']?.['hydra:next'];

/** Every page of a list: unpaged where the list allows it, else page after page. */
async function readWhole(path: string, caller: Caller): Promise<SweepResponse[]> {
  let answer = await send({ method: 'GET', path: withQuery(path, 'pagination=false'), ...caller });
  if (answer.status >= 400) answer = await send({ method: 'GET', path, ...caller });
  const answers = [answer];
  for (let next = nextPage(answer.json), pages = 1; next && pages < 100; next = nextPage(answer.json), pages++) {
    answer = await send({ method: 'GET', path: next, ...caller });
    answers.push(answer);
  }
  return answers;
}

function* stringsIn(value: unknown): Generator<string> {
  if (typeof value === 'string') yield value;
  else if (Array.isArray(value)) for (const item of value) yield* stringsIn(item);
  else if (value && typeof value === 'object') for (const item of Object.values(value)) yield* stringsIn(item);
}

/** Records every entity path in `json` (an answer, or one path) under its template. */
export function record(index: EntityIndex, json: unknown, source: string, templates = [...entityTemplates().keys()]) {
  for (const text of stringsIn(json)) {
    if (!text.startsWith('/api/')) continue;
    const path = text.split('?')[0] as string;
    for (const template of templates) {
      const params = matchTemplate(template, path);
      if (!params) continue;
      const known = index.get(template) ?? new Map<string, FoundEntity>();
      if (!known.has(path)) known.set(path, { iri: path, template, params, source });
      index.set(template, known);
    }
  }
}

/** The lists of the table that need no id, then the nested ones (/api/clients/{id}/users) for every parent found. */
export async function discoverEntities(caller: Caller): Promise<EntityIndex> {
  const templates = [...entityTemplates().keys()];
  const index: EntityIndex = new Map();
  const read = async (path: string) => {
    for (const answer of await readWhole(path, caller)) record(index, answer.json, path, templates);
  };
  const roots = ALL_ROUTES.filter((route) => isCollection(route) && !hasPathParams(route));
  await inParallel(roots, 4, (route) => read(route.path));
  const nested = ALL_ROUTES.filter((route) => isCollection(route) && hasPathParams(route)).sort(
    (a, b) => paramNames(a.path).length - paramNames(b.path).length,
  );
  for (const route of nested) {
    const parents = [...(index.get(entityTemplate(route.path) as string)?.values() ?? [])];
    await inParallel(parents, 8, (parent) => read(fillPath(route.path, parent.params)));
  }
  return index;
}

export const entitiesUnder = (index: EntityIndex, template: string | undefined): FoundEntity[] =>
  template ? [...(index.get(template)?.values() ?? [])] : [];

const withoutSignatures = (text: string) => text.replace(/\?X-Amz-[^"]*/g, '');

/**
 * The entity as its owner reads it now, as text: through the GET route of its template when there is one,
 * else as the member of the list it was found in, else as part of its parent's answer. Undefined when none
 * reaches it.
 */
export async function readEntity(found: FoundEntity, caller: Caller): Promise<string | undefined> {
  const getRoute = ALL_ROUTES.find((route: RouteDef) => route.method === 'GET' && route.path === found.template);
  if (getRoute) {
    const answer = await send({ method: 'GET', path: found.iri, ...caller });
    return `${answer.status} ${withoutSignatures(answer.text)}`;
  }
  for (const answer of await readWhole(found.source, caller)) {
    const members = (answer.json as { 'hydra:member'?: { '@id'?: string }[] } | undefined)?.['hydra:member'] ?? [];
    const member = members.find((item) => item?.['@id'] === found.iri);
    if (member) return withoutSignatures(JSON.stringify(member));
  }
  // In no list and read by no route (an asset's attachment): its parent's answer holds it.
  const parent = found.iri.split('/').slice(0, -2).join('/');
  if (parent === '/api' || !ALL_ROUTES.some((route) => route.method === 'GET' && matchTemplate(route.path, parent))) {
    return undefined;
  }
  const answer = await send({ method: 'GET', path: parent, ...caller });
  return `${answer.status} ${withoutSignatures(answer.text)}`;
}
