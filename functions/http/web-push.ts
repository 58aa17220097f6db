import type { PushSubscriptionInput } from '../../shared/schemas/web-push';
import { isApiClientIdentity } from '../lib/api-tokens/api-client-identity';
import type { AuthContext } from '../lib/auth/auth-context';
import { forbidden, HttpError, notFound, unprocessable } from '../lib/http/errors';
import { createHttpHandler, reply, route } from '../lib/http/handler';
import { isAllowedPushEndpoint, PUSH_ENDPOINT_MESSAGE } from '../lib/web-push/push-endpoint';
import {
  type PushSubscriptionRecord,
  pushSubscriptionsOf,
  removePushSubscription,
  savePushSubscription,
} from '../lib/web-push/push-subscriptions';
import { vapidKeys } from '../lib/web-push/vapid-keys';

/**
 * Web Push (docs/decisions/0318-alarm-channels-teams-slack-and-web-push.md): the signed-in person's own browser
 * subscriptions, in their own partition (functions/lib/web-push/push-subscriptions.ts), so no id reaches another
 * person's; and the VAPID public key the console subscribes with.
 */
const PATH = '/api/web-push/subscriptions';

/**
 * A subscription belongs to a person in their own tenant: an API credential is no person, and a super admin acting
 * in another tenant has no user of that id there (the id may be someone else's).
 */
function ownerOf(auth: AuthContext): number | undefined {
  if (auth.tenant.tenantId !== auth.homeTenantId) return undefined;
  if (isApiClientIdentity(auth)) return undefined;
  return auth.userId;
}

const present = (record: PushSubscriptionRecord) => ({
  '@id': `${PATH}/${record.id}`,
  id: record.id,
  push_service: new URL(record.endpoint).origin,
  created_at: record.created_at,
});

// Padding is dropped: the sender and the push service read base64url without it.
const unpadded = (value: string) => value.replace(/=+$/, '');

async function subscribe(auth: AuthContext, body: PushSubscriptionInput) {
  const owner = ownerOf(auth);
  if (owner === undefined) throw forbidden('Push notifications are for a person signed in to their own tenant');
  if (!isAllowedPushEndpoint(body.endpoint))
    throw unprocessable([{ propertyPath: 'endpoint', message: PUSH_ENDPOINT_MESSAGE }]);
  const record = await savePushSubscription(auth.tenant, owner, {
    endpoint: body.endpoint,
    p256dh: unpadded(body.keys.p256dh),
    auth: unpadded(body.keys.auth),
  });
  return reply(201, present(record));
}

export const handler = createHttpHandler('web-push', {
  'webPush.vapidPublicKey': route({
    run: async () => {
      // Before the operator set the pair on AWS (docs/operations.md "Web Push") the console offers no push.
      const keys = await vapidKeys().catch(() => undefined);
      if (!keys) throw new HttpError(501, 'Web Push is not set up on this installation');
      return { public_key: keys.publicKey };
    },
  }),
  'webPush.subscriptions': route({
    run: async ({ auth }) => {
      const owner = ownerOf(auth);
      const records = owner === undefined ? [] : await pushSubscriptionsOf(auth.tenant, owner);
      return { subscriptions: records.map(present) };
    },
  }),
  'webPush.subscribe': route({ run: async ({ auth, body }) => subscribe(auth, body) }),
  'webPush.unsubscribe': route({
    run: async ({ auth, params }) => {
      const owner = ownerOf(auth);
      if (owner === undefined || !(await removePushSubscription(auth.tenant, owner, params.subscriptionId)))
        throw notFound();
      return reply(204);
    },
  }),
});
