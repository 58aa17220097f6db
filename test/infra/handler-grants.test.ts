import { type CfnElement, Stack } from 'aws-cdk-lib';
import { HandlerFunction } from '../../infra/constructs/handler-function';
import {
  BASELINE_ACTIONS,
  DATA_GRANT_ACTIONS,
  grantActions,
  grantsOf,
  HANDLER_GRANTS,
  type HandlerGrants,
} from '../../infra/handler-grants';
import { HANDLER_MODULES } from '../../shared/routes';
import { reachableSdkCalls } from './sdk-reach';
import { FULL_CONTEXT, synthTracking } from './synth';

/**
 * Least privilege: infra/handler-grants.ts is the one declaration of what each Lambda may do.
 * (a) each synthesized role holds exactly its declaration; (b) the declaration is exactly what the function's
 * code can reach (test/infra/sdk-reach.ts walks its declarations from the entry file).
 */

const cognito = (...names: string[]) => Object.fromEntries(names.map((n) => [`${n}Command`, [`cognito-idp:${n}`]]));
const iot = (...names: string[]) => Object.fromEntries(names.map((n) => [`${n}Command`, [`iot:${n}`]]));

/** The IAM actions an SDK command (or a marker of sdk-reach.ts) is authorised by. */
const SDK_ACTIONS: Record<string, readonly string[]> = {
  GetCommand: ['dynamodb:GetItem'],
  BatchGetCommand: ['dynamodb:BatchGetItem'],
  QueryCommand: ['dynamodb:Query'],
  ScanCommand: ['dynamodb:Scan'],
  PutCommand: ['dynamodb:PutItem'],
  UpdateCommand: ['dynamodb:UpdateItem'],
  DeleteCommand: ['dynamodb:DeleteItem'],
  BatchWriteCommand: ['dynamodb:BatchWriteItem'],
  TransactGetCommand: ['dynamodb:GetItem'],
  // A transaction is authorised item by item: whichever of these its items are.
  TransactWriteCommand: [
    'dynamodb:PutItem',
    'dynamodb:UpdateItem',
    'dynamodb:DeleteItem',
    'dynamodb:ConditionCheckItem',
  ],
  ...cognito(
    'AdminAddUserToGroup',
    'AdminCreateUser',
    'AdminDeleteUser',
    'AdminDisableUser',
    'AdminEnableUser',
    'AdminGetUser',
    'AdminLinkProviderForUser',
    'AdminRemoveUserFromGroup',
    'AdminSetUserMFAPreference',
    'AdminSetUserPassword',
    'AdminUpdateUserAttributes',
    'AdminUserGlobalSignOut',
    'ListUsers',
  ),
  // Public Cognito APIs: IAM policies are not evaluated for them, nothing to grant (those with an access token
  // act as the token's user).
  InitiateAuthCommand: [],
  RespondToAuthChallengeCommand: [],
  RevokeTokenCommand: [],
  AssociateSoftwareTokenCommand: [],
  VerifySoftwareTokenCommand: [],
  SetUserMFAPreferenceCommand: [],
  GetObjectCommand: ['s3:GetObject'],
  HeadObjectCommand: ['s3:GetObject'],
  CopyObjectCommand: ['s3:GetObject', 's3:PutObject'],
  DeleteObjectCommand: ['s3:DeleteObject'],
  DeleteObjectsCommand: ['s3:DeleteObject'],
  ListObjectsV2Command: ['s3:ListBucket'],
  Upload: ['s3:PutObject', 's3:AbortMultipartUpload'],
  PresignedPost: ['s3:PutObject'],
  SendEmailCommand: ['ses:SendEmail'],
  ReverseGeocodeCommand: ['geo-places:ReverseGeocode'],
  PublishCommand: ['sns:Publish'],
  SubscribeCommand: ['sns:Subscribe'],
  ListSubscriptionsByTopicCommand: ['sns:ListSubscriptionsByTopic'],
  GetTopicAttributesCommand: ['sns:GetTopicAttributes'],
  CreateTopicCommand: ['sns:CreateTopic'],
  ...iot(
    'CreateThing',
    'DeleteThing',
    'AttachThingPrincipal',
    'DetachThingPrincipal',
    'AttachPolicy',
    'DetachPolicy',
    'UpdateCertificate',
    'DeleteCertificate',
    'CreateKeysAndCertificate',
    'DescribeEndpoint',
  ),
  InvokeCommand: ['lambda:InvokeFunction'],
  SendMessageCommand: ['sqs:SendMessage'],
  SendMessageBatchCommand: ['sqs:SendMessage'],
  PutEventsCommand: ['events:PutEvents'],
  SecretsExtension: ['secretsmanager:GetSecretValue'],
  AppSyncEventPublish: ['appsync:EventPublish'],
};

const sorted = (values: Iterable<string>) => [...new Set(values)].sort();
const isTable = (action: string) => action.startsWith('dynamodb:');
const WRITES = new Set(
  DATA_GRANT_ACTIONS['table-read-write'].filter((a) => !DATA_GRANT_ACTIONS['table-read'].includes(a)),
);

/** The table piece a set of item actions needs: a level, so that one GetItem less is no new declaration. */
function tableLevel(actions: readonly string[]): string {
  if (actions.some((action) => WRITES.has(action) || action === 'dynamodb:BatchWriteItem')) return 'table-read-write';
  return actions.some(isTable) ? 'table-read' : 'none';
}

/** The IAM actions the code of a declaration's entry file can reach; unknown commands are reported. */
function reachedActions(grants: HandlerGrants): { actions: string[]; unmapped: string[] } {
  const calls = [...reachableSdkCalls(grants.entry)];
  return {
    actions: sorted(calls.flatMap((call) => SDK_ACTIONS[call] ?? [])),
    unmapped: calls.filter((call) => !SDK_ACTIONS[call]).sort(),
  };
}

describe('each function’s declaration is what its code reaches', () => {
  it.each(Object.entries(HANDLER_GRANTS))('%s', (_name, grants) => {
    const reached = reachedActions(grants);
    expect(reached.unmapped).toEqual([]);
    const declared = grantActions(grants).calls;
    const declaredLevel = grants.data.find((piece) => piece.startsWith('table-')) ?? 'none';
    expect({
      // Every reached item action is in the declared table piece, and the piece is the smallest that holds them.
      table: { level: declaredLevel, undeclared: reached.actions.filter((a) => isTable(a) && !declared.includes(a)) },
      other: sorted(declared.filter((a) => !isTable(a))),
    }).toEqual({
      table: { level: tableLevel(reached.actions), undeclared: [] },
      other: sorted(reached.actions.filter((a) => !isTable(a))),
    });
  });

  it('declares every handler module of the route table', () => {
    for (const module of HANDLER_MODULES) expect(HANDLER_GRANTS[module].entry).toBe(`functions/http/${module}.ts`);
  });

  it('the public KPN Things webhook reaches and holds nothing of the user pool', () => {
    expect(
      reachedActions(HANDLER_GRANTS['device-uplinks']).actions.filter((a) => a.startsWith('cognito-idp:')),
    ).toEqual([]);
    expect(HANDLER_GRANTS['device-uplinks'].cognito).toBeUndefined();
  });

  it('no function scans the table but the tenant-walk job (its walks must find records no index reaches)', () => {
    const scanners = Object.entries(HANDLER_GRANTS)
      .filter(([, grants]) =>
        [...reachedActions(grants).actions, ...grantActions(grants).calls].includes('dynamodb:Scan'),
      )
      .map(([name]) => name);
    expect(scanners).toEqual(['job-tenant-walks']);
  });
});

type Statement = { Effect: string; Action: string | string[] };
const statementsOf = (properties: Record<string, unknown> | undefined): Statement[] =>
  (properties?.PolicyDocument as { Statement?: Statement[] } | undefined)?.Statement ?? [];
type Template = {
  Resources: Record<string, { Type: string; Properties?: Record<string, unknown> }>;
  Outputs?: Record<string, { Value: unknown; Export?: { Name: unknown } }>;
};

describe('each synthesized role holds exactly its declaration', () => {
  const s = synthTracking(FULL_CONTEXT);
  const stacks = [s.web, s.data, s.auth, s.live, s.pipeline, s.api, s.webDeployment];
  const templateOf = (stack: Stack) => s.template(stack).toJSON() as Template;

  /** A managed policy ARN of the role: a Ref in its own stack, or another stack's output (import or lookup). */
  function managedPolicyStatements(arn: unknown, own: Template): Statement[] {
    const ref = (arn as { Ref?: string }).Ref;
    const imported = (arn as { 'Fn::ImportValue'?: string })['Fn::ImportValue'];
    const output = (arn as { 'Fn::GetStackOutput'?: { OutputName: string } })['Fn::GetStackOutput']?.OutputName;
    for (const template of ref ? [own] : stacks.map(templateOf)) {
      const policyId = ref ?? (output ? outputRef(template, output) : exportedRef(template, imported));
      const policy = policyId ? template.Resources[policyId] : undefined;
      if (policy?.Type === 'AWS::IAM::ManagedPolicy') return statementsOf(policy.Properties);
    }
    throw new Error(`Managed policy ${JSON.stringify(arn)} not found`);
  }
  const exportedRef = (template: Template, name: unknown) =>
    (Object.values(template.Outputs ?? {}).find((output) => output.Export?.Name === name)?.Value as { Ref?: string })
      ?.Ref;
  const outputRef = (template: Template, name: string) =>
    (template.Outputs?.[name]?.Value as { Ref?: string } | undefined)?.Ref;

  /** The module a function is deployed as (its service name), the key of its declaration. */
  function moduleOf(fn: HandlerFunction): string {
    const stack = Stack.of(fn);
    const props = templateOf(stack).Resources[stack.getLogicalId(fn.function.node.defaultChild as CfnElement)]
      ?.Properties as { Environment: { Variables: Record<string, string> } };
    return props.Environment.Variables.POWERTOOLS_SERVICE_NAME as string;
  }

  function actionsOf(fn: HandlerFunction): string[] {
    const stack = Stack.of(fn);
    const template = templateOf(stack);
    const roleId = stack.getLogicalId(fn.role.node.defaultChild as CfnElement);
    const inline = Object.values(template.Resources)
      .filter((r) => r.Type === 'AWS::IAM::Policy')
      .filter((r) => JSON.stringify(r.Properties?.Roles).includes(`"Ref":"${roleId}"`))
      .flatMap((r) => statementsOf(r.Properties));
    const role = template.Resources[roleId]?.Properties ?? {};
    const managed = ((role.ManagedPolicyArns as unknown[]) ?? []).flatMap((arn) =>
      managedPolicyStatements(arn, template),
    );
    const statements = [...inline, ...managed];
    expect(statements.every((statement) => statement.Effect === 'Allow')).toBe(true);
    // A function's resource policy may grant this role too (invokeSelf): the role holds what it allows as well.
    const resourceGrants = Object.values(template.Resources)
      .filter((r) => r.Type === 'AWS::Lambda::Permission')
      .filter((r) => JSON.stringify(r.Properties?.Principal).includes(`"${roleId}"`))
      .map((r) => r.Properties?.Action as string);
    return sorted([...statements.flatMap((statement) => [statement.Action].flat()), ...resourceGrants]);
  }

  const functions = s.app.node.findAll().filter((c): c is HandlerFunction => c instanceof HandlerFunction);

  it('deploys one function for every declaration but the Cognito trigger (its own construct)', () => {
    const declared = Object.keys(HANDLER_GRANTS).filter((name) => name !== 'trigger-pre-sign-up');
    expect(functions.map(moduleOf).sort()).toEqual(sorted(declared));
  });

  it.each(functions.map((fn) => [fn.node.path, fn] as const))('%s', (_path, fn) => {
    const { calls, implied } = grantActions(grantsOf(moduleOf(fn)));
    expect(actionsOf(fn)).toEqual(sorted([...calls, ...implied, ...BASELINE_ACTIONS]));
  });
});
