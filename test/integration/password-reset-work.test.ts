import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { EventBridgeClient } from '@aws-sdk/client-eventbridge';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { requestPasswordReset } from '../../functions/lib/auth/password-reset';
import { withEffects } from '../../functions/lib/effects/with-effects';
import { call } from '../harness/api';
import { mailsTo, resetMailerCaughtUp, waitForMail } from '../harness/mail';
import { addTenantUser, createOwnTenant, type OwnTenant, removeOwnTenant } from '../harness/own-tenant';
import { pointProcessAtStack, readStack } from '../harness/stack';

/**
 * Learning who has an account from the reset request's timing (docs/security.md "Learning who has an account
 * through the password reset's answer time"): before, the request looked the address up and mailed the code
 * before answering, for an account only, so an unknown address answered sooner. Now both do the same work before
 * the answer (the limit, the lock, one event on the bus) and the reset mailer does the rest afterwards. No time is
 * measured here: the test compares the answers and the AWS calls each request makes before it answers.
 */
let tenant: OwnTenant | undefined;
let known = '';
const unknown = () => `nobody-${Date.now()}-${Math.random().toString(16).slice(2)}@own.local`;

beforeAll(async () => {
  tenant = await createOwnTenant('Reset work');
  known = `${await addTenantUser(tenant, ['ROLE_USER'])}@own.local`;
});
afterAll(() => removeOwnTenant(tenant));
const ownTenant = () => {
  if (!tenant) throw new Error('no tenant');
  return tenant;
};
afterEach(() => jest.restoreAllMocks());

/** The AWS SDK commands a request for `email` sends before it answers, by name, in order. */
async function workBeforeAnswering(email: string): Promise<string[]> {
  const sent: string[] = [];
  type Send = (command: object, ...rest: unknown[]) => unknown;
  const record = (client: { prototype: { send: Send } }) => {
    const original = client.prototype.send;
    jest.spyOn(client.prototype, 'send').mockImplementation(function (this: unknown, command, ...rest) {
      sent.push(command.constructor.name);
      return original.call(this, command, ...rest);
    });
  };
  for (const client of [DynamoDBDocumentClient, CognitoIdentityProviderClient, EventBridgeClient, SESv2Client])
    record(client as never);
  // As the session handler runs it: inside the invocation's effects context, flushed before the answer.
  await withEffects('worker', () => requestPasswordReset(email, 'en'))({});
  jest.restoreAllMocks();
  return sent;
}

describe('password reset request: no account enumeration by time', () => {
  it('answers an address with an account and one without alike, and mails only the account, after the answer', async () => {
    const other = unknown();
    const forUnknown = await call('POST', '/user/reset-password', { body: { email: other } });
    const forKnown = await call('POST', '/user/reset-password', { body: { email: known } });
    // The answer names the address it was given; beside that, one word for word.
    const answerOf = (answer: { status: number; body: unknown }, email: string) => ({
      status: answer.status,
      body: JSON.parse(JSON.stringify(answer.body).replaceAll(email, '<address>')),
    });
    expect(answerOf(forUnknown, other)).toEqual(answerOf(forKnown, known));
    expect(forKnown.status).toBe(200);
    // The mailer's work, once it ran for both: the account's owner got the code, the unknown address nothing.
    await resetMailerCaughtUp();
    expect((await waitForMail(known)).text).toMatch(/[A-Z2-9]{5}-[A-Z2-9]{5}/);
    expect(await mailsTo(other)).toEqual([]);
  });

  it('does the same work before answering for an address with an account and one without', async () => {
    const { ports, userPoolId } = readStack();
    pointProcessAtStack();
    Object.assign(process.env, {
      EVENT_BUS_NAME: 'tracking-pipeline',
      // What the request path used to reach (the account lookup, the mail), so the comparison sees them if sent.
      COGNITO_ENDPOINT: `http://127.0.0.1:${ports.COGNITO_PORT}`,
      USER_POOL_ID: userPoolId,
      SES_ENDPOINT: `http://127.0.0.1:${ports.SES_PORT}`,
      MAIL_FROM: 'Tracking <no-reply@tracking.local>',
    });
    // Both asked for the first time: an address's first request opens its window, a later one counts in it.
    const fresh = `${await addTenantUser(ownTenant(), ['ROLE_USER'])}@own.local`;
    const forKnown = await workBeforeAnswering(fresh);
    const forUnknown = await workBeforeAnswering(unknown());
    expect(forUnknown).toEqual(forKnown);
    expect(forKnown).toContain('PutEventsCommand');
    expect(forKnown.filter((name) => /ListUsers|SendEmail/.test(name))).toEqual([]);
  });
});
