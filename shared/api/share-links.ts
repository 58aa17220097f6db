import { z } from 'zod';
import type { RouteContract } from '../route-contracts';
import { paginationQuerySchema } from '../schemas/common';
import { sharedViewSchema, shareLinkInputSchema, shareLinkSchema, shareTokenParamSchema } from '../schemas/share-link';
import { type RouteDef, staffOnly } from './route-def';

/**
 * Share links (functions/http/share-links.ts, docs/decisions/0322-share-links-that-expire-for-people-without-an-account.md):
 * staff who may edit assets make, list and revoke read-only links to one asset or one customer's assets; the
 * link itself is read without a session, its token the credential (throttled per address, functions/lib/security/limits.ts).
 */
const route = <const Id extends string, const Method extends RouteDef['method'], const Path extends string>(
  id: Id,
  method: Method,
  path: Path,
  access: RouteDef['access'] = staffOnly('ASSET_EDIT'),
) => ({ id, method, path, access, handler: 'share-links' as const });

export const SHARE_LINKS_ROUTES = [
  route('shareLinks.list', 'GET', '/api/share-links'),
  route('shareLinks.create', 'POST', '/api/share-links'),
  route('shareLinks.revoke', 'POST', '/api/share-links/{id}/revoke'),
  route('shareLinks.read', 'GET', '/api/shared/{token}', 'public'),
] as const satisfies readonly RouteDef[];

export const SHARE_LINKS_CONTRACTS = {
  'shareLinks.list': {
    summary: "The tenant's share links, newest first, with their state, uses and last use (never their tokens)",
    query: paginationQuerySchema,
    collection: shareLinkSchema,
  },
  'shareLinks.create': {
    summary:
      'Make a read-only link to one asset or one customer’s assets, until a time at most 90 days on (the answer holds the token, once)',
    body: shareLinkInputSchema,
    response: shareLinkSchema,
    status: 201,
    errors: [409],
  },
  'shareLinks.revoke': {
    summary: 'Revoke a share link: the next read of it is refused',
    response: shareLinkSchema,
  },
  'shareLinks.read': {
    summary:
      'What a share link shows, without a session: the asset(s) name, reference and last position (and the history period’s fixes); any link that is not live answers 404',
    params: z.object({ token: shareTokenParamSchema }),
    response: sharedViewSchema,
    errors: [404],
  },
} as const satisfies Record<(typeof SHARE_LINKS_ROUTES)[number]['id'], RouteContract>;
