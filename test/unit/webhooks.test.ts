import { Webhook } from 'standardwebhooks';
import { systemTenantContext } from '../../functions/lib/data/system-context';
import { encryptSecret, webhookSigningSecret } from '../../functions/lib/kpn-things/secret-cipher';
import { MAX_SQS_DELAY_SECONDS } from '../../functions/lib/sqs-send';
import { endpointSecrets, type WebhookEndpointRecord } from '../../functions/lib/webhooks/webhook-endpoint-repository';
import { RETRY_DELAYS_SECONDS, retryDelaySeconds, scheduledJob } from '../../functions/lib/webhooks/webhook-queue';
import { newWebhookSecret, signWebhook, webhookHeaders } from '../../functions/lib/webhooks/webhook-signature';
import {
  checkWebhookUrl,
  isForbiddenAddress,
  type Lookup,
  WEBHOOK_URL_MESSAGES,
} from '../../functions/lib/webhooks/webhook-url';
import { PREVIOUS_SECRET_HOURS } from '../../shared/schemas/webhook';

describe('Standard Webhooks signing', () => {
  it('matches the known answer of the spec libraries (standard-webhooks README test vector)', () => {
    const signature = signWebhook(
      'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      'msg_p5jXN8AQM9LWM0D4loKWxJek',
      1614265330,
      '{"test": 2432232314}',
    );
    expect(signature).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  it('is verified by the standardwebhooks package with a fresh secret', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const body = JSON.stringify({ type: 'alarm.raised', timestamp: new Date().toISOString(), data: { a: 'é' } });
    const headers = webhookHeaders(secret, 'msg_1', body);
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    // One changed byte of the body or another secret fails.
    expect(() => new Webhook(secret).verify(`${body} `, headers)).toThrow();
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow();
  });
});

describe('secret rotation overlap', () => {
  const body = JSON.stringify({ type: 'test', timestamp: '2026-11-27T00:00:00.000Z', data: {} });

  it('signs with both secrets during the overlap: a receiver with either one verifies (standardwebhooks)', () => {
    const [current, previous] = [newWebhookSecret(), newWebhookSecret()];
    const headers = webhookHeaders([current, previous], 'msg_2', body);
    expect(headers['webhook-signature']?.split(' ')).toHaveLength(2);
    expect(new Webhook(current).verify(body, headers)).toEqual(JSON.parse(body));
    expect(new Webhook(previous).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow();
  });

  it('keeps the rotated-out secret only until its overlap ends', async () => {
    process.env.KPN_DATA_KEY ??= Buffer.alloc(32, 7).toString('base64');
    const ctx = systemTenantContext(3);
    const [current, previous] = [newWebhookSecret(), newWebhookSecret()];
    const record = {
      id: 4,
      secret_encrypted: await encryptSecret(current, '3', webhookSigningSecret(4)),
      previous_secret_encrypted: await encryptSecret(previous, '3', webhookSigningSecret(4)),
      previous_secret_until: '2026-11-28T00:00:00.000Z',
    } as WebhookEndpointRecord;
    expect(await endpointSecrets(ctx, record, new Date('2026-11-27T23:59:59.000Z'))).toEqual([current, previous]);
    expect(await endpointSecrets(ctx, record, new Date('2026-11-28T00:00:00.000Z'))).toEqual([current]);
    expect(await endpointSecrets(ctx, { ...record, previous_secret_encrypted: null }, new Date(0))).toEqual([current]);
    expect(PREVIOUS_SECRET_HOURS).toBe(24);
  });
});

const resolvingTo =
  (...addresses: string[]): Lookup =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
const publicHost = resolvingTo('93.184.215.14');
const options = (lookup: Lookup = publicHost, allowHttp = false) => ({
  allowHttp,
  lookup,
  localReceiverHost: 'webhook-receiver.localhost',
});

describe('webhook URL check (SSRF)', () => {
  const refused: [string, string][] = [
    ['http://erp.example.com/hook', WEBHOOK_URL_MESSAGES.scheme],
    ['ftp://erp.example.com/hook', WEBHOOK_URL_MESSAGES.scheme],
    ['https://user:pass@erp.example.com/hook', WEBHOOK_URL_MESSAGES.credentials],
    ['https://127.0.0.1/hook', WEBHOOK_URL_MESSAGES.ipLiteral],
    ['https://2130706433/hook', WEBHOOK_URL_MESSAGES.ipLiteral],
    ['https://0x7f000001/hook', WEBHOOK_URL_MESSAGES.ipLiteral],
    ['https://0177.0.0.1/hook', WEBHOOK_URL_MESSAGES.ipLiteral],
    ['https://127.1/hook', WEBHOOK_URL_MESSAGES.ipLiteral],
    ['https://[::ffff:127.0.0.1]/hook', WEBHOOK_URL_MESSAGES.ipLiteral],
    ['https://[::1]/hook', WEBHOOK_URL_MESSAGES.ipLiteral],
    ['https://169.254.169.254/latest/meta-data', WEBHOOK_URL_MESSAGES.ipLiteral],
    ['https://93.184.215.14/hook', WEBHOOK_URL_MESSAGES.ipLiteral],
    ['https://localhost/hook', WEBHOOK_URL_MESSAGES.localHost],
    ['https://localhost./hook', WEBHOOK_URL_MESSAGES.localHost],
    ['https://LOCALHOST/hook', WEBHOOK_URL_MESSAGES.localHost],
    ['https://anything.localhost/hook', WEBHOOK_URL_MESSAGES.localHost],
    ['https://metadata/computeMetadata', WEBHOOK_URL_MESSAGES.localHost],
  ];
  it.each(refused)('refuses %s', async (url, reason) => {
    expect(await checkWebhookUrl(url, options())).toEqual({ ok: false, reason });
  });

  const privateAddresses = [
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '100.127.255.254',
    '0.0.0.0',
    '224.0.0.1',
    '239.255.255.250',
    '255.255.255.255',
    '198.18.0.1',
    '::1',
    '::',
    'fc00::1',
    'fd00:ec2::254',
    'fe80::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:a9fe:a9fe',
    '64:ff9b::a9fe:a9fe',
    '::127.0.0.1',
    'not an address',
  ];
  it.each(privateAddresses)('refuses a name resolving to %s', async (address) => {
    expect(isForbiddenAddress(address)).toBe(true);
    expect(await checkWebhookUrl('https://erp.example.com/hook', options(resolvingTo(address)))).toEqual({
      ok: false,
      reason: WEBHOOK_URL_MESSAGES.privateAddress,
    });
  });

  it('refuses a name with one private address among public ones, and one that does not resolve', async () => {
    const mixed = resolvingTo('93.184.215.14', '10.0.0.5');
    expect(await checkWebhookUrl('https://erp.example.com/', options(mixed))).toMatchObject({ ok: false });
    const none: Lookup = async () => {
      throw new Error('ENOTFOUND');
    };
    expect(await checkWebhookUrl('https://nowhere.example/', options(none))).toEqual({
      ok: false,
      reason: WEBHOOK_URL_MESSAGES.unresolved,
    });
  });

  it('accepts a public name and answers the checked address to connect to', async () => {
    for (const address of ['93.184.215.14', '8.8.8.8', '2606:2800:21f:cb07:6820:80da:af6b:8b2c', '100.128.0.1']) {
      expect(isForbiddenAddress(address)).toBe(false);
      const check = await checkWebhookUrl('https://erp.example.com:8443/hooks?x=1', options(resolvingTo(address)));
      expect(check).toMatchObject({ ok: true, address: { address } });
    }
  });

  describe('IPv6 addresses that carry an IPv4 address are judged by that IPv4 address', () => {
    const refusedTransitions: [string, string][] = [
      ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
      ['::ffff:0:7f00:1', 'IPv4-translated loopback'],
      ['::a9fe:a9fe', 'IPv4-compatible metadata service'],
      ['::10.0.0.1', 'IPv4-compatible private'],
      ['64:ff9b::a9fe:a9fe', 'NAT64 metadata service'],
      ['64:ff9b::c0a8:101', 'NAT64 192.168.1.1'],
      ['64:ff9b:1::5db8:d70e', 'local-use NAT64, refused whole even around a public address'],
      ['64:ff9b:1:7f00:1::', 'local-use NAT64 with the /48 layout'],
      ['2002:7f00:1::', '6to4 around 127.0.0.1'],
      ['2002:a9fe:a9fe:1::1', '6to4 around the metadata service'],
      ['2002:ac10:1::', '6to4 around 172.16.0.1'],
      // RFC 4380's layout: server 65.54.227.120, port 40000, client 192.0.2.45 (inverted 3fff:fdd2), TEST-NET-1.
      ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo, documentation-range client'],
      ['2001:0:4136:e378:8000:63bf:f5ff:fffe', 'Teredo, client 10.0.0.1'],
      ['2001:0:4136:e378:8000:63bf:5601:5601', 'Teredo, client 169.254.169.254'],
      ['2001:0:a00:1:8000:63bf:a247:28f1', 'Teredo, server 10.0.0.1'],
    ];
    it.each(refusedTransitions)('refuses %s (%s)', async (address) => {
      expect(isForbiddenAddress(address)).toBe(true);
      expect(await checkWebhookUrl('https://erp.example.com/hook', options(resolvingTo(address)))).toEqual({
        ok: false,
        reason: WEBHOOK_URL_MESSAGES.privateAddress,
      });
    });

    it.each([
      ['::ffff:5db8:d70e', 'IPv4-mapped 93.184.215.14'],
      ['64:ff9b::808:808', 'NAT64 8.8.8.8'],
      ['2002:5db8:d70e::1', '6to4 around 93.184.215.14'],
      ['2001:0:4136:e378:8000:63bf:a247:28f1', 'Teredo, public server and client 93.184.215.14'],
      ['2001:4860:4860::8888', 'outside 2001::/32, not Teredo'],
    ])('accepts %s (%s)', (address) => {
      expect(isForbiddenAddress(address)).toBe(false);
    });
  });

  it('checks again at send time: a name that now resolves to loopback (DNS rebinding) is refused', async () => {
    let answers = ['93.184.215.14'];
    const rebinding: Lookup = async () => answers.map((address) => ({ address, family: 4 }));
    expect((await checkWebhookUrl('https://rebind.example.com/', options(rebinding))).ok).toBe(true);
    answers = ['127.0.0.1'];
    expect((await checkWebhookUrl('https://rebind.example.com/', options(rebinding))).ok).toBe(false);
  });

  it('takes http:// and the local receiver name only with the local settings', async () => {
    const local = 'http://webhook-receiver.localhost:4999/hook';
    expect(await checkWebhookUrl(local, options(publicHost, true))).toMatchObject({
      ok: true,
      address: { address: '127.0.0.1' },
    });
    expect((await checkWebhookUrl(local, options(publicHost, false))).ok).toBe(false);
    const noReceiver = { allowHttp: true, lookup: resolvingTo('127.0.0.1') };
    expect((await checkWebhookUrl(local, noReceiver)).ok).toBe(false);
  });
});

describe('retry schedule', () => {
  it('waits 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h (±10 %) and then gives up', () => {
    expect(RETRY_DELAYS_SECONDS.reduce((a, b) => a + b, 0)).toBeGreaterThan(86_400);
    expect(retryDelaySeconds(1, () => 0)).toBe(5);
    expect(retryDelaySeconds(2, () => 0)).toBe(270);
    expect(retryDelaySeconds(2, () => 1)).toBe(330);
    expect(retryDelaySeconds(7, () => 0.5)).toBe(50_400);
    expect(retryDelaySeconds(8)).toBeUndefined();
  });

  it('never asks SQS for more than 15 minutes: a longer wait carries notBefore and hops', () => {
    const now = new Date('2026-11-26T08:00:00Z');
    const job = { tenantId: '1', endpointId: 1, deliveryId: 'msg_x' };
    const soon = scheduledJob(job, new Date(now.getTime() + 300_000), now);
    expect(soon).toEqual({ job, delaySeconds: 300 });
    const later = new Date(now.getTime() + 5 * 3600_000);
    const hop = scheduledJob(job, later, now);
    expect(hop).toEqual({ job: { ...job, notBefore: later.toISOString() }, delaySeconds: MAX_SQS_DELAY_SECONDS });
  });
});
