import { CLIENT_NOT_FOUND } from '../../shared/schemas/asset';
import { DEVICE_ASSET_NOT_FOUND } from '../../shared/schemas/device';
import { type ShareLink, type ShareLinkInput, shareLinkSchema } from '../../shared/schemas/share-link';
import { assetRepository } from '../lib/assets/asset-repository';
import type { AuthContext } from '../lib/auth/auth-context';
import { TENANT_HEADER } from '../lib/auth/auth-context';
import { clientRepository } from '../lib/clients/client-repository';
import { allowListOf } from '../lib/http/allow-list';
import { parseCollectionQuery } from '../lib/http/collection-query';
import { forbidden, unprocessable } from '../lib/http/errors';
import { createHttpHandler, reply, route } from '../lib/http/handler';
import { toCollection } from '../lib/http/hydra';
import {
  createShareLink,
  revokeShareLink,
  type ShareLinkRecord,
  shareLinkRepository,
  stateOf,
} from '../lib/share-links/share-link-repository';
import { sharedViewOf } from '../lib/share-links/shared-view';

/**
 * Share links (docs/decisions/0322-share-links-that-expire-for-people-without-an-account.md): staff make, list and
 * revoke them; `shareLinks.read` is the public page's one read, its token the credential.
 */
const PATH = '/api/share-links';
const allowed = allowListOf(shareLinkSchema);

function present(link: ShareLinkRecord, token?: string): ShareLink {
  return allowed({
    '@id': `${PATH}/${link.id}`,
    '@type': 'ShareLink',
    ...link,
    state: stateOf(link),
    uses: link.uses ?? 0,
    last_used_at: link.last_used_at ?? null,
    ...(token ? { token } : {}),
  });
}

/** What the link names, read in the caller's tenant: another tenant's id is as unknown as a missing one. */
async function subjectOf(auth: AuthContext, body: ShareLinkInput) {
  if (body.kind === 'asset') {
    const asset = body.asset ? await assetRepository.get(auth.tenant, body.asset) : undefined;
    if (!asset) throw unprocessable([{ propertyPath: 'asset', message: DEVICE_ASSET_NOT_FOUND }]);
    return { asset: { id: asset.id, name: asset.name ?? null }, client: null };
  }
  // A customer link shows what the customers screen would: only for those who may read customers.
  if (!auth.hasAny('CUSTOMER_READ')) throw forbidden();
  const client = body.client ? await clientRepository.get(auth.tenant, body.client) : undefined;
  if (!client) throw unprocessable([{ propertyPath: 'client', message: CLIENT_NOT_FOUND }]);
  return { asset: null, client: { id: client.id, company: client.company ?? null } };
}

async function create(auth: AuthContext, body: ShareLinkInput) {
  const subject = await subjectOf(auth, body);
  const { record, token } = await createShareLink(auth.tenant, {
    kind: body.kind,
    ...subject,
    language: body.language,
    expires_at: new Date(body.expires_at).toISOString(),
    history: body.history
      ? { from: new Date(body.history.from).toISOString(), to: new Date(body.history.to).toISOString() }
      : null,
    created_at: new Date().toISOString(),
    created_by: { id: auth.userId, name: auth.username },
    revoked_at: null,
  });
  return reply(201, present(record, token));
}

export const handler = createHttpHandler('share-links', {
  'shareLinks.list': route({
    run: async ({ auth, rawQuery }) => {
      const request = parseCollectionQuery(rawQuery, { orders: [] });
      const [page, total] = await Promise.all([
        shareLinkRepository.page(auth.tenant, {
          page: request.page,
          itemsPerPage: request.itemsPerPage,
          ascending: false,
        }),
        shareLinkRepository.count(auth.tenant),
      ]);
      return toCollection(
        PATH,
        request,
        page.items.map((link) => present(link)),
        total,
      );
    },
  }),
  'shareLinks.create': route({ run: async ({ auth, body }) => create(auth, body) }),
  'shareLinks.revoke': route({
    run: async ({ auth, params }) =>
      present(await revokeShareLink(auth.tenant, await shareLinkRepository.getOrThrow(auth.tenant, params.id))),
  }),
  'shareLinks.read': route({
    run: async ({ event, params }) => {
      const view = await sharedViewOf(params.token, {
        host: event.headers?.host,
        tenantHeader: event.headers?.[TENANT_HEADER],
      });
      // A shared page is one person's view of a moving thing: no cache keeps it, and no link leaks its address.
      return reply(200, view, { 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' });
    },
  }),
});
