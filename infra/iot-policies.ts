/**
 * The IoT Core policies of the things that publish uplinks, as plain data declared once:
 * infra/stacks/pipeline-stack.ts creates one AWS::IoT::Policy per entry, the gateways API attaches the
 * gateway policy to each gateway's certificate, and the local broker (scripts/local/mqtt-broker.ts) evaluates
 * the same documents on every CONNECT and PUBLISH. Resources are written relative to
 * `arn:aws:iot:<region>:<account>:` (`client/…`, `topic/…`); `arnPrefixed` completes them for CloudFormation.
 *
 * Topics (docs/decisions/0220, 0221):
 *  - a device thing (thing name = DEVEUI) publishes only `tracking/<its thing name>/uplink`;
 *  - a gateway thing publishes only `tracking/<its thing's tenant attribute>/<DEVEUI>/uplink`: the policy
 *    variable comes from the thing registry, never from the message, so a gateway can speak for no other tenant.
 * Basic Ingest (`$aws/rules/<rule>`) would reach a rule without its topic filter: denied for both (deny wins).
 */
export interface IotPolicyStatement {
  Effect: 'Allow' | 'Deny';
  Action: string[];
  Resource: string[];
  Condition?: Record<string, Record<string, string>>;
}
export interface IotPolicyDocument {
  Version: '2012-10-17';
  Statement: IotPolicyStatement[];
}

export type IotPolicyKind = 'device' | 'gateway';

/** The thing attribute (and policy variable) that binds a gateway to its tenant: the numeric tenant id. */
export const TENANT_ATTRIBUTE = 'tenant';

/** The names of the two policies of a stage; the API reads the gateway policy's name from GATEWAY_POLICY_NAME. */
export const iotPolicyName = (stage: string, kind: IotPolicyKind) =>
  `tracking-${stage.replace(/[^A-Za-z0-9_-]/g, '-')}-${kind}`;

const THING = `\${iot:Connection.Thing.ThingName}`;
const TENANT = `\${iot:Connection.Thing.Attributes[${TENANT_ATTRIBUTE}]}`;

/** Only a certificate attached to a thing connects, and only with that thing's name as its client id. */
const connectAsOwnThing: IotPolicyStatement = {
  Effect: 'Allow',
  Action: ['iot:Connect'],
  Resource: [`client/${THING}`],
  Condition: { Bool: { 'iot:Connection.Thing.IsAttached': 'true' } },
};
const denyBasicIngest: IotPolicyStatement = {
  Effect: 'Deny',
  Action: ['iot:Publish'],
  Resource: ['topic/$aws/rules/*'],
};

export const IOT_POLICIES: Record<IotPolicyKind, IotPolicyDocument> = {
  device: {
    Version: '2012-10-17',
    Statement: [
      connectAsOwnThing,
      { Effect: 'Allow', Action: ['iot:Publish'], Resource: [`topic/tracking/${THING}/uplink`] },
      denyBasicIngest,
    ],
  },
  gateway: {
    Version: '2012-10-17',
    Statement: [
      connectAsOwnThing,
      // `*` is one DEVEUI level for the rule (`tracking/+/+/uplink`); deeper topics match no rule at all.
      { Effect: 'Allow', Action: ['iot:Publish'], Resource: [`topic/tracking/${TENANT}/*/uplink`] },
      denyBasicIngest,
    ],
  },
};

/** The document with every resource as a full ARN (`prefix` = `arn:aws:iot:<region>:<account>:`). */
export function arnPrefixed(document: IotPolicyDocument, prefix: string): IotPolicyDocument {
  return {
    ...document,
    Statement: document.Statement.map((s) => ({ ...s, Resource: s.Resource.map((r) => `${prefix}${r}`) })),
  };
}
