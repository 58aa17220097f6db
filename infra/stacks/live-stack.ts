import * as path from 'node:path';
import { CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import * as appsync from 'aws-cdk-lib/aws-appsync';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import * as iam from 'aws-cdk-lib/aws-iam';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { LIVE_NAMESPACE } from '../../shared/schemas/live';
import { type DataAccess, HandlerFunction, REPO_ROOT } from '../constructs/handler-function';
import { LIVE_PUBLISH_ACTIONS } from '../handler-grants';
import { LIVE_SUBSCRIBE_HANDLER } from '../live-subscribe-handler';

export interface LiveStackProps extends StackProps {
  stage: string;
  data: DataAccess;
  userPool: cognito.IUserPool;
  userPoolClient: cognito.IUserPoolClient;
  logRetention: RetentionDays;
}

/**
 * Live push (docs/decisions/0258-live-push-with-appsync-events-channels-lambda-authorizer-iam-publish.md): an AppSync Event API with the namespace
 * `live`. Connect and subscribe with the console's Cognito ID token through an AWS_LAMBDA authorizer (the channel
 * rules of functions/lib/live/channel-rules.ts); publish with AWS_IAM only, granted to the functions that
 * declare `livePublish` (infra/handler-grants.ts) by `bindPublisher`.
 */
export class LiveStack extends Stack {
  readonly api: appsync.EventApi;
  readonly authorizer: HandlerFunction;
  /** https://<http domain>/event: the publish endpoint, and the console's `live.endpoint`. */
  readonly endpoint: string;

  constructor(scope: Construct, id: string, props: LiveStackProps) {
    super(scope, id, props);
    this.authorizer = new HandlerFunction(this, 'Authorizer', {
      module: 'live-authorizer',
      entry: path.join(REPO_ROOT, 'functions', 'triggers', 'live-authorizer.ts'),
      data: props.data,
      userPool: props.userPool,
      userPoolClient: props.userPoolClient,
      logRetention: props.logRetention,
      memorySize: 256,
      // AppSync waits at most 10 s for a Lambda authorizer.
      timeout: Duration.seconds(5),
      // Every function knows its stage: the namespace of the product's metrics.
      environment: { STAGE: props.stage },
    });
    this.api = new appsync.EventApi(this, 'EventApi', {
      apiName: `tracking-live-${props.stage}`,
      authorizationConfig: {
        authProviders: [
          {
            authorizationType: appsync.AppSyncAuthorizationType.LAMBDA,
            // Never cached: a decision holds for one channel, and a user's sessions can be ended early.
            lambdaAuthorizerConfig: { handler: this.authorizer.function, resultsCacheTtl: Duration.seconds(0) },
          },
          { authorizationType: appsync.AppSyncAuthorizationType.IAM },
        ],
        connectionAuthModeTypes: [appsync.AppSyncAuthorizationType.LAMBDA],
        defaultSubscribeAuthModeTypes: [appsync.AppSyncAuthorizationType.LAMBDA],
        defaultPublishAuthModeTypes: [appsync.AppSyncAuthorizationType.IAM],
      },
      // No AppSync request logs: its log config makes a role with an AWS managed policy and a retention custom
      // resource; refusals are in the authorizer's own log group, publish failures in the publishers' logs.
    });
    // Every subscribe is checked against its channel by the namespace's handler, with the authorizer's identity.
    this.api.addChannelNamespace('Live', {
      channelNamespaceName: LIVE_NAMESPACE,
      code: appsync.Code.fromInline(LIVE_SUBSCRIBE_HANDLER),
    });
    this.endpoint = `https://${this.api.httpDns}/event`;
    new CfnOutput(this, 'LiveEndpoint', { value: this.endpoint, description: 'AppSync Events publish endpoint' });
  }

  /**
   * LIVE_EVENTS_URL, with appsync:EventPublish on the `live` namespace only: what the publisher
   * (functions/lib/live/publisher.ts) needs, for a function whose grants declare `livePublish`.
   */
  bindPublisher(fn: HandlerFunction): void {
    if (!fn.grants.livePublish) throw new Error('bindPublisher: the function does not declare livePublish');
    fn.function.addEnvironment('LIVE_EVENTS_URL', this.endpoint);
    // A Lambda container runs one invocation at a time: waiting out the coalescer's interval would merge nothing
    // and only hold the invocation (docs/decisions/0258-live-push-with-appsync-events-channels-lambda-authorizer-iam-publish.md, "Coalescing").
    fn.function.addEnvironment('LIVE_MIN_INTERVAL_MS', '0');
    fn.role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: [...LIVE_PUBLISH_ACTIONS],
        resources: appsync.AppSyncEventResource.ofChannelNamespace(LIVE_NAMESPACE).resourceArns(this.api),
      }),
    );
  }
}
