import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { MailNotSent } from '../../functions/lib/mail/send-mail';
import { bootstrapFirstRun } from '../../functions/lib/tenants/first-run';
import { handlerEnvironment, type PortName } from '../../scripts/local/config';
import { call } from '../harness/api';
import { mailsTo, waitForMail } from '../harness/mail';
import { readStack } from '../harness/stack';

/**
 * `npm run bootstrap:aws` on a new deployment. Run against the test stack with a subdomain
 * and e-mail no seed uses, so it starts from "no such tenant, no such login", as a new account does.
 */
const unique = Date.now().toString(36);
const email = `first-admin.${unique}@new-account.example`;
const subdomain = `first${unique}`;

/** The variables the start script gives the handlers, for this jest run's ports (as `--local` builds them). */
function useStackEnvironment(): Record<string, string> {
  const stack = readStack();
  const ports = Object.fromEntries(Object.entries(stack.ports).map(([name, port]) => [name as PortName, String(port)]));
  Object.assign(process.env, ports);
  const env = handlerEnvironment({ userPoolId: stack.userPoolId, userPoolClientId: stack.userPoolClientId });
  Object.assign(process.env, env);
  return { ...ports, ...env };
}

const sandbox = (enabled: boolean) =>
  fetch(`http://127.0.0.1:${readStack().ports.SES_PORT}/_local/sandbox`, {
    method: 'PUT',
    body: JSON.stringify({ enabled, verifiedIdentities: [] }),
  });

const tenantCount = async (token: string) =>
  (await call<{ 'hydra:totalItems': number }>('GET', '/api/tenants', { token })).body['hydra:totalItems'];

describe('first run (npm run bootstrap:aws)', () => {
  let env: Record<string, string>;
  beforeAll(() => {
    env = useStackEnvironment();
  });
  afterEach(() => sandbox(false));

  it('a refused mail (SES sandbox) keeps no login, so the next run tries again', async () => {
    await sandbox(true);
    await expect(bootstrapFirstRun({ email: `refused.${email}`, subdomain })).rejects.toBeInstanceOf(MailNotSent);
    const signIn = await call('POST', '/user/sign-in', { body: { email: `refused.${email}`, password: 'x' } });
    expect(signIn.status).toBe(401);
  });

  it('creates the tenant and a super admin, mails the password once; a second run changes nothing', async () => {
    const first = await bootstrapFirstRun({ email, company: `First Company ${unique}`, subdomain });
    expect(first.superAdmin).toEqual({ email, created: true });
    expect(first.mailed).toBe(true);
    const mail = await waitForMail(email);
    expect(mail.subject).toBe('Your super admin account for the tracking console');
    const password = /Password: (\S+)/.exec(mail.text)?.[1] ?? '';
    const signIn = await call<{ token: string; user: { roles: string[] } }>('POST', '/user/sign-in', {
      body: { email, password },
    });
    expect(signIn.status).toBe(200);
    expect(signIn.body.user.roles).toContain('ROLE_SUPER_ADMIN');
    const tenants = await call<{ member: { subdomain: string }[] }>('GET', `/api/tenants?subdomain=${subdomain}`, {
      token: signIn.body.token,
    });
    expect(JSON.stringify(tenants.body)).toContain(subdomain);
    const count = await tenantCount(signIn.body.token);

    // The command itself, again: it says nothing changed, and nothing did (no tenant, no mail, same password).
    const cli = await promisify(execFile)(
      path.join('node_modules', '.bin', 'tsx'),
      ['scripts/bootstrap-aws.ts', '--local', '--email', email, '--subdomain', subdomain],
      { env: { ...process.env, ...env }, cwd: path.join(__dirname, '..', '..') },
    );
    expect(cli.stdout).toMatch(/already there[\s\S]*Nothing changed\./);
    expect(await tenantCount(signIn.body.token)).toBe(count);
    expect(await mailsTo(email)).toHaveLength(1);
    expect((await call('POST', '/user/sign-in', { body: { email, password } })).status).toBe(200);
  });
});
