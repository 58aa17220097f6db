import { call, DEMO_PASSWORD } from '../harness/api';
import { mailsTo, resetCodeIn, waitForMail, wrongCodeFor } from '../harness/mail';
import { createTestUser } from '../harness/test-users';

const NEW_PASSWORD = 'Fresh-Password-2026!';

describe('password reset by e-mail code', () => {
  let user: Awaited<ReturnType<typeof createTestUser>>;
  beforeAll(async () => {
    user = await createTestUser({ password: DEMO_PASSWORD });
  });

  it('mails a code, sets the new password with it, and the code works only once', async () => {
    const request = await call('POST', '/user/reset-password', { body: { email: user.email } });
    expect(request.status).toBe(200);
    expect(request.body).toEqual({ message: `An email is send to ${user.email}` });

    const mail = await waitForMail(user.email);
    expect(mail.subject).toBe('Your password reset code');
    const code = resetCodeIn(mail.text);
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{5}-[A-HJ-NP-Z2-9]{5}$/);
    expect(mail.html).toContain(code);

    const confirm = await call('POST', '/user/reset-password/confirm', {
      body: { email: user.email, code, password: NEW_PASSWORD },
    });
    expect(confirm.status).toBe(200);

    const withNew = await call('POST', '/user/sign-in', { body: { email: user.email, password: NEW_PASSWORD } });
    expect(withNew.status).toBe(200);
    const withOld = await call('POST', '/user/sign-in', { body: { email: user.username, password: DEMO_PASSWORD } });
    expect(withOld.status).toBe(401);

    const reused = await call('POST', '/user/reset-password/confirm', {
      body: { email: user.email, code, password: 'Another-Password-2026!' },
    });
    expect(reused.status).toBe(422);
    expect(reused.body).toMatchObject({
      violations: [{ propertyPath: 'code', message: 'The code has expired or was already used. Request a new code.' }],
    });
  });

  it('writes the mail in the language the console asks for', async () => {
    const other = await createTestUser({ password: DEMO_PASSWORD });
    await call('POST', '/user/reset-password', {
      body: { email: other.email },
      headers: { 'accept-language': 'nl-NL,nl;q=0.9,en;q=0.8' },
    });
    expect((await waitForMail(other.email)).subject).toBe('Je code om je wachtwoord te herstellen');
  });

  it('refuses a wrong code, then locks the code after five wrong tries', async () => {
    const other = await createTestUser({ password: DEMO_PASSWORD });
    await call('POST', '/user/reset-password', { body: { email: other.email } });
    const code = resetCodeIn((await waitForMail(other.email)).text);
    const wrong = wrongCodeFor(code);
    const attempt = (c: string) =>
      call('POST', '/user/reset-password/confirm', { body: { email: other.email, code: c, password: NEW_PASSWORD } });

    const first = await attempt(wrong);
    expect(first.status).toBe(422);
    expect(first.body).toMatchObject({ violations: [{ propertyPath: 'code', message: 'The code is not correct' }] });
    for (let i = 2; i <= 4; i++) expect((await attempt(wrong)).status).toBe(422);
    const fifth = await attempt(wrong);
    expect(fifth.body).toMatchObject({
      violations: [{ propertyPath: 'code', message: 'Too many wrong codes. Request a new code.' }],
    });
    // Even the right code is refused now: a new one must be requested.
    const locked = await attempt(code);
    expect(locked.status).toBe(422);
    expect((await call('POST', '/user/sign-in', { body: { email: other.email, password: NEW_PASSWORD } })).status).toBe(
      401,
    );
  });

  it('answers 200 for an unknown e-mail and sends nothing', async () => {
    const email = `nobody-${Date.now()}@demo.local`;
    const response = await call('POST', '/user/reset-password', { body: { email } });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: `An email is send to ${email}` });
    // Proven against a mail that did arrive: a reset for an account, asked after the unknown one, mailed
    // through the same way (SES stand-in, SMTP catcher); once it is in, the earlier one would be too.
    const known = await createTestUser({ password: DEMO_PASSWORD });
    expect((await call('POST', '/user/reset-password', { body: { email: known.email } })).status).toBe(200);
    await waitForMail(known.email);
    expect(await mailsTo(email)).toHaveLength(0);
    const confirm = await call('POST', '/user/reset-password/confirm', {
      body: { email, code: 'AAAAA-AAAAA', password: NEW_PASSWORD },
    });
    // The same answer as a wrong code for an account: an unknown address gets a code too, mailed to nobody.
    expect(confirm.status).toBe(422);
    expect(confirm.body).toMatchObject({ violations: [{ propertyPath: 'code', message: 'The code is not correct' }] });
  });

  it('answers 422 with the shared messages', async () => {
    const empty = await call('POST', '/user/reset-password', { body: {} });
    expect(empty.status).toBe(422);
    expect(empty.body).toMatchObject({ violations: [{ propertyPath: 'email', message: 'Email is required' }] });
    const malformed = await call('POST', '/user/reset-password', { body: { email: 'not-an-address' } });
    expect(malformed.body).toMatchObject({ violations: [{ propertyPath: 'email', message: 'Must be a valid email' }] });

    const confirm = await call('POST', '/user/reset-password/confirm', {
      body: { email: user.email, code: '', password: 'short' },
    });
    expect(confirm.status).toBe(422);
    expect(confirm.body).toMatchObject({
      violations: expect.arrayContaining([
        { propertyPath: 'code', message: 'The code is required' },
        { propertyPath: 'password', message: 'The password must be at least 12 characters' },
      ]),
    });
  });
});
