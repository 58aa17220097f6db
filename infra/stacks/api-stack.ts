import * as path from 'node:path';
import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as events from 'aws-cdk-lib/aws-events';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as destinations from 'aws-cdk-lib/aws-lambda-destinations';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { HANDLER_MODULES, type HandlerModule, ROUTES } from '../../shared/routes';
import { ASSET_IMPORT_WORKER_FUNCTION, ASSET_IMPORT_WORKER_TIMEOUT_MINUTES } from '../../shared/schemas/asset-import';
import { BULK_EDIT_WORKER_TIMEOUT_MINUTES } from '../../shared/schemas/bulk-edit';
import type { AlarmDelivery } from '../constructs/alarm-delivery';
import { ApiEdge } from '../constructs/api-edge';
import { exportWorkerBundling } from '../constructs/export-worker-bundling';
import { FailureQueue } from '../constructs/failure-queue';
import { grantGatewayProvisioning } from '../constructs/gateway-provisioning';
import { type DataAccess, grantSendUplinks, HandlerFunction, REPO_ROOT } from '../constructs/handler-function';
import { labelsBundling } from '../constructs/labels-bundling';
import { OperationsDashboard } from '../constructs/operations-dashboard';
import { OpsAlarms } from '../constructs/ops-alarms';
import { ResetMailer } from '../constructs/reset-mailer';
import { RouteTableApi } from '../constructs/route-table-api';
import { REPORT_JOB, ScheduledJob } from '../constructs/scheduled-job';
import { createAccessLogsBucket } from '../constructs/secure-bucket';
import { type WebhookQueue, WebhookSender } from '../constructs/webhook-delivery';
import { deployedNameOf } from '../deployed-names';
import { grantsOf } from '../handler-grants';
import { acknowledge } from '../nag';

export interface ApiStackProps extends StackProps {
  stage: string;
  data: DataAccess;
  userPool: cognito.UserPool;
  userPoolClient: cognito.IUserPoolClient;
  /** App client of API credentials; its ID tokens are accepted too. */
  apiClientsClient: cognito.IUserPoolClient;
  /** Hosted-UI base URL (https://<prefix>.auth.<region>.amazoncognito.com) for the SSO code flow. */
  cognitoDomainUrl: string;
  ssoProviderName?: string;
  /** The console tenant of the Entra ID directory: the SSO callback refuses tokens of any other tenant. */
  ssoTenantId?: string;
  /** The first origin is the console's own; it is also the base of the OAuth redirect URI. */
  consoleOrigins: string[];
  logRetention: RetentionDays;
  alarmEmail?: string;
  /** See TrackingConfig.tenantHostSuffix (functions/lib/auth/tenant-host.ts). */
  tenantHostSuffix?: string;
  /** See AppConfig.apiOriginDomain: with it the execute-api endpoint is off. */
  apiOriginDomain?: { domainName: string; certificateArn: string };
  /** The device pipeline's uplink queue (pipeline-stack.ts): the KPN Things webhook sends to it. */
  uplinkQueue?: sqs.IQueue;
  /** Webhook delivery's queue (pipeline-stack.ts): the webhooks API sends to it; the sender is made here. */
  webhookQueue?: WebhookQueue;
  /** The alarm topic (pipeline-stack.ts): the alarm rules API subscribes the rules' addresses to it. */
  alarmDelivery?: AlarmDelivery;
  /** The pipeline's bus (pipeline-stack.ts): a zone's stock limits save puts AlarmRaised 4/5 on it. */
  eventBus?: events.IEventBus;
  /** WAFv2 web ACL (CLOUDFRONT scope, us-east-1) for the API's distribution. */
  webAclArn?: string;
  /** Further stacks whose dead-letter queues the operations dashboard and alarms watch (the pipeline stack). */
  watchedStacks?: Stack[];
}

/**
 * The HTTP API's throttles: one token bucket per route for all callers together, so they are last-resort
 * ceilings far above any one party's share, never the limit a tenant meets. Each party's share is set per key at
 * the edge (infra/constructs/edge-web-acl.ts: per address, per credential, per webhook sender) and in the
 * handlers (per user, credential, tenant and address: functions/lib/security/limits.ts). A route throttle near
 * one party's share would let that party push everyone into 429: ten sign-ins a second for all tenants was three
 * addresses' worth of the edge's allowance. Each ceiling is at least ten times the edge's share per key for its
 * routes (test/infra/edge-protection.test.ts); the credential routes keep a ceiling of their own, below the
 * stage's, so a flood of them from many addresses never takes what the rest of the API may use.
 */
export const API_STAGE_THROTTLE = { rateLimit: 500, burstLimit: 1000 } as const;
export const API_ROUTE_THROTTLES = {
  'session.signIn': { rateLimit: 50, burstLimit: 100 },
  'session.verify': { rateLimit: 50, burstLimit: 100 },
  'session.resetPassword': { rateLimit: 20, burstLimit: 40 },
  'session.confirmResetPassword': { rateLimit: 20, burstLimit: 40 },
  'tokens.issue': { rateLimit: 50, burstLimit: 100 },
  'uplinks.kpnThings': { rateLimit: 1000, burstLimit: 2000 },
  'uplinks.tts': { rateLimit: 1000, burstLimit: 2000 },
  'uplinks.chirpstack': { rateLimit: 1000, burstLimit: 2000 },
} as const;

/** Header with which a super admin acts in another tenant (functions/lib/auth/auth-context.ts TENANT_HEADER). */
const TENANT_HEADER = 'x-tenant-id';

/** The HTTP API: one Lambda per handler module, one route per route-table entry, JWT-authorized by Cognito. */
export class ApiStack extends Stack {
  readonly api: RouteTableApi;
  /** CloudFront + WAF in front of the API: the address the console and API clients use. */
  readonly edge: ApiEdge;
  readonly handlers: ReadonlyMap<string, lambda.IFunction>;
  /** The on-call engineer's dashboard and alarms (docs/operations.md). */
  readonly operations: OperationsDashboard;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const [consoleOrigin] = props.consoleOrigins;
    if (!consoleOrigin) throw new Error('ApiStack needs at least one console origin');

    // Data key of integration secrets stored in the table (functions/lib/kpn-things/secret-cipher.ts).
    const kpnDataKey = new secretsmanager.Secret(this, 'KpnDataKey', {
      description: 'Key material of the AES-256-GCM data key that encrypts tenants’ KPN Things client secrets',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
      removalPolicy: RemovalPolicy.RETAIN,
    });
    acknowledge(
      kpnDataKey,
      'Rotating this key would leave every stored KPN client secret unreadable; rotation needs a re-encryption ' +
        'run over the tenants and is a deliberate operation, not a scheduled one. The secret is retained on delete.',
      'AwsSolutions-SMG4',
    );

    // The API distribution's secret origin header (functions/lib/security/edge-origin.ts): both CloudFront and the
    // handlers resolve it at deploy, so requests that go around the WAF to execute-api are refused.
    const edgeOriginKey = new secretsmanager.Secret(this, 'EdgeOriginKey', {
      description: 'Value of the secret header the API CloudFront distribution adds to every origin request',
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
    });
    acknowledge(
      edgeOriginKey,
      'The origin header must change in CloudFront and in every handler at once; a rotation is a redeploy ' +
        'with a new value, not a scheduled Secrets Manager rotation.',
      'AwsSolutions-SMG4',
    );
    const originVerifyValue = edgeOriginKey.secretValue.unsafeUnwrap();

    // Background exports (functions/workers/export-worker.ts): minutes of work past API Gateway's 30 s.
    const exportWorker = new HandlerFunction(this, 'Worker-export', {
      module: 'export-worker',
      entry: path.join(REPO_ROOT, 'functions', 'workers', 'export-worker.ts'),
      data: props.data,
      logRetention: props.logRetention,
      memorySize: 1024,
      timeout: Duration.minutes(15),
      environment: { STAGE: props.stage, POWERTOOLS_LOG_LEVEL: 'INFO' },
      bundling: exportWorkerBundling,
    });
    // The worker records its own failures on the job; a retry would only repeat them. A run that dies before it
    // can (timeout, out of memory) is kept in a queue with a depth alarm.
    const failedExports = new FailureQueue(this, 'ExportWorkerFailures', { what: 'export runs that died' });
    exportWorker.function.configureAsyncInvoke({
      retryAttempts: 0,
      onFailure: new destinations.SqsDestination(failedExports.queue),
    });

    // Bulk edits (functions/workers/bulk-edit-worker.ts): up to 5,000 rows, each a single edit's transaction.
    const bulkEditWorker = new HandlerFunction(this, 'Worker-bulk-edit', {
      module: 'bulk-edit-worker',
      entry: path.join(REPO_ROOT, 'functions', 'workers', 'bulk-edit-worker.ts'),
      data: props.data,
      logRetention: props.logRetention,
      // A running job without progress for longer than this is answered as stalled (bulk-edit-stall.ts).
      timeout: Duration.minutes(BULK_EDIT_WORKER_TIMEOUT_MINUTES),
      environment: { STAGE: props.stage, POWERTOOLS_LOG_LEVEL: 'INFO' },
    });
    // The job is claimed once: a retry would find the claim and do nothing. A run that dies is kept for a look.
    const failedBulkEdits = new FailureQueue(this, 'BulkEditWorkerFailures', { what: 'bulk edit runs that died' });
    bulkEditWorker.function.configureAsyncInvoke({
      retryAttempts: 0,
      onFailure: new destinations.SqsDestination(failedBulkEdits.queue),
    });
    // The rows' webhook events, as the assets handler's single edits send them.
    this.grantResources(bulkEditWorker, props, { exportWorker });

    // Asset imports (functions/workers/asset-import-worker.ts): up to 10,000 rows, each a single edit or create.
    const assetImportWorker = new HandlerFunction(this, 'Worker-asset-import', {
      module: 'asset-import-worker',
      entry: path.join(REPO_ROOT, 'functions', 'workers', 'asset-import-worker.ts'),
      data: props.data,
      logRetention: props.logRetention,
      // A run hands over to a new invocation before this ends; a running import without progress for longer than
      // this is answered as stalled (asset-import-journal.ts).
      timeout: Duration.minutes(ASSET_IMPORT_WORKER_TIMEOUT_MINUTES),
      environment: { STAGE: props.stage, POWERTOOLS_LOG_LEVEL: 'INFO' },
    });
    // The import is claimed once: a retry would find the claim and do nothing. A run that dies is kept for a look.
    const failedImports = new FailureQueue(this, 'AssetImportWorkerFailures', { what: 'asset import runs that died' });
    assetImportWorker.function.configureAsyncInvoke({
      retryAttempts: 0,
      onFailure: new destinations.SqsDestination(failedImports.queue),
    });
    this.grantResources(assetImportWorker, props, { exportWorker });

    // The reset request's mail, after the answer, on the pipeline bus (beside the session handler that puts it).
    if (props.eventBus)
      new ResetMailer(this, 'ResetMailer', {
        stage: props.stage,
        data: props.data,
        eventBus: props.eventBus,
        userPool: props.userPool,
        userPoolClient: props.userPoolClient,
        logRetention: props.logRetention,
      });

    const handlers = new Map<string, lambda.IFunction>();
    const handlerFunctions = new Map<string, lambda.Function>();
    for (const module of HANDLER_MODULES) {
      const handler = new HandlerFunction(this, `Handler-${deployedNameOf(module)}`, {
        module,
        data: props.data,
        userPool: props.userPool,
        userPoolClient: props.userPoolClient,
        logRetention: props.logRetention,
        environment: {
          STAGE: props.stage,
          CONSOLE_ORIGIN: consoleOrigin,
          COGNITO_DOMAIN: props.cognitoDomainUrl,
          // Only with Entra ID federation; without it GET /login/azure answers 501 (functions/lib/auth/sso-config.ts).
          ...(props.ssoProviderName && props.ssoTenantId
            ? { SSO_PROVIDER_NAME: props.ssoProviderName, SSO_TENANT_ID: props.ssoTenantId }
            : {}),
          API_CLIENTS_CLIENT_ID: props.apiClientsClient.userPoolClientId,
          ORIGIN_VERIFY_SECRET: originVerifyValue,
          CLIENT_IP_FROM_CLOUDFRONT: 'true',
          POWERTOOLS_LOG_LEVEL: 'INFO',
          ...(props.tenantHostSuffix ? { TENANT_HOST_SUFFIX: props.tenantHostSuffix } : {}),
        },
        // The webhook decrypts the tenant's Things shared secret with the same data key.
        ...(grantsOf(module).kpnDataKey ? { secrets: { KPN_DATA_KEY_SECRET_ID: kpnDataKey } } : {}),
        // "Send now" writes the report's PDF or Excel file, as the export worker does.
        ...(module === 'report-subscriptions' ? { bundling: exportWorkerBundling } : {}),
        // Labels draw their PDF with a writer beside the bundle.
        ...(module === 'labels' ? { bundling: labelsBundling } : {}),
      });
      this.grantResources(handler, props, { exportWorker, bulkEditWorker, assetImportWorker });
      handlers.set(module, handler.function);
      handlerFunctions.set(module, handler.function);
    }
    this.handlers = handlers;
    // The sender needs the data key of the signing secrets, which this stack holds.
    const webhookSender = props.webhookQueue
      ? new WebhookSender(this, 'WebhookSender', {
          stage: props.stage,
          data: props.data,
          logRetention: props.logRetention,
          queue: props.webhookQueue,
          dataKey: kpnDataKey,
          consoleOrigin,
        })
      : undefined;

    // ID tokens carry custom:tenant and custom:user_id and have aud = the app client id (console or API clients).
    const authorizer = new HttpJwtAuthorizer('CognitoJwt', props.userPool.userPoolProviderUrl, {
      jwtAudience: [props.userPoolClient.userPoolClientId, props.apiClientsClient.userPoolClientId],
      identitySource: ['$request.header.Authorization'],
    });

    this.api = new RouteTableApi(this, 'Api', {
      apiName: `tracking-${props.stage}`,
      routes: ROUTES,
      handlers,
      authorizer,
      corsOrigins: props.consoleOrigins,
      corsHeaders: ['accept', 'accept-language', TENANT_HEADER],
      logRetention: props.logRetention,
      throttle: API_STAGE_THROTTLE,
      routeThrottles: API_ROUTE_THROTTLES,
      originDomain: props.apiOriginDomain,
    });
    this.edge = new ApiEdge(this, 'Edge', {
      apiEndpoint: this.api.url,
      logBucket: createAccessLogsBucket(this, 'EdgeAccessLogs', 90),
      webAclArn: props.webAclArn,
      originVerifyValue,
    });
    // The OpenAPI document names the distribution (where the WAF stands) as its server, not the execute-api host
    // its requests arrive with (functions/lib/openapi/openapi-document.ts publicApiUrl).
    const docsModule = ROUTES.find((route) => route.id === 'docs.openapi')?.handler;
    if (docsModule) handlerFunctions.get(docsModule)?.addEnvironment('API_PUBLIC_URL', this.edge.url);
    // The report mails link to the unsubscribe route at the same public address (unsubscribe-link.ts), so the
    // job is made here, beside the distribution.
    const reports = new ScheduledJob(this, 'ReportSubscriptions', {
      stage: props.stage,
      data: props.data,
      logRetention: props.logRetention,
      job: REPORT_JOB,
    });
    reports.job.function.addEnvironment('API_PUBLIC_URL', this.edge.url);

    // Made last: it finds the dead-letter alarms of this stack and of the watched ones.
    this.operations = new OperationsDashboard(this, 'Operations', {
      stage: props.stage,
      httpApi: this.api.httpApi,
      uplinkQueue: props.uplinkQueue,
      watched: [this, ...(props.watchedStacks ?? [])],
    });
    if (props.alarmEmail) {
      new OpsAlarms(this, 'OpsAlarms', {
        email: props.alarmEmail,
        httpApi: this.api.httpApi,
        alarms: this.operations.alarms,
        // The alarms' construct ids keep the deployed names too (infra/deployed-names.ts).
        functions: new Map([
          ...[...handlers].map(([module, fn]) => [deployedNameOf(module as HandlerModule), fn] as const),
          ['export-worker', exportWorker.function],
          ['bulk-edit-worker', bulkEditWorker.function],
          ['asset-import-worker', assetImportWorker.function],
          ...(webhookSender ? [['webhook-sender', webhookSender.handler.function] as const] : []),
        ]),
      });
    }

    new CfnOutput(this, 'ApiUrl', { value: this.edge.url });
    new CfnOutput(this, 'HttpApiUrl', { value: this.api.url });
  }

  /** The grants of a handler's declaration (infra/handler-grants.ts) that name a resource of another stack. */
  private grantResources(
    handler: HandlerFunction,
    props: ApiStackProps,
    workers: { exportWorker: HandlerFunction; bulkEditWorker?: HandlerFunction; assetImportWorker?: HandlerFunction },
  ) {
    const { exportWorker, bulkEditWorker, assetImportWorker } = workers;
    const { grants, function: fn, role } = handler;
    if (grants.alarmTopic === 'subscribe') props.alarmDelivery?.grantSubscriptionManagement(fn);
    if (grants.alarmTopic === 'notify') props.alarmDelivery?.grantReportNotices(fn);
    if (grants.gatewayProvisioning) grantGatewayProvisioning(this, fn, role, props.stage);
    if (grants.eventBus && props.eventBus) {
      fn.addEnvironment('EVENT_BUS_NAME', props.eventBus.eventBusName);
      props.eventBus.grantPutEventsTo(role);
    }
    if (grants.webhookQueue === 'send') props.webhookQueue?.grantSend(fn, role);
    if (grants.uplinkQueue === 'send' && props.uplinkQueue) {
      fn.addEnvironment('UPLINK_QUEUE_URL', props.uplinkQueue.queueUrl);
      grantSendUplinks(role, props.uplinkQueue);
    }
    if (grants.invokeExportWorker) {
      fn.addEnvironment('EXPORT_WORKER_FUNCTION', exportWorker.function.functionName);
      // The unqualified ARN only (grantInvoke would add "<arn>:*", a wildcard cdk-nag rightly flags).
      role.addToPolicy(
        new iam.PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [exportWorker.function.functionArn] }),
      );
    }
    if (grants.invokeBulkEditWorker && bulkEditWorker) {
      fn.addEnvironment('BULK_EDIT_WORKER_FUNCTION', bulkEditWorker.function.functionName);
      role.addToPolicy(
        new iam.PolicyStatement({
          actions: ['lambda:InvokeFunction'],
          resources: [bulkEditWorker.function.functionArn],
        }),
      );
    }
    if (grants.invokeAssetImportWorker && assetImportWorker) {
      fn.addEnvironment(ASSET_IMPORT_WORKER_FUNCTION, assetImportWorker.function.functionName);
      role.addToPolicy(
        new iam.PolicyStatement({
          actions: ['lambda:InvokeFunction'],
          resources: [assetImportWorker.function.functionArn],
        }),
      );
    }
  }
}
