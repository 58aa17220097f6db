import { Match } from 'aws-cdk-lib/assertions';
import { GATEWAY_UPLINK_RULE_SQL } from '../../functions/lib/pipeline/topics';
import { IOT_POLICIES } from '../../infra/iot-policies';
import { resourcesOf, type Synthesized, synthTracking } from './synth';

/**
 * The IoT policies that bind an uplink to its publisher are part of the template, with the
 * statements the local broker evaluates too (infra/iot-policies.ts).
 */
let s: Synthesized;
beforeAll(() => {
  s = synthTracking();
});

/** A policy variable as the document writes it (`${name}`), not a template placeholder. */
const v = (name: string) => `\${${name}}`;
const OWN_CLIENT = `client/${v('iot:Connection.Thing.ThingName')}`;

type Statement = { Effect: string; Action: string[]; Resource: unknown[]; Condition?: unknown };
/** A resource as text: CDK joins the ARN prefix (partition, region, account) to the document's resource. */
const text = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : ((value as { 'Fn::Join': [string, unknown[]] })['Fn::Join']?.[1] ?? []).map(text).join('');

function policy(name: string): Statement[] {
  const found = resourcesOf(s.template(s.pipeline), 'AWS::IoT::Policy').find(([, p]) => p.PolicyName === name);
  expect(found).toBeDefined();
  const document = found?.[1].PolicyDocument as { Statement: Statement[] };
  return document.Statement.map((statement) => ({ ...statement, Resource: statement.Resource.map(text) }));
}

const endsWith = (statements: Statement[], effect: string, action: string, suffix: string) =>
  statements.some(
    (st) =>
      st.Effect === effect &&
      st.Action.includes(action) &&
      (st.Resource as string[]).some((r) => r.startsWith('arn:') && r.endsWith(`:${suffix}`)),
  );

const escapeRe = (text: string) => text.replace(/[.*+?^$()|[\]\\{}]/g, '\\$&');

describe('IoT policies of the things that publish uplinks', () => {
  it('lets a device thing connect only as its own thing and publish only its own topic', () => {
    const device = policy('tracking-dev-device');
    expect(endsWith(device, 'Allow', 'iot:Connect', OWN_CLIENT)).toBe(true);
    const connect = device.find((st) => st.Action.includes('iot:Connect'));
    expect(connect?.Condition).toEqual({ Bool: { 'iot:Connection.Thing.IsAttached': 'true' } });
    expect(
      endsWith(device, 'Allow', 'iot:Publish', `topic/tracking/${v('iot:Connection.Thing.ThingName')}/uplink`),
    ).toBe(true);
    const allowed = device.filter((st) => st.Effect === 'Allow').flatMap((st) => st.Action);
    expect(allowed.sort()).toEqual(['iot:Connect', 'iot:Publish']);
    expect(device.filter((st) => st.Effect === 'Allow').flatMap((st) => st.Resource)).toHaveLength(2);
  });

  it("lets a gateway thing publish only under its own thing's tenant attribute", () => {
    const gateway = policy('tracking-dev-gateway');
    expect(endsWith(gateway, 'Allow', 'iot:Connect', OWN_CLIENT)).toBe(true);
    const topic = `topic/tracking/${v('iot:Connection.Thing.Attributes[tenant]')}/*/uplink`;
    expect(endsWith(gateway, 'Allow', 'iot:Publish', topic)).toBe(true);
    expect(gateway.filter((st) => st.Effect === 'Allow').flatMap((st) => st.Resource)).toHaveLength(2);
  });

  it('denies publishing to $aws/rules/* (Basic Ingest) to both', () => {
    for (const name of ['tracking-dev-device', 'tracking-dev-gateway'])
      expect(endsWith(policy(name), 'Deny', 'iot:Publish', 'topic/$aws/rules/*')).toBe(true);
  });

  it('deploys the documents the local broker evaluates, and a gateway rule that reads the tenant from the topic', () => {
    for (const [kind, name] of [
      ['device', 'tracking-dev-device'],
      ['gateway', 'tracking-dev-gateway'],
    ] as const) {
      const deployed = policy(name);
      expect(deployed).toHaveLength(IOT_POLICIES[kind].Statement.length);
      IOT_POLICIES[kind].Statement.forEach((local, i) => {
        const statement = deployed[i] as Statement;
        expect([statement.Effect, statement.Action, statement.Condition]).toEqual([
          local.Effect,
          local.Action,
          local.Condition,
        ]);
        for (const [j, resource] of local.Resource.entries())
          expect(statement.Resource[j]).toMatch(new RegExp(`:${escapeRe(resource)}$`));
      });
    }
    s.template(s.pipeline).hasResourceProperties('AWS::IoT::TopicRule', {
      RuleName: 'tracking_dev_gateway_uplink',
      TopicRulePayload: Match.objectLike({ Sql: GATEWAY_UPLINK_RULE_SQL }),
    });
  });
});
