import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { Duration, Stack } from 'aws-cdk-lib';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as nodejs from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { readMailFrom } from '../config';
import { acknowledge } from '../nag';

export const REPO_ROOT = path.resolve(__dirname, '..', '..');

/** The data a handler works on: names for its environment and the policy that grants access to them. */
export interface DataAccess {
  tableName: string;
  bucketName: string;
  policy: iam.IManagedPolicy;
}

/**
 * Cognito operations the session, user, customer, tenant and API-token handlers perform on the one pool.
 * Scoped to the pool ARN; every action here supports resource-level permissions.
 */
export const COGNITO_HANDLER_ACTIONS = [
  'cognito-idp:InitiateAuth',
  'cognito-idp:AdminInitiateAuth',
  'cognito-idp:RespondToAuthChallenge',
  'cognito-idp:AdminRespondToAuthChallenge',
  'cognito-idp:ForgotPassword',
  'cognito-idp:ConfirmForgotPassword',
  'cognito-idp:AdminResetUserPassword',
  'cognito-idp:AdminSetUserPassword',
  'cognito-idp:AdminCreateUser',
  'cognito-idp:AdminDeleteUser',
  'cognito-idp:AdminGetUser',
  'cognito-idp:AdminUpdateUserAttributes',
  'cognito-idp:AdminDisableUser',
  'cognito-idp:AdminEnableUser',
  'cognito-idp:AdminUserGlobalSignOut',
  'cognito-idp:AdminAddUserToGroup',
  'cognito-idp:AdminRemoveUserFromGroup',
  'cognito-idp:AdminListGroupsForUser',
  'cognito-idp:ListUsers',
  'cognito-idp:ListUsersInGroup',
  'cognito-idp:CreateUserPoolClient',
  'cognito-idp:DescribeUserPoolClient',
  'cognito-idp:UpdateUserPoolClient',
  'cognito-idp:DeleteUserPoolClient',
] as const;

/**
 * What every Lambda of the project shares: Node.js 22 on arm64, X-Ray tracing, esbuild bundling of the repo's
 * TypeScript with the lock file, the AWS SDK taken from the runtime. Callers add role, logs, memory, timeout.
 */
export function nodeFunctionBase(entry: string) {
  return {
    entry,
    handler: 'handler',
    runtime: lambda.Runtime.NODEJS_22_X,
    architecture: lambda.Architecture.ARM_64,
    tracing: lambda.Tracing.ACTIVE,
    depsLockFilePath: path.join(REPO_ROOT, 'package-lock.json'),
    projectRoot: REPO_ROOT,
    bundling: {
      minify: true,
      sourceMap: true,
      sourcesContent: false,
      format: nodejs.OutputFormat.CJS,
      target: 'node22',
      externalModules: ['@aws-sdk/*'],
    },
  } satisfies nodejs.NodejsFunctionProps;
}

export interface HandlerFunctionProps {
  /** Feature module under functions/http/ (its file exports `handler`), or a worker's name with `entry`. */
  module: string;
  /** Defaults to functions/http/<module>.ts. */
  entry?: string;
  data: DataAccess;
  /** HTTP handlers work on the user pool; a worker that never calls Cognito leaves both out. */
  userPool?: cognito.IUserPool;
  userPoolClient?: cognito.IUserPoolClient;
  logRetention: logs.RetentionDays;
  environment?: Record<string, string>;
  /** Sender of the product's e-mail, a verified SES identity; default: CDK context `mailFrom`. */
  mailFrom?: string;
  memorySize?: number;
  /** Below the HTTP API's 30 s integration limit. */
  timeout?: Duration;
  /**
   * Secrets the handler reads at runtime, by environment variable name (the variable holds the secret's ARN).
   * They are read through the Parameters and Secrets Lambda Extension, which caches them for 5 minutes.
   */
  secrets?: Record<string, secretsmanager.ISecret>;
}

/**
 * The one Lambda shape of the project: Node.js 22 on arm64, esbuild-bundled, X-Ray tracing, its own log group
 * and role. Each `bind…` call sets an environment variable and grants the access it implies, together.
 */
export class HandlerFunction extends Construct {
  readonly function: nodejs.NodejsFunction;
  readonly role: iam.Role;
  readonly logGroup: logs.LogGroup;

  constructor(scope: Construct, id: string, props: HandlerFunctionProps) {
    super(scope, id);
    this.logGroup = new logs.LogGroup(this, 'Logs', { retention: props.logRetention });
    this.role = new iam.Role(this, 'Role', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: `Handler ${props.module}`,
    });
    this.logGroup.grantWrite(this.role);

    const entry = props.entry ?? path.join(REPO_ROOT, 'functions', 'http', `${props.module}.ts`);
    this.function = new nodejs.NodejsFunction(this, 'Function', {
      ...nodeFunctionBase(entry),
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(28),
      role: this.role,
      logGroup: this.logGroup,
      environment: {
        NODE_OPTIONS: '--enable-source-maps',
        POWERTOOLS_SERVICE_NAME: props.module,
        ...props.environment,
      },
      ...placeholderWhenUnbundled(this, entry),
      ...(props.secrets
        ? {
            paramsAndSecrets: lambda.ParamsAndSecretsLayerVersion.fromVersion(
              lambda.ParamsAndSecretsVersions.V1_0_103,
              { secretsManagerTtl: Duration.minutes(5) },
            ),
          }
        : {}),
    });
    for (const [name, secret] of Object.entries(props.secrets ?? {})) {
      this.function.addEnvironment(name, secret.secretArn);
      secret.grantRead(this.role);
    }

    this.bindData(props.data);
    if (props.userPool && props.userPoolClient) this.bindUserPool(props.userPool, props.userPoolClient);
    // Required setting, no placeholder: readMailFrom names `mailFrom` in its error when it is missing.
    this.bindMail(props.mailFrom ?? readMailFrom(this));

    acknowledge(
      this.role,
      'X-Ray tracing: xray:PutTraceSegments and xray:PutTelemetryRecords do not support resource-level ' +
        'permissions, so Lambda active tracing requires Resource "*" for exactly these two actions.',
      'AwsSolutions-IAM5[Resource::*]',
    );
    acknowledge(
      this.function,
      'The project pins Node.js 22 (LTS, supported by Lambda until 2027) so handlers, tests and local ' +
        'emulation run the same major version; moving to a newer runtime is a deliberate project decision.',
      'AwsSolutions-L1',
    );
  }

  /** TABLE_NAME and ATTACHMENTS_BUCKET, with item and object access to both. */
  bindData(data: DataAccess): void {
    this.function.addEnvironment('TABLE_NAME', data.tableName);
    this.function.addEnvironment('ATTACHMENTS_BUCKET', data.bucketName);
    this.role.addManagedPolicy(data.policy);
  }

  /** MAIL_FROM, with ses:SendEmail from that sender only (functions/lib/mail/send-mail.ts). */
  bindMail(from: string): void {
    this.function.addEnvironment('MAIL_FROM', from);
    const address = /<([^>]+)>/.exec(from)?.[1] ?? from;
    const domain = address.split('@')[1] ?? address;
    const identity = (name: string) =>
      Stack.of(this).formatArn({ service: 'ses', resource: 'identity', resourceName: name });
    this.role.addToPolicy(
      new iam.PolicyStatement({
        actions: ['ses:SendEmail'],
        // SES authorizes against the address identity or its domain identity, whichever is verified.
        resources: [identity(address), identity(domain)],
        conditions: { StringEquals: { 'ses:FromAddress': address } },
      }),
    );
  }

  /** USER_POOL_ID and USER_POOL_CLIENT_ID, with the admin operations the handlers perform on that pool. */
  bindUserPool(userPool: cognito.IUserPool, client: cognito.IUserPoolClient): void {
    this.function.addEnvironment('USER_POOL_ID', userPool.userPoolId);
    this.function.addEnvironment('USER_POOL_CLIENT_ID', client.userPoolClientId);
    this.role.addToPolicy(
      new iam.PolicyStatement({ actions: [...COGNITO_HANDLER_ACTIONS], resources: [userPool.userPoolArn] }),
    );
  }
}

/**
 * Synthesis with bundling skipped (tests, `-c aws:cdk:bundling-stacks=[]`) before a handler file exists: use
 * an inline stub so the template can still be checked. A real synth of a missing handler still fails.
 */
function placeholderWhenUnbundled(scope: Construct, entry: string): Partial<nodejs.NodejsFunctionProps> {
  if (Stack.of(scope).bundlingRequired || existsSync(entry)) return {};
  return {
    code: lambda.Code.fromInline('exports.handler = async () => ({ statusCode: 503 });'),
    handler: 'index.handler',
  };
}
