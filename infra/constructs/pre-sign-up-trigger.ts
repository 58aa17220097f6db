import * as path from 'node:path';
import { Duration } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as nodejs from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { grantsOf } from '../handler-grants';
import { acknowledge } from '../nag';
import { nodeFunctionBase, REPO_ROOT } from './handler-function';

export interface PreSignUpTriggerProps {
  userPool: cognito.UserPool;
  /** Name of the Entra ID identity provider: federated usernames are "<name>_<subject>". */
  providerName: string;
  /** The SSO tenant and its verified e-mail domains (functions/triggers/pre-sign-up.ts SsoTenant). */
  consoleTenantId: string;
  verifiedDomains: string[];
  logRetention: logs.RetentionDays;
}

/**
 * functions/triggers/pre-sign-up.ts on the pool: links a first Entra ID sign-in to the console user with the same
 * e-mail. Bundled like the HTTP handlers (Node.js 22, arm64, esbuild, tracing, own log group and role).
 *
 * The pool refers to the function, so the function's role must not refer to the pool through its default policy
 * (the function waits for that policy: a cycle). The pool permissions are a separate policy on the role instead.
 */
export class PreSignUpTrigger extends Construct {
  readonly function: nodejs.NodejsFunction;

  constructor(scope: Construct, id: string, props: PreSignUpTriggerProps) {
    super(scope, id);
    const logGroup = new logs.LogGroup(this, 'Logs', { retention: props.logRetention });
    const role = new iam.Role(this, 'Role', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: 'Cognito pre sign-up trigger (SSO account linking)',
    });
    logGroup.grantWrite(role);

    this.function = new nodejs.NodejsFunction(this, 'Function', {
      ...nodeFunctionBase(path.join(REPO_ROOT, 'functions', 'triggers', 'pre-sign-up.ts')),
      memorySize: 256,
      // Cognito waits at most 5 seconds for a trigger.
      timeout: Duration.seconds(5),
      role,
      logGroup,
      environment: {
        NODE_OPTIONS: '--enable-source-maps',
        SSO_PROVIDER_NAME: props.providerName,
        SSO_TENANT_ID: props.consoleTenantId,
        SSO_VERIFIED_DOMAINS: props.verifiedDomains.join(','),
      },
    });

    new iam.Policy(this, 'PoolAccess', {
      roles: [role],
      statements: [
        new iam.PolicyStatement({
          actions: (grantsOf('trigger-pre-sign-up').cognito ?? []).map((action) => `cognito-idp:${action}`),
          resources: [props.userPool.userPoolArn],
        }),
      ],
    });
    props.userPool.addTrigger(cognito.UserPoolOperation.PRE_SIGN_UP, this.function);

    acknowledge(
      role,
      'X-Ray tracing: xray:PutTraceSegments and xray:PutTelemetryRecords do not support resource-level ' +
        'permissions, so Lambda active tracing requires Resource "*" for exactly these two actions.',
      'AwsSolutions-IAM5[Resource::*]',
    );
    acknowledge(
      this.function,
      'The project pins Node.js 22 (LTS, supported by Lambda until 2027) so handlers, triggers, tests and local ' +
        'emulation run the same major version; moving to a newer runtime is a deliberate project decision.',
      'AwsSolutions-L1',
    );
  }
}
