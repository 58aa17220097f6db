import type { RouteContract } from '../route-contracts';
import { paginationQuerySchema } from '../schemas/common';
import {
  reportFileQuerySchema,
  reportPreviewSchema,
  reportSubscriptionInputSchema,
  reportSubscriptionSchema,
  reportSubscriptionUpdateSchema,
  reportUnsubscribedSchema,
  reportUnsubscribeQuerySchema,
} from '../schemas/report-subscription';
import { any, type RouteDef } from './route-def';

/**
 * Report subscriptions (functions/http/report-subscriptions.ts): reports mailed on a schedule. Whoever may read
 * the report may subscribe to it (the permissions of the list it is made of); one manages one's own, administrators
 * every one of the tenant and subscribe others of it (`owner`). "Send now" mails a preview to the caller. The
 * unsubscribe link of a mail is public: its signature is its credential.
 */
// Any report's readers (report-kinds.ts REPORT_KIND_ACCESS): the kind asked for is checked per subscription.
const READERS = any('CUSTOMER_READ', 'RESET_LOAN_DAYS', 'ASSET_READ', 'DEVICE_READ', 'VIEW_ASSET_MAP');
const route = <const Id extends string, const Method extends RouteDef['method'], const Path extends string>(
  id: Id,
  method: Method,
  path: Path,
  access: RouteDef['access'] = READERS,
) => ({ id, method, path, access, handler: 'report-subscriptions' as const });

export const REPORT_SUBSCRIPTIONS_ROUTES = [
  route('reportSubscriptions.list', 'GET', '/api/report-subscriptions'),
  route('reportSubscriptions.create', 'POST', '/api/report-subscriptions'),
  route('reportSubscriptions.unsubscribeLink', 'GET', '/api/report-subscriptions/unsubscribe', 'public'),
  route('reportSubscriptions.unsubscribe', 'POST', '/api/report-subscriptions/unsubscribe', 'public'),
  route('reportSubscriptions.file', 'GET', '/api/report-subscriptions/file', 'public'),
  route('reportSubscriptions.get', 'GET', '/api/report-subscriptions/{id}'),
  route('reportSubscriptions.update', 'PUT', '/api/report-subscriptions/{id}'),
  route('reportSubscriptions.delete', 'DELETE', '/api/report-subscriptions/{id}'),
  route('reportSubscriptions.preview', 'POST', '/api/report-subscriptions/{id}/preview'),
] as const satisfies readonly RouteDef[];

type Id = (typeof REPORT_SUBSCRIPTIONS_ROUTES)[number]['id'];

export const REPORT_SUBSCRIPTIONS_CONTRACTS = {
  'reportSubscriptions.list': {
    summary: "One's own report subscriptions (an administrator: every one of the tenant)",
    query: paginationQuerySchema,
    collection: reportSubscriptionSchema,
  },
  'reportSubscriptions.create': {
    summary: "Subscribe to a report mailed on a schedule (a client user's: their own customer's)",
    body: reportSubscriptionInputSchema,
    response: reportSubscriptionSchema,
    status: 201,
  },
  'reportSubscriptions.unsubscribeLink': {
    summary: "The unsubscribe link of a report mail: pauses that subscription, only with the link's signature",
    query: reportUnsubscribeQuerySchema,
    response: reportUnsubscribedSchema,
    errors: [404],
  },
  'reportSubscriptions.unsubscribe': {
    summary: 'One-click unsubscribe (RFC 8058 List-Unsubscribe-Post): pauses that subscription, only when signed',
    query: reportUnsubscribeQuerySchema,
    response: reportUnsubscribedSchema,
    errors: [404],
  },
  'reportSubscriptions.file': {
    summary:
      "A mailed report's download link: redirects to the stored file, only with the link's signature and before its end",
    query: reportFileQuerySchema,
    status: 302,
    errors: [404],
  },
  'reportSubscriptions.get': { summary: 'A report subscription', response: reportSubscriptionSchema },
  'reportSubscriptions.update': {
    summary: 'Change a report subscription (its kind, options, schedule, format, language, customer, paused)',
    body: reportSubscriptionUpdateSchema,
    response: reportSubscriptionSchema,
  },
  'reportSubscriptions.delete': { summary: 'Delete a report subscription' },
  'reportSubscriptions.preview': {
    summary:
      'Send now, as a preview: the report the next mail would carry, mailed to the caller only; the subscription is unchanged (one a minute per subscription)',
    response: reportPreviewSchema,
  },
} as const satisfies Record<Id, RouteContract>;
