import { createHmac, randomBytes } from 'node:crypto';

/**
 * Standard Webhooks signing (integrations-2.md s.7; standard-webhooks spec/standard-webhooks.md): the secret
 * is `whsec_` + base64 of random bytes and the HMAC key is those bytes; the signature is
 * `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">` over the exact bytes sent.
 */
export const SECRET_PREFIX = 'whsec_';
/** 32 bytes: inside the spec's 24-64 and the size of the HMAC's block-sized key advice. */
const SECRET_BYTES = 32;

export const newWebhookSecret = () => SECRET_PREFIX + randomBytes(SECRET_BYTES).toString('base64');

const keyOf = (secret: string) =>
  Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');

/** The `webhook-signature` header's value for one message and attempt. */
export function signWebhook(secret: string, id: string, timestampSeconds: number, body: string): string {
  const mac = createHmac('sha256', keyOf(secret)).update(`${id}.${timestampSeconds}.${body}`, 'utf8').digest('base64');
  return `v1,${mac}`;
}

/**
 * The three headers of one attempt: the id stays the same across attempts, the timestamp is the attempt's; one
 * signature per secret (the current one first, then a rotated-out one still in its overlap).
 */
export function webhookHeaders(
  secrets: string | readonly string[],
  id: string,
  body: string,
  now = new Date(),
): Record<string, string> {
  const timestamp = Math.floor(now.getTime() / 1000);
  const all = typeof secrets === 'string' ? [secrets] : secrets;
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': all.map((secret) => signWebhook(secret, id, timestamp, body)).join(' '),
  };
}
