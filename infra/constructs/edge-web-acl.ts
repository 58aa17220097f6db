import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { THINGS_PLUG_HEADER } from '../../shared/schemas/kpn-things';
import { UPLINK_SECRET_HEADER } from '../../shared/schemas/uplink-integrations';

/**
 * The AWS WAF web ACL in front of the CloudFront distributions (the console's and the API's).
 * Scope CLOUDFRONT, so it must be created in us-east-1 (infra/stacks/edge-waf-stack.ts).
 *
 * Rules, cheapest first: rate limits, then AWS's managed common rule set and known bad inputs. Rate limits count
 * requests over 5 minutes per key, and each key is one party's share: an address for sign-in and the other
 * credential routes (tightest) and for the console and API overall; the credential (the Authorization header)
 * for the console and API too, so one token spread over many addresses has one share; for the uplink webhooks
 * the sender, which is a tenant (KPN's plug, the TTS/ChirpStack uplink secret). KPN sends every tenant's uplinks
 * from a few addresses, so the webhooks' per-address limit is only a ceiling far above any one tenant's share: a
 * tenant that floods its own webhook is cut at its share and never uses up what KPN's addresses may bring the
 * others. A request without a rule's key is not counted by that rule (AWS WAF's custom keys), so a webhook
 * without a sender header falls to the per-address ceiling and the handler's 403.
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
export const KPN_WEBHOOK_PATH = '/api/things/uplink';
export const NETWORK_WEBHOOK_PATHS = ['/api/tts/uplink', '/api/chirpstack/uplink'] as const;
export const WEBHOOK_PATHS = [KPN_WEBHOOK_PATH, ...NETWORK_WEBHOOK_PATHS] as const;

export interface EdgeRateLimits {
  /** Any request but an uplink, per IP per 5 minutes (a console user's busiest screen stays far below). */
  perIp: number;
  /** Any request but an uplink, per credential (Authorization header) per 5 minutes. */
  perCredential: number;
  /** Credential routes, per IP per 5 minutes. */
  credentials: number;
  /** The uplink webhooks, per sender (a tenant's KPN plug, a tenant's uplink secret) per 5 minutes. */
  webhookPerSender: number;
  /** The uplink webhooks together, per IP per 5 minutes: a ceiling, as each network's addresses carry every tenant. */
  webhookPerIp: number;
}

export const DEFAULT_EDGE_RATE_LIMITS: EdgeRateLimits = {
  perIp: 2000,
  perCredential: 2000,
  credentials: 100,
  // 50 uplinks a second for 5 minutes: 15,000 tags each reporting every 5 minutes, from one tenant.
  webhookPerSender: 15_000,
  webhookPerIp: 150_000,
};

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

/** A rate rule's key: the request's address, or the value of a header (case kept unless `lowercase`). */
type RateKey = 'IP' | { header: string; lowercase?: boolean };

function rateRule(
  name: string,
  priority: number,
  limit: number,
  key: RateKey,
  scopeDown?: object,
): wafv2.CfnWebACL.RuleProperty {
  const aggregation =
    key === 'IP'
      ? { aggregateKeyType: 'IP' }
      : {
          aggregateKeyType: 'CUSTOM_KEYS',
          customKeys: [
            {
              header: {
                name: key.header,
                textTransformations: [{ priority: 0, type: key.lowercase ? 'LOWERCASE' : 'NONE' }],
              },
            },
          ],
        };
  return {
    name,
    priority,
    action: { block: {} },
    statement: {
      rateBasedStatement: {
        ...aggregation,
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

const notAnUplink = { notStatement: { statement: anyPath(WEBHOOK_PATHS) } };

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
        rateRule('rate-credentials', 0, limits.credentials, 'IP', anyPath(CREDENTIAL_PATHS)),
        rateRule(
          'rate-webhook-kpn-sender',
          1,
          limits.webhookPerSender,
          { header: THINGS_PLUG_HEADER, lowercase: true },
          anyPath([KPN_WEBHOOK_PATH]),
        ),
        rateRule(
          'rate-webhook-network-sender',
          2,
          limits.webhookPerSender,
          { header: UPLINK_SECRET_HEADER },
          anyPath(NETWORK_WEBHOOK_PATHS),
        ),
        rateRule('rate-webhook', 3, limits.webhookPerIp, 'IP', anyPath(WEBHOOK_PATHS)),
        rateRule('rate-per-ip', 4, limits.perIp, 'IP', notAnUplink),
        rateRule('rate-per-credential', 5, limits.perCredential, { header: 'authorization' }, notAnUplink),
        managedRule('AWSManagedRulesCommonRuleSet', 6),
        managedRule('AWSManagedRulesKnownBadInputsRuleSet', 7),
      ],
    });
  }

  get arn(): string {
    return this.webAcl.attrArn;
  }
}
