import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { API_CLIENT_BUCKET, ROUTE_THROTTLES } from '../../functions/lib/security/limits';
import type { WindowLimit } from '../../functions/lib/security/rate-limit';
import { TABLE_NAME } from '../../scripts/local/config';
import { type ApiResponse, call, tokenOf } from '../harness/api';
import { freshClientIp } from '../harness/client-ip';
import { expectTooManyRequests, firstRefusal, fromIp } from '../harness/limits';
import { localTable } from '../harness/stack';

/**
 * Throttles against the local stack: a runaway API credential, the token endpoint and
 * the KPN Things webhook flooded from one address. All answer 429 in the error format with Retry-After.
 */
const TOO_MANY = 'Too many requests. Try again later.';

/**
 * Sends requests, `inFlight` at a time, until one is refused or `max` were sent; the answers in the order
 * they came. Waiting for the refusal, not for a count, keeps it right on a slow machine as well.
 */
async function hammerUntilRefused(max: number, inFlight: number, send: () => Promise<ApiResponse>) {
  const answers: ApiResponse[] = [];
  let sent = 0;
  const worker = async () => {
    while (sent < max && !answers.some((answer) => answer.status === 429)) {
      sent += 1;
      answers.push(await send());
    }
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
  return answers;
}

describe('rate limits', () => {
  let credential: { id: number; client_id: string; client_secret: string };
  let apiToken: string;
  beforeAll(async () => {
    const created = await call<typeof credential>('POST', '/api/tokens', {
      token: await tokenOf('admin'),
      body: { name: 'Runaway loop' },
    });
    expect(created.status).toBe(201);
    credential = created.body;
    const issued = await call<{ access_token: string }>('POST', '/api/oauth/token', {
      body: {
        grant_type: 'client_credentials',
        client_id: credential.client_id,
        client_secret: credential.client_secret,
      },
    });
    expect(issued.status).toBe(200);
    apiToken = issued.body.access_token;
  });
  afterAll(async () => {
    await call('DELETE', `/api/tokens/${credential.id}`, { token: await tokenOf('admin') });
  });

  it('stops an API credential that hammers the API, whichever address it comes from, and no one else', async () => {
    // Sending the whole burst (200) would measure this machine's speed as much as the bucket: the bucket is
    // arranged with all but LEFT of its tokens taken (its GCRA time, token-bucket.ts), then the flood goes on.
    const LEFT = 40;
    const intervalMs = 1000 / API_CLIENT_BUCKET.perSecond;
    await localTable().client.send(
      new PutCommand({
        TableName: TABLE_NAME,
        Item: {
          pk: `LIMIT#${API_CLIENT_BUCKET.name}#${credential.client_id}`,
          sk: 'BUCKET',
          tat: Date.now() + (API_CLIENT_BUCKET.capacity - LEFT) * intervalMs,
          expiresAt: Math.ceil(Date.now() / 1000) + 600,
        },
      }),
    );
    const answers = await hammerUntilRefused(5000, 24, () =>
      call('GET', '/api/me', { token: apiToken, headers: fromIp(freshClientIp()) }),
    );
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused.length).toBeGreaterThan(0);
    // What was left of the burst went through before the first refusal.
    expect(answers.filter((answer) => answer.status === 200).length).toBeGreaterThanOrEqual(LEFT);
    expect(answers.every((answer) => answer.status === 200 || answer.status === 429)).toBe(true);
    expectTooManyRequests(refused[0] as ApiResponse, TOO_MANY, 60);
    // The bucket is the credential's: the tenant's console users go on.
    expect((await call('GET', '/api/me', { token: await tokenOf('admin') })).status).toBe(200);
  });

  it('throttles the token endpoint per address', async () => {
    const ip = freshClientIp();
    const { index, response } = await firstRefusal(70, () =>
      call('POST', '/api/oauth/token', {
        body: { grant_type: 'client_credentials', client_id: 'ac-unknown', client_secret: 'guess' },
        headers: fromIp(ip),
      }),
    );
    expect(index).toBe(30);
    expectTooManyRequests(response as ApiResponse, TOO_MANY, 60);
  });

  it('throttles the KPN Things webhook per address, before the message token is even checked', async () => {
    const ip = freshClientIp();
    const throttle = ROUTE_THROTTLES['uplinks.kpnThings'] as WindowLimit;
    // 3000 requests a minute would measure this machine's speed, not the limit: the window is arranged with
    // all but 5 of them spent (the item the first requests would have written), then the flood goes on.
    await localTable().client.send(
      new PutCommand({
        TableName: TABLE_NAME,
        Item: {
          pk: `LIMIT#${throttle.name}#${ip}`,
          sk: 'WINDOW',
          hits: throttle.limit - 5,
          expiresAt: Date.now() / 1000 + throttle.windowSeconds,
        },
      }),
    );
    const uplink = () =>
      call('POST', '/api/things/uplink', { rawBody: '[]', headers: { ...fromIp(ip), 'things-message-token': 'x' } });
    const { index, response } = await firstRefusal(10, uplink);
    expect(index).toBe(5);
    expectTooManyRequests(response as ApiResponse, TOO_MANY, throttle.windowSeconds);
    // Another address is not affected.
    expect(
      (await call('POST', '/api/things/uplink', { rawBody: '[]', headers: fromIp(freshClientIp()) })).status,
    ).not.toBe(429);
  });
});
