import { publishAlarmMail, subscribeRecipients, subscriptionStatuses } from '../../functions/lib/alarms/alarm-mail';
import { MAX_ALARM_RECIPIENTS } from '../../shared/schemas/alarm';
import { call } from '../harness/api';
import { waitForMail } from '../harness/mail';
import { readStack } from '../harness/stack';
import { createSweepTenant, removeSweepTenant, type SweepTenant } from '../harness/sweep/sweep-tenant';

/**
 * SNS allows 200 filter policies per topic and every alarm address carries one. The local
 * SNS stand-in enforces the quota as AWS does (FilterPolicyLimitExceeded); more than 200 addresses must still
 * each get a subscription (the alarm topic's shards), and an address SNS refuses must read `failed`, never
 * `pending confirmation` nor a silent `not subscribed`.
 */
type Rule = { id: number; subscriptions?: { email: string; status: string; reason?: string }[] };

const RULES = Math.ceil(210 / MAX_ALARM_RECIPIENTS) + 1;
const run = Date.now();
const addressesOf = (rule: number) =>
  Array.from({ length: MAX_ALARM_RECIPIENTS }, (_, i) => `quota-${run}-${rule}-${i}@example.com`);
const linkIn = (text: string) => /(http:\/\/\S+\/confirm\?\S+)/.exec(text)?.[1] as string;

describe('alarm mail past the 200 filter policies a topic allows', () => {
  let tenant: SweepTenant | undefined;
  const rules: Rule[] = [];

  beforeAll(async () => {
    const { ports } = readStack();
    Object.assign(process.env, {
      AWS_REGION: 'eu-west-1',
      SNS_ENDPOINT: `http://127.0.0.1:${ports.SNS_PORT}`,
      ALARM_TOPIC_ARN: 'arn:aws:sns:eu-west-1:000000000000:tracking-alarms',
    });
    tenant = await createSweepTenant('Filter policy quota');
    // One after the other, as people save rules: each save subscribes its addresses.
    for (let rule = 0; rule < RULES; rule++) {
      const created = await call<Rule>('POST', '/api/alarms', {
        token: tenant.superAdmin.token,
        headers: tenant.superAdmin.headers,
        body: {
          name: `Quota ${rule}`,
          type: 2,
          text: 'Battery of {asset_name} low.',
          email: addressesOf(rule).join(', '),
        },
      });
      expect(created.status).toBe(201);
      rules.push(created.body);
    }
  });

  afterAll(() => removeSweepTenant(tenant));

  it('subscribes every address of more than 200, each pending confirmation (none dropped at the quota)', () => {
    const states = rules.flatMap((rule) => rule.subscriptions ?? []);
    expect(states).toHaveLength(RULES * MAX_ALARM_RECIPIENTS);
    expect(states.filter((state) => state.status !== 'pending confirmation')).toEqual([]);
  });

  it('mails the last address, subscribed past the quota, once it confirmed', async () => {
    const last = addressesOf(RULES - 1)[MAX_ALARM_RECIPIENTS - 1] as string;
    // The stand-in sends mails one at a time, so the last of some 240 confirmations takes a while.
    const confirmation = await waitForMail(last, 1, 120_000);
    expect((await fetch(linkIn(confirmation.text))).status).toBe(200);
    expect(await subscriptionStatuses([last])).toEqual([{ email: last, status: 'confirmed' }]);
    await publishAlarmMail({ subject: 'Battery low', text: 'Battery of Tag low.', recipients: [last] });
    expect((await waitForMail(last, 2, 60_000)).subject).toBe('Battery low');
  });

  it('answers an address SNS refuses as failed with its reason', async () => {
    const refused = `not-an-address-${run}`;
    const failures = await subscribeRecipients([refused]);
    expect(await subscriptionStatuses([refused], failures)).toEqual([
      { email: refused, status: 'failed', reason: 'InvalidParameter' },
    ]);
  });
});
