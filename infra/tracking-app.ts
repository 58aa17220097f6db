import * as path from 'node:path';
import type { App, Environment } from 'aws-cdk-lib';
import { type AppConfig, readConfig } from './config';
import { assertEveryBusRuleDeployed } from './constructs/bus-rule-target';
import { HandlerFunction, REPO_ROOT } from './constructs/handler-function';
import { MailIdentity } from './constructs/mail-identity';
import { addNagChecks } from './nag';
import { ApiStack } from './stacks/api-stack';
import { AuthStack } from './stacks/auth-stack';
import { DataStack } from './stacks/data-stack';
import { EdgeWafStack } from './stacks/edge-waf-stack';
import { LiveStack } from './stacks/live-stack';
import { PipelineStack } from './stacks/pipeline-stack';
import { WebDeploymentStack, WebStack } from './stacks/web-stack';

export interface TrackingStacks {
  config: AppConfig;
  edgeWaf: EdgeWafStack;
  web: WebStack;
  data: DataStack;
  auth: AuthStack;
  live: LiveStack;
  api: ApiStack;
  pipeline: PipelineStack;
  webDeployment: WebDeploymentStack;
}

export interface TrackingAppOptions {
  /** Register cdk-nag's AwsSolutions checks (default true). */
  nag?: boolean;
  env?: Environment;
}

/**
 * All stacks of one stage. Order: Web (hosting, gives the console origin) → Data → Auth → Api → WebDeployment
 * (uploads the console with a config.json pointing at this stage's API and user pool).
 */
export function createTrackingApp(app: App, options: TrackingAppOptions = {}): TrackingStacks {
  const config = readConfig(app);
  const env = options.env;
  const name = (suffix: string) => `${config.stackPrefix}-${suffix}`;

  // us-east-1 whatever the app's region (CLOUDFRONT scope); attached with -c webAclArn=<its WebAclArn output>.
  const edgeWaf = new EdgeWafStack(app, name('EdgeWaf'), {
    env,
    description: 'Tracking console: WAF web ACL of the CloudFront distributions (us-east-1)',
    stage: config.stage,
  });

  const web = new WebStack(app, name('Web'), {
    env,
    description: 'Tracking console: static hosting (S3 + CloudFront)',
    stage: config.stage,
    domainName: config.domainName,
    certificateArn: config.certificateArn,
    webAclArn: config.webAclArn,
    cognitoDomainPrefix: config.cognitoDomainPrefix,
  });
  const consoleOrigins = [web.origin, ...config.additionalConsoleOrigins];

  const data = new DataStack(app, name('Data'), {
    env,
    description: 'Tracking console: single table and attachments bucket (stateful)',
    consoleOrigins,
  });

  const auth = new AuthStack(app, name('Auth'), {
    env,
    description: 'Tracking console: Cognito user pool, groups, app client, SSO',
    consoleOrigins,
    stage: config.stage,
    cognitoDomainPrefix: config.cognitoDomainPrefix,
    threatProtection: config.cognitoThreatProtection,
    azure: config.azure,
    logRetention: config.logRetentionDays,
  });

  // Live push: the Event API and its authorizer; the publishers are bound below, once they exist.
  const live = new LiveStack(app, name('Live'), {
    env,
    description: 'Tracking console: live push (AppSync Events API, channel authorizer)',
    stage: config.stage,
    data: data.handlerAccess,
    userPool: auth.userPool,
    userPoolClient: auth.userPoolClient,
    logRetention: config.logRetentionDays,
  });

  const pipeline = new PipelineStack(app, name('Pipeline'), {
    env,
    description: 'Tracking console: device event pipeline (IoT rules, uplink queue, processor, event bus)',
    stage: config.stage,
    data: data.handlerAccess,
    logRetention: config.logRetentionDays,
    geocoder: config.geocoder,
  });

  const api = new ApiStack(app, name('Api'), {
    env,
    description: 'Tracking console: HTTP API and handlers',
    stage: config.stage,
    data: data.handlerAccess,
    userPool: auth.userPool,
    userPoolClient: auth.userPoolClient,
    apiClientsClient: auth.apiClientsClient,
    cognitoDomainUrl: auth.domain.baseUrl(),
    ssoProviderName: auth.ssoProviderName,
    ssoTenantId: auth.ssoTenantId,
    consoleOrigins,
    logRetention: config.logRetentionDays,
    alarmEmail: config.alarmEmail,
    tenantHostSuffix: config.tenantHostSuffix,
    apiOriginDomain: config.apiOriginDomain,
    uplinkQueue: pipeline.uplinkQueue,
    webhookQueue: pipeline.webhookQueue,
    alarmDelivery: pipeline.alarmDelivery,
    eventBus: pipeline.eventBus,
    webAclArn: config.webAclArn,
    watchedStacks: [pipeline],
  });

  // A bus rule's target may live beside its other resources (the reset mailer beside the session handler).
  assertEveryBusRuleDeployed(app);

  // The sender's domain as an SES identity, beside the functions that send from it (DKIM records are outputs).
  new MailIdentity(api, 'MailIdentity', { mailFrom: config.mailFrom });

  const webDeployment = new WebDeploymentStack(app, name('WebDeployment'), {
    env,
    description: 'Tracking console: console bundle and runtime config.json',
    stage: config.stage,
    distribution: web.distribution,
    distDir: path.join(REPO_ROOT, 'web', 'dist'),
    config: {
      apiBaseUrl: api.edge.url,
      userPoolId: auth.userPool.userPoolId,
      userPoolClientId: auth.userPoolClient.userPoolClientId,
      cognitoDomain: auth.domain.baseUrl(),
      live: { endpoint: live.endpoint, region: live.region },
    },
  });

  webDeployment.addStackDependency(web, 'uploads into the console bucket, addressed by name');

  // Every function that declares livePublish (infra/handler-grants.ts) gets the endpoint and the publish grant.
  for (const fn of app.node.findAll().filter((c): c is HandlerFunction => c instanceof HandlerFunction))
    if (fn.grants.livePublish) live.bindPublisher(fn);

  if (options.nag ?? true) addNagChecks(app);
  return { config, edgeWaf, web, data, auth, live, api, pipeline, webDeployment };
}
