import { call, DEMO_PASSWORD } from '../harness/api';
import { freshClientIp } from '../harness/client-ip';
import { expectTooManyRequests, firstRefusal, fromIp } from '../harness/limits';
import { createTestUser } from '../harness/test-users';

/**
 * Attacks on sign-in, against the local stack: guessing one account's password,
 * spraying passwords over many accounts from one address, flooding the route. Every test uses addresses of
 * its own, and users of its own, so no other test is locked out.
 */
const LOCKED = 'Too many failed sign-ins. Try again later.';
const QUARTER_HOUR = 15 * 60;

const signIn = (email: string, password: string, ip = freshClientIp()) =>
  call('POST', '/user/sign-in', { body: { email, password }, headers: fromIp(ip) });

describe('sign-in under attack', () => {
  it('refuses an account after 10 failed sign-ins, the right password too, from any address', async () => {
    const user = await createTestUser({ password: DEMO_PASSWORD });
    // Alternating e-mail and username, each guess from another address: all count for the one account.
    for (let guess = 0; guess < 10; guess++) {
      const login = guess % 2 ? user.email : user.username;
      expect((await signIn(login, `Wrong-Guess-${guess}`)).status).toBe(401);
    }
    expectTooManyRequests(await signIn(user.username, DEMO_PASSWORD), LOCKED, QUARTER_HOUR);
    expectTooManyRequests(await signIn(user.email, DEMO_PASSWORD), LOCKED, QUARTER_HOUR);
  });

  it('answers an unknown login exactly like an account that exists (no account enumeration)', async () => {
    const login = `nobody-${Date.now()}`;
    for (let guess = 0; guess < 10; guess++) expect((await signIn(login, `Wrong-Guess-${guess}`)).status).toBe(401);
    expectTooManyRequests(await signIn(login, DEMO_PASSWORD), LOCKED, QUARTER_HOUR);
  });

  it('refuses an address after 30 failed sign-ins across accounts (password spraying)', async () => {
    const ip = freshClientIp();
    const user = await createTestUser({ password: DEMO_PASSWORD });
    const { index, response } = await firstRefusal(40, (i) => signIn(`sprayed-${Date.now()}-${i}`, 'Summer2026!', ip));
    expect(index).toBe(30);
    expectTooManyRequests(response as NonNullable<typeof response>, LOCKED, QUARTER_HOUR);
    // From that address even a right password waits; from another one the account is fine.
    expectTooManyRequests(await signIn(user.email, DEMO_PASSWORD, ip), LOCKED, QUARTER_HOUR);
    expect((await signIn(user.email, DEMO_PASSWORD)).status).toBe(200);
  });

  it('does not count sign-ins that succeed', async () => {
    const ip = freshClientIp();
    const user = await createTestUser({ password: DEMO_PASSWORD });
    for (let i = 0; i < 12; i++) expect((await signIn(user.username, DEMO_PASSWORD, ip)).status).toBe(200);
    for (let i = 0; i < 9; i++) expect((await signIn(user.username, 'Wrong-Password-1', ip)).status).toBe(401);
    expect((await signIn(user.username, DEMO_PASSWORD, ip)).status).toBe(200);
  });

  it('throttles the route per address, whatever is sent', async () => {
    const ip = freshClientIp();
    // Bodies no schema takes: refused before any work, and still counted.
    const { index, response } = await firstRefusal(130, () =>
      call('POST', '/user/sign-in', { body: {}, headers: fromIp(ip) }),
    );
    // 60 a minute from the first request; a second window opens only if the run takes over a minute.
    expect(index).toBeGreaterThanOrEqual(60);
    expect(index).toBeLessThanOrEqual(120);
    expectTooManyRequests(response as NonNullable<typeof response>, 'Too many requests. Try again later.', 60);
  });
});
