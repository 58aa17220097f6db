import { isIP } from 'node:net';
import { urlCheckOptions } from '../webhooks/webhook-http';
import { checkWebhookUrl, type ResolvedAddress } from '../webhooks/webhook-url';

/**
 * Where the product may send a push message (docs/security.md "Making the push sender call what only the product
 * can reach"). A browser's PushSubscription names its vendor's push service; anything else in `endpoint` came
 * from someone who wants the product to POST somewhere. Allowed: https on the push services of the browsers
 * that support Web Push, by host name; on the local stack (not on AWS) also the push-service stand-in's origin
 * (PUSH_LOCAL_SERVICE_ORIGIN, scripts/local/push-service.ts). A public name is resolved and judged as a webhook
 * URL is (no private address), and the sender connects to the address that check approved.
 */
export const PUSH_SERVICE_HOSTS: readonly { host: string; subdomains: boolean }[] = [
  { host: 'fcm.googleapis.com', subdomains: false }, // Chrome, Edge on Android, Opera
  { host: 'push.services.mozilla.com', subdomains: true }, // Firefox (autopush: updates.push.services.mozilla.com)
  { host: 'notify.windows.com', subdomains: true }, // Edge on Windows (WNS: wns2-*.notify.windows.com)
  { host: 'push.apple.com', subdomains: true }, // Safari (web.push.apple.com)
];

export const PUSH_ENDPOINT_MESSAGE = 'The endpoint must be a browser push service';
export const MAX_ENDPOINT_LENGTH = 2048;

function localServiceOrigin(): string | undefined {
  if (process.env.AWS_EXECUTION_ENV) return undefined;
  return process.env.PUSH_LOCAL_SERVICE_ORIGIN || undefined;
}

/** The endpoint's form alone (no network): what a save refuses at once. */
export function isAllowedPushEndpoint(raw: string): boolean {
  if (raw.length > MAX_ENDPOINT_LENGTH || !URL.canParse(raw)) return false;
  const url = new URL(raw);
  if (url.username || url.password || url.hash) return false;
  const local = localServiceOrigin();
  if (local && url.origin === local) return true;
  if (url.protocol !== 'https:' || (url.port !== '' && url.port !== '443')) return false;
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  if (isIP(host.replace(/^\[|\]$/g, ''))) return false;
  return PUSH_SERVICE_HOSTS.some(
    (service) => host === service.host || (service.subdomains && host.endsWith(`.${service.host}`)),
  );
}

export type PushTarget = { ok: true; url: URL; address: ResolvedAddress } | { ok: false; reason: string };

/** Before each send: the form again, then the name's addresses (none private), pinned for the connection. */
export async function resolvePushEndpoint(raw: string): Promise<PushTarget> {
  if (!isAllowedPushEndpoint(raw)) return { ok: false, reason: PUSH_ENDPOINT_MESSAGE };
  const url = new URL(raw);
  if (url.origin === localServiceOrigin()) {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const family = isIP(host);
    // The stand-in's origin is written by the local stack as 127.0.0.1:<port>; a name is resolved as usual.
    if (family) return { ok: true, url, address: { address: host, family: family === 6 ? 6 : 4 } };
  }
  const check = await checkWebhookUrl(raw, { ...urlCheckOptions(), allowHttp: false, localReceiverHost: undefined });
  return check.ok ? check : { ok: false, reason: check.reason };
}
