import { isAdmin } from '../../shared/permissions';
import { parseCollectionQuery } from '../lib/http/collection-query';
import { createHttpHandler, reply, route } from '../lib/http/handler';
import { toCollection } from '../lib/http/hydra';
import { openReportFile } from '../lib/report-subscriptions/report-file-link';
import { previewReport } from '../lib/report-subscriptions/report-preview';
import { subscriptionRepository, subscriptionsOf } from '../lib/report-subscriptions/subscription-repository';
import {
  createSubscription,
  presentAll,
  updateSubscription,
  visibleSubscription,
} from '../lib/report-subscriptions/subscription-writes';
import { unsubscribeBySignature } from '../lib/report-subscriptions/unsubscribe';

/**
 * Report subscriptions: reports mailed on a schedule by the report job (functions/jobs/report-subscriptions.ts).
 * One's own, and an administrator's view of the tenant's; the mails' unsubscribe link (public, signed).
 */
export const handler = createHttpHandler('report-subscriptions', {
  'reportSubscriptions.list': route({
    run: async ({ auth, rawQuery }) => {
      const request = parseCollectionQuery(rawQuery, { orders: [] });
      if (isAdmin(auth.roles)) {
        const [page, total] = await Promise.all([
          subscriptionRepository.page(auth.tenant, { page: request.page, itemsPerPage: request.itemsPerPage }),
          subscriptionRepository.count(auth.tenant),
        ]);
        return toCollection('/api/report-subscriptions', request, await presentAll(auth.tenant, page.items), total);
      }
      // A person's own are few (SUBSCRIPTIONS_PER_OWNER): one Query, paged here.
      const own = await subscriptionsOf(auth.tenant, auth.userId);
      const start = (request.page - 1) * request.itemsPerPage;
      const members = await presentAll(auth.tenant, own.slice(start, start + request.itemsPerPage));
      return toCollection('/api/report-subscriptions', request, members, own.length);
    },
  }),
  'reportSubscriptions.get': route({
    run: async ({ auth, params }) => {
      const record = await visibleSubscription(auth, params.id);
      return (await presentAll(auth.tenant, [record]))[0];
    },
  }),
  'reportSubscriptions.create': route({
    run: async ({ auth, body }) => reply(201, await createSubscription(auth, body)),
  }),
  'reportSubscriptions.update': route({
    run: async ({ auth, params, body }) => updateSubscription(auth, params.id, body),
  }),
  'reportSubscriptions.delete': route({
    run: async ({ auth, params }) => {
      const record = await visibleSubscription(auth, params.id);
      await subscriptionRepository.remove(auth.tenant, record.id);
      return reply(204);
    },
  }),
  'reportSubscriptions.preview': route({ run: async ({ auth, params }) => previewReport(auth, params.id) }),
  // A mailed report's download: a fresh short presigned URL for a link signed for that file.
  'reportSubscriptions.file': route({
    run: async ({ query }) =>
      reply(302, undefined, { location: await openReportFile(query), 'cache-control': 'no-store' }),
  }),
  'reportSubscriptions.unsubscribeLink': route({ run: async ({ query }) => unsubscribeBySignature(query) }),
  // Mail clients post `List-Unsubscribe=One-Click` as a form (RFC 8058): the body says nothing the link does not.
  'reportSubscriptions.unsubscribe': route({ rawBody: true, run: async ({ query }) => unsubscribeBySignature(query) }),
});
