import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { App, type Environment, type Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { createTrackingApp, type TrackingStacks } from '../../infra/tracking-app';

/** The context `cdk synth` gets from cdk.json (feature flags included), so tests build the same templates. */
const cdkJsonContext = (): Record<string, unknown> =>
  JSON.parse(readFileSync(path.join(__dirname, '..', '..', 'cdk.json'), 'utf8')).context;

/** Context of a production-like stage: Entra ID federation, custom domain, WAF, alarms, a local dev origin. */
export const FULL_CONTEXT = {
  stage: 'prod',
  azureTenantId: '11111111-2222-3333-4444-555555555555',
  azureClientId: 'entra-app-client-id',
  azureClientSecretArn: 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:entra-client-AbCdEf',
  azureConsoleTenantId: '1',
  azureVerifiedDomains: 'example.com',
  domainName: 'console.example.com',
  certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/0000-1111',
  webAclArn: 'arn:aws:wafv2:us-east-1:123456789012:global/webacl/console/abcd',
  apiOriginDomain: 'api-origin.example.com',
  apiOriginCertificateArn: 'arn:aws:acm:eu-west-1:123456789012:certificate/2222-3333',
  alarmEmail: 'ops@example.com',
  mailFrom: 'Tracking <no-reply@mail.example.com>',
  additionalConsoleOrigins: ['http://localhost:5173'],
};

export interface Synthesized extends TrackingStacks {
  app: App;
  template: (stack: Stack) => Template;
}

/** The one setting every synthesis needs (infra/config.ts readMailFrom); a test can unset it with undefined. */
export const DEFAULT_MAIL_FROM = 'no-reply@tracking.example.com';

export interface SynthOptions {
  /** Registers the AwsSolutions plugin, which makes synthesis throw on any unacknowledged finding. */
  nag?: boolean;
  env?: Environment;
  /**
   * CDK's built-in CloudFormation validation (its rules as errors, cdk.json): a few seconds of WebAssembly per
   * synthesis. It runs once per stage shape the tests build, in cloudformation-validation.test.ts, not again
   * in every file that synthesizes a shape to look at one stack.
   */
  validate?: boolean;
}

/** Builds the whole app with Lambda bundling skipped (fast; handler files need not exist). */
export function synthTracking(
  context: Record<string, unknown> = {},
  { nag = false, env, validate = false }: SynthOptions = {},
): Synthesized {
  const app = new App({
    context: { ...cdkJsonContext(), 'aws:cdk:bundling-stacks': [], mailFrom: DEFAULT_MAIL_FROM, ...context },
    builtinCloudFormationValidation: validate,
  });
  const stacks = createTrackingApp(app, { nag, env });
  const cache = new Map<Stack, Template>();
  const template = (stack: Stack) => {
    let t = cache.get(stack);
    if (!t) {
      t = Template.fromStack(stack);
      cache.set(stack, t);
    }
    return t;
  };
  return { ...stacks, app, template };
}

/** Resources of one type as [logicalId, properties] pairs. */
export function resourcesOf(template: Template, type: string): [string, Record<string, unknown>][] {
  return Object.entries(template.findResources(type)).map(([id, r]) => [
    id,
    (r.Properties ?? {}) as Record<string, unknown>,
  ]);
}
