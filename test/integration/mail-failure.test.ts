import { call, tokenOf } from '../harness/api';
import { mailsTo, resetMailerCaughtUp, waitForMail } from '../harness/mail';
import { readStack } from '../harness/stack';

/**
 * A mail SES refuses (a new account is in the SES sandbox: unverified recipients get
 * MessageRejected) never turns a flow that already changed state into a 500. The local SES stand-in
 * (scripts/local/ses-service.ts) is put into sandbox mode for these tests and out of it afterwards.
 */
const sandbox = async (enabled: boolean, verifiedIdentities: string[] = []) => {
  const url = `http://127.0.0.1:${readStack().ports.SES_PORT}/_local/sandbox`;
  const response = await fetch(url, { method: 'PUT', body: JSON.stringify({ enabled, verifiedIdentities }) });
  expect(response.status).toBe(200);
};

const unique = Date.now().toString(36);

describe('mail that SES refuses', () => {
  afterEach(() => sandbox(false));

  it('the SES stand-in refuses an unverified recipient in sandbox mode, as SES does', async () => {
    await sandbox(true);
    const url = `http://127.0.0.1:${readStack().ports.SES_PORT}/v2/email/outbound-emails`;
    const response = await fetch(url, {
      method: 'POST',
      body: JSON.stringify({
        FromEmailAddress: 'no-reply@tracking.local',
        Destination: { ToAddresses: [`someone.${unique}@unverified.example`] },
        Content: { Simple: { Subject: { Data: 'x' }, Body: { Text: { Data: 'x' } } } },
      }),
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('x-amzn-errortype')).toBe('MessageRejected');
    expect(((await response.json()) as { message: string }).message).toMatch(/Email address is not verified/);
  });

  it('the credentials reset answers mail_sent: false (no 500), leaves one usable login, and works once verified', async () => {
    const admin = await tokenOf('admin');
    const email = `sandboxed.${unique}@unverified.example`;
    const created = await call<{ id: number }>('POST', '/api/clients', {
      token: admin,
      body: { company: `Sandboxed ${unique}`, name: 'Sandra Box', email },
    });
    expect(created.status).toBe(201);
    const reset = `/api/clients/${created.body.id}/resetpassword`;

    await sandbox(true);
    const refused = await call('POST', reset, { token: admin });
    expect(refused.status).toBe(200);
    expect(refused.body).toEqual({ mail_sent: false });
    expect(await mailsTo(email)).toHaveLength(0);
    const users = `/api/clients/${created.body.id}/users?search=${encodeURIComponent(email)}`;
    const afterRefusal = await call<{ 'hydra:totalItems': number }>('GET', users, { token: admin });
    expect(afterRefusal.body['hydra:totalItems']).toBe(1);

    // The login exists now; its password reset request, mail refused, answers as an unknown address's does.
    const request = (address: string) => call('POST', '/user/reset-password', { body: { email: address } });
    const known = await request(email);
    const unknown = await request(`nobody.${unique}@unverified.example`);
    expect(known.status).toBe(unknown.status);
    expect(known.status).toBeLessThan(300);
    // The reset mailer tries after the answer: once it ran, SES had refused it.
    await resetMailerCaughtUp();
    expect(await mailsTo(email)).toHaveLength(0);

    // Repeating after the address is verified mails a password that signs in; still one login.
    await sandbox(true, [email]);
    const again = await call('POST', reset, { token: admin });
    expect(again.body).toEqual({ mail_sent: true });
    const mail = await waitForMail(email);
    const password = /Password: (\S+)/.exec(mail.text)?.[1] ?? '';
    expect((await call('POST', '/user/sign-in', { body: { email, password } })).status).toBe(200);
    const afterRetry = await call<{ 'hydra:totalItems': number }>('GET', users, { token: admin });
    expect(afterRetry.body['hydra:totalItems']).toBe(1);
  });
});
