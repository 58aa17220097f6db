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
import { type DataGrant, grantsOf, type HandlerGrants } from '../handler-grants';
import { acknowledge } from '../nag';
import { CODEC_MODULES, codecBundling } from './codec-bundling';

export const REPO_ROOT = path.resolve(__dirname, '..', '..');

/** The data a handler works on: names for its environment and one managed policy per piece of access. */
export interface DataAccess {
  tableName: string;
  bucketName: string;
  policies: Record<DataGrant, iam.IManagedPolicy>;
  /** Web Push's VAPID key secret, given to the functions whose grants name `vapidKeys`. */
  vapidKeys: secretsmanager.ISecret;
}

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

/** The codec Lambdas get the QuickJS WebAssembly next to their bundle (infra/constructs/codec-bundling.ts). */
const withCodecWasm = (module: string, bundling: nodejs.BundlingOptions) =>
  CODEC_MODULES.includes(module) ? codecBundling(bundling) : bundling;

export interface HandlerFunctionProps {
  /**
   * Feature module under functions/http/ (its file exports `handler`), or a worker's name with `entry`; its
   * declaration in infra/handler-grants.ts is what the role is granted.
   */
  module: string;
  /** Defaults to functions/http/<module>.ts. */
  entry?: string;
  data: DataAccess;
  /** HTTP handlers know the user pool (token checks); the role gets only the declared Cognito actions. */
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
   * Secrets the handler reads at runtime (only a function whose grants declare `kpnDataKey`), by environment
   * variable name (the variable holds the secret's ARN); the VAPID key comes with the `vapidKeys` grant.
   * They are read through the Parameters and Secrets Lambda Extension, which caches them for 5 minutes.
   */
  secrets?: Record<string, secretsmanager.ISecret>;
  /** Changes to the shared esbuild options (the export worker's: infra/constructs/export-worker-bundling.ts). */
  bundling?: (base: nodejs.BundlingOptions) => nodejs.BundlingOptions;
}

/**
 * The one Lambda shape of the project: Node.js 22 on arm64, esbuild-bundled, X-Ray tracing, its own log group
 * and role. Each `bind…` call sets an environment variable and grants the access it implies, together.
 */
export class HandlerFunction extends Construct {
  /** What the role holds: infra/handler-grants.ts, by `module`. */
  readonly grants: HandlerGrants;
  readonly function: nodejs.NodejsFunction;
  readonly role: iam.Role;
  readonly logGroup: logs.LogGroup;

  constructor(scope: Construct, id: string, props: HandlerFunctionProps) {
    super(scope, id);
    this.grants = grantsOf(props.module);
    this.logGroup = new logs.LogGroup(this, 'Logs', { retention: props.logRetention });
    this.role = new iam.Role(this, 'Role', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: `Handler ${props.module}`,
    });
    this.logGroup.grantWrite(this.role);

    const entry = props.entry ?? path.join(REPO_ROOT, 'functions', 'http', `${props.module}.ts`);
    const secrets = {
      ...props.secrets,
      ...(this.grants.vapidKeys ? { VAPID_KEYS_SECRET_ID: props.data.vapidKeys } : {}),
    };
    const base = nodeFunctionBase(entry);
    this.function = new nodejs.NodejsFunction(this, 'Function', {
      ...base,
      bundling: withCodecWasm(props.module, props.bundling ? props.bundling(base.bundling) : base.bundling),
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
      ...(Object.keys(secrets).length > 0
        ? {
            paramsAndSecrets: lambda.ParamsAndSecretsLayerVersion.fromVersion(
              lambda.ParamsAndSecretsVersions.V1_0_103,
              { secretsManagerTtl: Duration.minutes(5) },
            ),
          }
        : {}),
    });
    for (const [name, secret] of Object.entries(secrets)) {
      this.function.addEnvironment(name, secret.secretArn);
      // The extension only calls GetSecretValue (secret.grantRead would add DescribeSecret).
      this.role.addToPolicy(
        new iam.PolicyStatement({ actions: ['secretsmanager:GetSecretValue'], resources: [secret.secretArn] }),
      );
    }

    this.bindData(props.data);
    // A run whose time runs short invokes its function again for the rest (functions/lib/data/run-lease.ts), by the
    // name its Lambda context gives: granted on the function, to its own role (infra/handler-grants.ts, invokeSelf).
    if (this.grants.invokeSelf) {
      this.function.addPermission('SelfInvoke', {
        principal: new iam.ArnPrincipal(this.role.roleArn),
        action: 'lambda:InvokeFunction',
      });
    }
    if (props.userPool && props.userPoolClient) this.bindUserPool(props.userPool, props.userPoolClient);
    // Required setting, no placeholder: readMailFrom names `mailFrom` in its error when it is missing.
    if (this.grants.mail) this.bindMail(props.mailFrom ?? readMailFrom(this));

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

  /** TABLE_NAME and ATTACHMENTS_BUCKET, with the pieces of access the function's grants name. */
  bindData(data: DataAccess): void {
    const pieces = this.grants.data;
    if (pieces.some((piece) => piece.startsWith('table-'))) this.function.addEnvironment('TABLE_NAME', data.tableName);
    if (pieces.some((piece) => !piece.startsWith('table-')))
      this.function.addEnvironment('ATTACHMENTS_BUCKET', data.bucketName);
    for (const piece of pieces) this.role.addManagedPolicy(data.policies[piece]);
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

  /** USER_POOL_ID and USER_POOL_CLIENT_ID, with the Cognito actions the function's grants name (if any). */
  bindUserPool(userPool: cognito.IUserPool, client: cognito.IUserPoolClient): void {
    this.function.addEnvironment('USER_POOL_ID', userPool.userPoolId);
    this.function.addEnvironment('USER_POOL_CLIENT_ID', client.userPoolClientId);
    const actions = (this.grants.cognito ?? []).map((action) => `cognito-idp:${action}`);
    if (actions.length === 0) return;
    this.role.addToPolicy(new iam.PolicyStatement({ actions, resources: [userPool.userPoolArn] }));
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

/**
 * sqs:SendMessage on the uplink queue, and nothing else: SendMessageBatch is authorised as SendMessage, and the
 * ways in never read the queue's attributes (grantSendMessages would add GetQueueAttributes and GetQueueUrl).
 */
export function grantSendUplinks(role: iam.IRole, queue: { queueArn: string }): void {
  role.addToPrincipalPolicy(new iam.PolicyStatement({ actions: ['sqs:SendMessage'], resources: [queue.queueArn] }));
}
