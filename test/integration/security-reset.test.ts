import { call, DEMO_PASSWORD } from '../harness/api';
import { freshClientIp } from '../harness/client-ip';
import { expectTooManyRequests, firstRefusal, fromIp } from '../harness/limits';
import { resetCodeIn, resetMailerCaughtUp, waitForMail, wrongCodeFor } from '../harness/mail';
import { createTestUser } from '../harness/test-users';

/**
 * Attacks on the password reset, against the local stack. Each test comes from addresses
 * of its own, so what it spends of the per-address limits stays with it.
 */
const NEW_PASSWORD = 'Guessed-Password-2026!';
const LOCKED = 'Too many wrong codes for this address. Password reset is blocked for a few hours.';
const HOUR = 3600;

/** A code request, answered, and its code stored (the reset mailer's, after the answer). */
const requestCode = async (email: string, ip = freshClientIp()) => {
  const answer = await call('POST', '/user/reset-password', { body: { email }, headers: fromIp(ip) });
  await resetMailerCaughtUp();
  return answer;
};
const confirm = (email: string, code: string, ip: string) =>
  call('POST', '/user/reset-password/confirm', { body: { email, code, password: NEW_PASSWORD }, headers: fromIp(ip) });

describe('password reset under attack', () => {
  it('counts wrong codes across fresh codes, then refuses even the right code for hours', async () => {
    const user = await createTestUser({ password: DEMO_PASSWORD });
    const ip = freshClientIp();
    // Two codes, five wrong guesses each: a fresh code gives no fresh guesses.
    for (const round of [1, 2]) {
      expect((await requestCode(user.email)).status).toBe(200);
      const code = resetCodeIn((await waitForMail(user.email, round)).text);
      for (let guess = 0; guess < 5; guess++)
        expect((await confirm(user.email, wrongCodeFor(code), ip)).status).toBe(422);
    }
    expect((await requestCode(user.email)).status).toBe(200);
    const rightCode = resetCodeIn((await waitForMail(user.email, 3)).text);

    const locked = await confirm(user.email, rightCode, freshClientIp());
    expect(expectTooManyRequests(locked, LOCKED, 6 * HOUR)).toBeGreaterThan(5 * HOUR);
    // The password stayed as it was.
    const signIn = (password: string) =>
      call('POST', '/user/sign-in', { body: { email: user.email, password }, headers: fromIp(freshClientIp()) });
    expect((await signIn(NEW_PASSWORD)).status).toBe(401);
    expect((await signIn(DEMO_PASSWORD)).status).toBe(200);
  });

  it('locks an unknown address exactly like a known one (no account enumeration)', async () => {
    const email = `nobody-${Date.now()}@demo.local`;
    const ip = freshClientIp();
    const answers: number[] = [];
    for (const _round of [1, 2]) {
      expect((await requestCode(email)).status).toBe(200);
      for (let guess = 0; guess < 5; guess++) answers.push((await confirm(email, 'AAAAA-AAAAA', ip)).status);
    }
    expect(answers).toEqual(Array(10).fill(422));
    expectTooManyRequests(await confirm(email, 'BBBBB-BBBBB', ip), LOCKED, 6 * HOUR);
  });

  it('limits code requests per address, from any number of client addresses', async () => {
    for (const email of [
      (await createTestUser({ password: DEMO_PASSWORD })).email,
      `nobody-${Date.now()}@demo.local`,
    ]) {
      // Every request from another address: rotating addresses does not help.
      const { index, response } = await firstRefusal(10, () => requestCode(email, freshClientIp()));
      expect(index).toBe(5);
      expectTooManyRequests(response as NonNullable<typeof response>, 'Too many requests. Try again later.', HOUR);
    }
  });

  it('limits code requests per client address, across addresses', async () => {
    const ip = freshClientIp();
    const { index, response } = await firstRefusal(30, (i) => requestCode(`spray-${Date.now()}-${i}@demo.local`, ip));
    expect(index).toBe(20);
    expectTooManyRequests(response as NonNullable<typeof response>, 'Too many requests. Try again later.', HOUR);
  });

  it('limits code guesses per client address, across addresses', async () => {
    const ip = freshClientIp();
    const { index, response } = await firstRefusal(40, (i) =>
      confirm(`spray-${Date.now()}-${i}@demo.local`, 'AAAAA-AAAAA', ip),
    );
    expect(index).toBe(30);
    expectTooManyRequests(response as NonNullable<typeof response>, 'Too many requests. Try again later.', 15 * 60);
  });
});
