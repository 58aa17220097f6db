import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';

/**
 * The AWS WAF web ACL in front of the CloudFront distributions (the console's and the API's).
 * Scope CLOUDFRONT, so it must be created in us-east-1 (infra/stacks/edge-waf-stack.ts).
 *
 * Rules, cheapest first: per-IP rate limits (sign-in and the other credential routes tightest, the KPN Things
 * webhook apart because KPN sends every tenant's uplinks from a few addresses), then AWS's managed common rule
 * set and known bad inputs. Rate limits count requests per source IP over 5 minutes.
 */
export const RATE_WINDOW_SECONDS = 300;

/** Routes that take credentials or mint tokens without one (shared/routes.ts, access 'public'). */
export const CREDENTIAL_PATHS = [
  '/user/sign-in',
  '/user/verify',
  '/user/reset-password',
  '/user/reset-password/confirm',
  '/api/oauth/token',
] as const;
/** Device uplink webhooks: KPN Things, The Things Stack and ChirpStack each post from a few server addresses. */
export const WEBHOOK_PATHS = ['/api/things/uplink', '/api/tts/uplink', '/api/chirpstack/uplink'] as const;

export interface EdgeRateLimits {
  /** Any request, per IP per 5 minutes (a console user's busiest screen stays far below). */
  perIp: number;
  /** Credential routes, per IP per 5 minutes. */
  credentials: number;
  /** The uplink webhooks (KPN Things, TTS, ChirpStack) together, per IP per 5 minutes. */
  webhook: number;
}

export const DEFAULT_EDGE_RATE_LIMITS: EdgeRateLimits = { perIp: 2000, credentials: 100, webhook: 30_000 };

const visibility = (metricName: string): wafv2.CfnWebACL.VisibilityConfigProperty => ({
  cloudWatchMetricsEnabled: true,
  metricName,
  sampledRequestsEnabled: true,
});

const pathStatement = (path: string, positionalConstraint: 'EXACTLY' | 'STARTS_WITH') => ({
  byteMatchStatement: {
    fieldToMatch: { uriPath: {} },
    positionalConstraint,
    searchString: path,
    textTransformations: [{ priority: 0, type: 'NONE' }],
  },
});

const anyPath = (paths: readonly string[]) =>
  paths.length === 1
    ? pathStatement(paths[0] as string, 'EXACTLY')
    : { orStatement: { statements: paths.map((p) => pathStatement(p, 'EXACTLY')) } };

function rateRule(name: string, priority: number, limit: number, scopeDown?: object): wafv2.CfnWebACL.RuleProperty {
  return {
    name,
    priority,
    action: { block: {} },
    statement: {
      rateBasedStatement: {
        aggregateKeyType: 'IP',
        limit,
        evaluationWindowSec: RATE_WINDOW_SECONDS,
        ...(scopeDown ? { scopeDownStatement: scopeDown } : {}),
      },
    },
    visibilityConfig: visibility(name),
  };
}

/**
 * The common rule set's 8 KB body limit would block device CSV imports and large geo zones; the API sets its own
 * body limits (413), so that one rule only counts.
 */
const COUNT_ONLY: Record<string, string[]> = { AWSManagedRulesCommonRuleSet: ['SizeRestrictions_BODY'] };

function managedRule(name: string, priority: number): wafv2.CfnWebACL.RuleProperty {
  const counted = COUNT_ONLY[name] ?? [];
  return {
    name,
    priority,
    overrideAction: { none: {} },
    statement: {
      managedRuleGroupStatement: {
        vendorName: 'AWS',
        name,
        ...(counted.length
          ? { ruleActionOverrides: counted.map((rule) => ({ name: rule, actionToUse: { count: {} } })) }
          : {}),
      },
    },
    visibilityConfig: visibility(name),
  };
}

export class EdgeWebAcl extends Construct {
  readonly webAcl: wafv2.CfnWebACL;

  constructor(scope: Construct, id: string, props: { name: string; limits?: EdgeRateLimits }) {
    super(scope, id);
    const limits = props.limits ?? DEFAULT_EDGE_RATE_LIMITS;
    this.webAcl = new wafv2.CfnWebACL(this, 'WebAcl', {
      name: props.name,
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility(props.name),
      rules: [
        rateRule('rate-credentials', 0, limits.credentials, anyPath(CREDENTIAL_PATHS)),
        rateRule('rate-webhook', 1, limits.webhook, anyPath(WEBHOOK_PATHS)),
        rateRule('rate-per-ip', 2, limits.perIp, { notStatement: { statement: anyPath(WEBHOOK_PATHS) } }),
        managedRule('AWSManagedRulesCommonRuleSet', 3),
        managedRule('AWSManagedRulesKnownBadInputsRuleSet', 4),
      ],
    });
  }

  get arn(): string {
    return this.webAcl.attrArn;
  }
}
