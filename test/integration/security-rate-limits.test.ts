import { type ApiResponse, call, tokenOf } from '../harness/api';
import { freshClientIp } from '../harness/client-ip';
import { expectTooManyRequests, firstRefusal, fromIp } from '../harness/limits';

/**
 * Throttles of issue 13, item 6, against the local stack: a runaway API credential, the token endpoint and
 * the KPN Things webhook flooded from one address. All answer 429 in the error format with Retry-After.
 */
const TOO_MANY = 'Too many requests. Try again later.';

/** Sends `total` requests, `inFlight` at a time, and collects the answers. */
async function hammer(total: number, inFlight: number, send: () => Promise<ApiResponse>) {
  const answers: ApiResponse[] = [];
  let sent = 0;
  const worker = async () => {
    while (sent < total) {
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
    // 200 at once, then 10 a second: far more than that, fast, from ever other addresses.
    const answers = await hammer(600, 24, () =>
      call('GET', '/api/me', { token: apiToken, headers: fromIp(freshClientIp()) }),
    );
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused.length).toBeGreaterThan(0);
    expect(answers.filter((answer) => answer.status === 200).length).toBeGreaterThanOrEqual(200);
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
    const answers = await hammer(3100, 24, () =>
      call('POST', '/api/things/uplink', { rawBody: '[]', headers: { ...fromIp(ip), 'things-message-token': 'x' } }),
    );
    const refused = answers.filter((answer) => answer.status === 429);
    // 3000 a minute from the first: the rest of the 3100 are refused (unless the run takes over a minute).
    expect(refused.length).toBe(100);
    expectTooManyRequests(refused[0] as ApiResponse, TOO_MANY, 60);
  });
});
