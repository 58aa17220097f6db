import { api } from '../api/apiClient';

/**
 * The browser's side of Web Push (docs/decisions/0318-alarm-channels-teams-slack-and-web-push.md): subscribe this
 * browser with the product's VAPID key through the console's service worker and register the subscription for the
 * signed-in person. Only where the browser has all of it (a secure origin, a service worker, PushManager and
 * Notification); the dev server has no service worker, so nothing is offered there.
 */
export const pushSupported = () =>
  typeof window !== 'undefined' &&
  window.isSecureContext &&
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  'Notification' in window;

/** The base64url key as the bytes PushManager.subscribe takes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const text = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

async function register(subscription: PushSubscription) {
  const json = subscription.toJSON();
  await api.post('/api/web-push/subscriptions', {
    endpoint: json.endpoint,
    expirationTime: json.expirationTime ?? null,
    keys: { p256dh: json.keys?.p256dh, auth: json.keys?.auth },
  });
}

/** The service worker's registration, once one controls the console (none: no push here). */
async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  return (await navigator.serviceWorker.getRegistration()) ?? undefined;
}

/** After the person said yes: subscribe (or take the subscription the browser has) and register it. */
export async function subscribeThisBrowser(): Promise<void> {
  const worker = await registration();
  if (!worker) throw new Error('No service worker');
  const existing = await worker.pushManager.getSubscription();
  const subscription =
    existing ??
    (await worker.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(
        (
          await api.get<{ public_key: string }>('/api/web-push/vapid-public-key')
        ).public_key,
      ),
    }));
  await register(subscription);
}

/**
 * At every start once permission was given: registers the browser's subscription again, so one the product
 * removed (its push service said it was gone) or a new one the browser made is known.
 */
export async function renewSubscription(): Promise<void> {
  if (!pushSupported() || Notification.permission !== 'granted') return;
  await subscribeThisBrowser();
}
