import { createECDH, createPrivateKey, randomBytes, sign } from 'node:crypto';
import webpush from 'web-push';
import { isAllowedPushEndpoint } from '../../functions/lib/web-push/push-endpoint';
import { pushPayload } from '../../functions/lib/web-push/push-sender';
import { vapidKeysOfPrivateKey } from '../../functions/lib/web-push/vapid-keys';
import { decryptAes128gcm, verifyVapid } from '../../scripts/local/push-crypto';

/**
 * The push-service stand-in's checks (scripts/local/push-crypto.ts) against what the `web-push` package sends:
 * they take a right message and refuse a wrong one, so the integration test's "decrypted and checked" means it.
 * And the push endpoint allow-list, by host.
 */
const ORIGIN = 'https://push.example.test';

function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    publicKey: ecdh.getPublicKey().toString('base64url'),
    privateKey: ecdh.getPrivateKey().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  };
}

function sent(payload: string, keys = browserKeys()) {
  const vapid = webpush.generateVAPIDKeys();
  const request = webpush.generateRequestDetails(
    { endpoint: `${ORIGIN}/push/1`, keys: { p256dh: keys.publicKey, auth: keys.auth } },
    payload,
    { vapidDetails: { subject: 'mailto:ops@example.test', ...vapid }, contentEncoding: 'aes128gcm' },
  );
  return { keys, vapid, authorization: String(request.headers.Authorization), body: request.body as Buffer };
}

/** A VAPID header with claims of our choosing, signed by a fresh key. */
function vapidHeader(claims: Record<string, unknown>) {
  const vapid = webpush.generateVAPIDKeys();
  const point = Buffer.from(vapid.publicKey, 'base64url');
  const key = createPrivateKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      d: vapid.privateKey,
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${part({ typ: 'JWT', alg: 'ES256' })}.${part(claims)}`;
  const signature = sign('sha256', Buffer.from(unsigned), { key, dsaEncoding: 'ieee-p1363' }).toString('base64url');
  return `vapid t=${unsigned}.${signature}, k=${vapid.publicKey}`;
}

describe('push-service stand-in checks', () => {
  it('decrypts what web-push encrypts and verifies its VAPID header', () => {
    const message = pushPayload({ title: 'Alarm', body: 'Pallet 7', url: '/assets/7', tag: 'alarm-7' });
    const { keys, vapid, authorization, body } = sent(message);
    expect(decryptAes128gcm(body, keys)).toEqual({ ok: true, value: message });
    const checked = verifyVapid(authorization, ORIGIN);
    expect(checked.ok && checked.value.k).toBe(vapid.publicKey);
  });

  it('refuses another receiver, a changed byte, another audience, a far or past expiry, a forged signature', () => {
    const { keys, authorization, body } = sent('hello');
    expect(decryptAes128gcm(body, browserKeys()).ok).toBe(false);
    expect(decryptAes128gcm(body, { ...keys, auth: randomBytes(16).toString('base64url') }).ok).toBe(false);
    const changed = Buffer.from(body);
    changed[changed.length - 20] = (changed[changed.length - 20] ?? 0) ^ 1;
    expect(decryptAes128gcm(changed, keys).ok).toBe(false);
    expect(verifyVapid(authorization, 'https://other.example.test').ok).toBe(false);
    const now = Math.floor(Date.now() / 1000);
    const sub = 'mailto:ops@example.test';
    expect(verifyVapid(vapidHeader({ aud: ORIGIN, exp: now + 3600, sub }), ORIGIN).ok).toBe(true);
    expect(verifyVapid(vapidHeader({ aud: ORIGIN, exp: now + 25 * 3600, sub }), ORIGIN).ok).toBe(false);
    expect(verifyVapid(vapidHeader({ aud: ORIGIN, exp: now - 1, sub }), ORIGIN).ok).toBe(false);
    const [token, key] = authorization.split(', k=') as [string, string];
    const forged = `${token.slice(0, -4)}AAAA, k=${key}`;
    expect(verifyVapid(forged, ORIGIN).ok).toBe(false);
    const otherKey = `${token}, k=${webpush.generateVAPIDKeys().publicKey}`;
    expect(verifyVapid(otherKey, ORIGIN).ok).toBe(false);
  });
});

describe('push endpoint allow-list', () => {
  it.each([
    'https://fcm.googleapis.com/fcm/send/abc:def',
    'https://updates.push.services.mozilla.com/wpush/v2/gAAA',
    'https://wns2-par02p.notify.windows.com/w/?token=BQYAAA',
    'https://web.push.apple.com/QGx1',
  ])('takes %s', (endpoint) => expect(isAllowedPushEndpoint(endpoint)).toBe(true));

  it.each([
    'http://fcm.googleapis.com/fcm/send/abc',
    'https://fcm.googleapis.com.evil.example/x',
    'https://evilfcm.googleapis.com/x',
    'https://notify.windows.com.evil.example/x',
    'https://142.250.1.1/fcm/send/abc',
    'https://[::1]/x',
    'https://localhost/x',
    'https://fcm.googleapis.com:444/x',
    'not a url',
  ])('refuses %s', (endpoint) => expect(isAllowedPushEndpoint(endpoint)).toBe(false));

  it('refuses an endpoint past 2048 characters', () =>
    expect(isAllowedPushEndpoint(`https://fcm.googleapis.com/${'a'.repeat(2100)}`)).toBe(false));
});

describe('the VAPID key generated at deployment', () => {
  it('derives the public key of RFC 8291 appendix A from its private key', () => {
    // The application server's key pair of RFC 8291's worked example, the private key as the secret holds it.
    const privateKeyHex = Buffer.from('yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw', 'base64url').toString('hex');
    expect(vapidKeysOfPrivateKey(privateKeyHex)).toEqual({
      publicKey: 'BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8',
      privateKey: 'yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw',
    });
  });
});
