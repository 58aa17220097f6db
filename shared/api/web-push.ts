import type { RouteContract } from '../route-contracts';
import {
  pushSubscriptionInputSchema,
  pushSubscriptionListSchema,
  pushSubscriptionParamsSchema,
  pushSubscriptionSchema,
  vapidPublicKeySchema,
} from '../schemas/web-push';
import type { RouteDef } from './route-def';

/**
 * Web Push to the console (functions/http/web-push.ts): the signed-in user's own browser subscriptions and the
 * product's VAPID public key the browser subscribes with. Anyone signed in: a person manages only their own.
 */
const route = <const Id extends string, const Method extends RouteDef['method'], const Path extends string>(
  id: Id,
  method: Method,
  path: Path,
) => ({ id, method, path, access: 'authenticated' as const, handler: 'web-push' as const });

export const WEB_PUSH_ROUTES = [
  route('webPush.vapidPublicKey', 'GET', '/api/web-push/vapid-public-key'),
  route('webPush.subscriptions', 'GET', '/api/web-push/subscriptions'),
  route('webPush.subscribe', 'POST', '/api/web-push/subscriptions'),
  route('webPush.unsubscribe', 'DELETE', '/api/web-push/subscriptions/{subscriptionId}'),
] as const satisfies readonly RouteDef[];

export const WEB_PUSH_CONTRACTS = {
  'webPush.vapidPublicKey': {
    summary: "The product's VAPID public key (base64url), the applicationServerKey a browser subscribes with",
    response: vapidPublicKeySchema,
    errors: [501],
  },
  'webPush.subscriptions': {
    summary: "The signed-in user's own Web Push subscriptions (never their keys)",
    response: pushSubscriptionListSchema,
  },
  'webPush.subscribe': {
    summary:
      "Register this browser's PushSubscription for the signed-in user (again: renewed; past 10 the oldest goes)",
    body: pushSubscriptionInputSchema,
    response: pushSubscriptionSchema,
    status: 201,
    errors: [403, 422],
  },
  'webPush.unsubscribe': {
    summary: 'Remove one of the signed-in user’s Web Push subscriptions',
    params: pushSubscriptionParamsSchema,
    errors: [403],
  },
} as const satisfies Record<(typeof WEB_PUSH_ROUTES)[number]['id'], RouteContract>;
