import { Match } from 'aws-cdk-lib/assertions';
import { DEFAULT_EDGE_RATE_LIMITS, RATE_WINDOW_SECONDS } from '../../infra/constructs/edge-web-acl';
import { API_ROUTE_THROTTLES, API_STAGE_THROTTLE } from '../../infra/stacks/api-stack';
import { ROUTES } from '../../shared/routes';
import { THINGS_PLUG_HEADER } from '../../shared/schemas/kpn-things';
import { UPLINK_SECRET_HEADER } from '../../shared/schemas/uplink-integrations';
import { FULL_CONTEXT, resourcesOf, type Synthesized, synthTracking } from './synth';

/**
 * Edge protection (infra): the WAF web ACL with its rate rules and AWS managed rules, the API's own
 * CloudFront distribution behind it, the HTTP API's stage and route throttles, and the console's CSP.
 */
let dev: Synthesized;
let prod: Synthesized;
beforeAll(() => {
  dev = synthTracking();
  prod = synthTracking(FULL_CONTEXT);
});

type RateStatement = {
  AggregateKeyType: string;
  Limit: number;
  ScopeDownStatement?: unknown;
  CustomKeys?: { Header?: { Name: string; TextTransformations: { Type: string }[] } }[];
};
type Rule = {
  Name: string;
  Action?: unknown;
  Statement: { RateBasedStatement: RateStatement; ManagedRuleGroupStatement?: unknown };
};
const webAcl = (s: Synthesized) => resourcesOf(s.template(s.edgeWaf), 'AWS::WAFv2::WebACL')[0]?.[1] ?? {};
const ruleNamed = (s: Synthesized, name: string) => (webAcl(s).Rules as Rule[]).find((r) => r.Name === name);

/** A template value with its Fn::Join and Ref resolved to text (a region becomes <AWS::Region>). */
function text(value: unknown): string {
  if (typeof value === 'string') return value;
  const v = value as Record<string, unknown>;
  if (v['Fn::Join']) {
    const [separator, parts] = v['Fn::Join'] as [string, unknown[]];
    return parts.map(text).join(separator);
  }
  if (v.Ref) return `<${v.Ref}>`;
  return JSON.stringify(value);
}

describe('WAF web ACL (us-east-1, CLOUDFRONT)', () => {
  it('is its own stack in us-east-1 with scope CLOUDFRONT, allowing by default', () => {
    expect(dev.edgeWaf.region).toBe('us-east-1');
    expect(webAcl(dev)).toMatchObject({ Scope: 'CLOUDFRONT', DefaultAction: { Allow: {} } });
  });

  it('blocks an IP above the rate limit on the credential routes, apart from the webhook, and overall', () => {
    const credentials = ruleNamed(dev, 'rate-credentials');
    expect(credentials?.Action).toEqual({ Block: {} });
    expect(credentials?.Statement.RateBasedStatement).toMatchObject({ AggregateKeyType: 'IP', Limit: 100 });
    const scoped = JSON.stringify(credentials?.Statement.RateBasedStatement.ScopeDownStatement);
    for (const path of ['/user/sign-in', '/user/reset-password', '/user/reset-password/confirm', '/api/oauth/token'])
      expect(scoped).toContain(`"SearchString":"${path}"`);
    const perIp = ruleNamed(dev, 'rate-per-ip');
    expect(perIp?.Statement.RateBasedStatement).toMatchObject({ AggregateKeyType: 'IP', Limit: 2000 });
    expect(JSON.stringify(perIp?.Statement.RateBasedStatement.ScopeDownStatement)).toContain('NotStatement');
    const webhooks = ruleNamed(dev, 'rate-webhook')?.Statement.RateBasedStatement;
    expect(webhooks).toMatchObject({ AggregateKeyType: 'IP', Limit: DEFAULT_EDGE_RATE_LIMITS.webhookPerIp });
    for (const path of ['/api/things/uplink', '/api/tts/uplink', '/api/chirpstack/uplink'])
      expect(JSON.stringify(webhooks?.ScopeDownStatement)).toContain(
        `"PositionalConstraint":"EXACTLY","SearchString":"${path}"`,
      );
  });

  it('gives each webhook sender, a tenant, a share of its own, keyed by the header that proves it', () => {
    const headerKey = (name: string) => ruleNamed(dev, name)?.Statement.RateBasedStatement;
    const kpn = headerKey('rate-webhook-kpn-sender');
    expect(kpn).toMatchObject({ AggregateKeyType: 'CUSTOM_KEYS', Limit: DEFAULT_EDGE_RATE_LIMITS.webhookPerSender });
    // KPN's plug UUID is matched whatever its case (functions/lib/kpn-things/things-plug.ts), and so is counted.
    expect(kpn?.CustomKeys).toEqual([
      { Header: { Name: THINGS_PLUG_HEADER, TextTransformations: [{ Priority: 0, Type: 'LOWERCASE' }] } },
    ]);
    expect(JSON.stringify(kpn?.ScopeDownStatement)).toContain('"SearchString":"/api/things/uplink"');
    const network = headerKey('rate-webhook-network-sender');
    expect(network?.CustomKeys).toEqual([
      { Header: { Name: UPLINK_SECRET_HEADER, TextTransformations: [{ Priority: 0, Type: 'NONE' }] } },
    ]);
    for (const path of ['/api/tts/uplink', '/api/chirpstack/uplink'])
      expect(JSON.stringify(network?.ScopeDownStatement)).toContain(`"SearchString":"${path}"`);
    // The per-address webhook limit is a ceiling: KPN's few addresses carry ten or more tenants' full shares.
    expect(DEFAULT_EDGE_RATE_LIMITS.webhookPerIp).toBeGreaterThanOrEqual(
      10 * DEFAULT_EDGE_RATE_LIMITS.webhookPerSender,
    );
  });

  it('counts a credential (the Authorization header) apart from the address it comes from, uplinks aside', () => {
    const rule = ruleNamed(dev, 'rate-per-credential');
    expect(rule?.Action).toEqual({ Block: {} });
    expect(rule?.Statement.RateBasedStatement).toMatchObject({
      AggregateKeyType: 'CUSTOM_KEYS',
      Limit: DEFAULT_EDGE_RATE_LIMITS.perCredential,
      CustomKeys: [{ Header: { Name: 'authorization', TextTransformations: [{ Priority: 0, Type: 'NONE' }] } }],
    });
    expect(JSON.stringify(rule?.Statement.RateBasedStatement.ScopeDownStatement)).toContain('NotStatement');
  });

  it('runs the AWS managed common rule set and known bad inputs', () => {
    expect(ruleNamed(dev, 'AWSManagedRulesCommonRuleSet')?.Statement.ManagedRuleGroupStatement).toMatchObject({
      VendorName: 'AWS',
      Name: 'AWSManagedRulesCommonRuleSet',
    });
    expect(ruleNamed(dev, 'AWSManagedRulesKnownBadInputsRuleSet')).toBeDefined();
  });
});

describe('API distribution', () => {
  it('fronts the HTTP API, caches nothing and forwards all viewer headers but Host', () => {
    const t = dev.template(dev.api);
    t.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        DefaultCacheBehavior: Match.objectLike({
          CachePolicyId: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad',
          OriginRequestPolicyId: 'b689b0a8-53d0-40ab-baf2-68738e2966ac',
          ViewerProtocolPolicy: 'https-only',
        }),
        Origins: [Match.objectLike({ CustomOriginConfig: Match.objectLike({ OriginProtocolPolicy: 'https-only' }) })],
      }),
    });
    expect(JSON.stringify(resourcesOf(t, 'AWS::CloudFront::Distribution'))).toContain('HttpApi');
  });

  it('with an origin domain, is the only way in: the execute-api endpoint is off and the origin is that domain', () => {
    const t = prod.template(prod.api);
    t.hasResourceProperties('AWS::ApiGatewayV2::Api', { DisableExecuteApiEndpoint: true });
    t.hasResourceProperties('AWS::ApiGatewayV2::DomainName', {
      DomainName: 'api-origin.example.com',
      DomainNameConfigurations: [Match.objectLike({ SecurityPolicy: 'TLS_1_2', EndpointType: 'REGIONAL' })],
    });
    t.resourceCountIs('AWS::ApiGatewayV2::ApiMapping', 1);
    const [, distribution] = resourcesOf(t, 'AWS::CloudFront::Distribution')[0] ?? [];
    const config = distribution?.DistributionConfig as { Origins: { DomainName: unknown }[] } | undefined;
    const origins = config?.Origins ?? [];
    expect(origins.map((origin) => origin.DomainName)).toEqual(['api-origin.example.com']);
    expect(Object.keys(t.toJSON().Outputs ?? {}).some((id) => id.includes('ApiOriginTarget'))).toBe(true);
    // Without one (a dev stage), the distribution reaches execute-api, which must then stay on.
    expect(JSON.stringify(resourcesOf(dev.template(dev.api), 'AWS::ApiGatewayV2::Api'))).not.toContain(
      'DisableExecuteApiEndpoint',
    );
  });

  it('proves itself to the API with a secret origin header, which every handler requires, and names the viewer', () => {
    const t = dev.template(dev.api);
    const [, distribution] = resourcesOf(t, 'AWS::CloudFront::Distribution')[0] ?? [];
    const config = JSON.stringify(distribution);
    expect(config).toContain('"HeaderName":"x-origin-verify"');
    expect(config).toContain('resolve:secretsmanager');
    expect(config).toContain('"EventType":"viewer-request"');
    const [, viewerFunction] = resourcesOf(t, 'AWS::CloudFront::Function')[0] ?? [];
    expect(JSON.stringify(viewerFunction)).toContain("x-edge-viewer-address'] = { value: event.viewer.ip }");
    const handlers = resourcesOf(t, 'AWS::Lambda::Function').filter(([id]) => id.startsWith('Handler'));
    expect(handlers.length).toBeGreaterThan(5);
    for (const [id, handler] of handlers) {
      const env = JSON.stringify((handler.Environment as { Variables?: unknown } | undefined)?.Variables);
      expect({
        id,
        origin: env.includes('ORIGIN_VERIFY_SECRET'),
        ip: env.includes('CLIENT_IP_FROM_CLOUDFRONT'),
      }).toEqual({ id, origin: true, ip: true });
    }
  });

  it('is the server the OpenAPI document names: the docs handler and the report mails get its address, nothing else', () => {
    const t = dev.template(dev.api);
    const [distributionId] = resourcesOf(t, 'AWS::CloudFront::Distribution')[0] ?? [];
    const docsModule = ROUTES.find((route) => route.id === 'docs.openapi')?.handler;
    const named = resourcesOf(t, 'AWS::Lambda::Function').filter(
      ([, fn]) => (fn.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables?.API_PUBLIC_URL,
    );
    const address = { 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [distributionId, 'DomainName'] }]] };
    // The report job's mails link to the unsubscribe route there (functions/lib/report-subscriptions/unsubscribe-link.ts).
    expect(named.map(([, fn]) => (fn.Environment as { Variables: Record<string, unknown> }).Variables)).toEqual([
      expect.objectContaining({ POWERTOOLS_SERVICE_NAME: docsModule, API_PUBLIC_URL: address }),
      expect.objectContaining({ POWERTOOLS_SERVICE_NAME: 'job-report-subscriptions', API_PUBLIC_URL: address }),
    ]);
  });

  it('carries the web ACL when given', () => {
    prod.template(prod.api).hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({ WebACLId: FULL_CONTEXT.webAclArn }),
    });
  });
});

describe('HTTP API throttling', () => {
  const stage = () => resourcesOf(dev.template(dev.api), 'AWS::ApiGatewayV2::Stage')[0]?.[1] ?? {};

  it('has default route throttling on the stage', () => {
    expect(stage().DefaultRouteSettings).toMatchObject({
      ThrottlingRateLimit: API_STAGE_THROTTLE.rateLimit,
      ThrottlingBurstLimit: API_STAGE_THROTTLE.burstLimit,
    });
  });

  const settings = () => stage().RouteSettings as Record<string, { ThrottlingRateLimit: number }>;
  const keyOf = (id: string) => {
    const route = ROUTES.find((r) => r.id === id);
    return `${route?.method} ${route?.path}`;
  };
  /** Requests a route throttle lets through in the edge's window, for all callers together. */
  const ceilingOf = (rateLimit: number) => rateLimit * RATE_WINDOW_SECONDS;

  it('gives the public credential routes a ceiling of their own, below the stage, and each webhook its own', () => {
    for (const id of ['session.signIn', 'session.resetPassword', 'session.confirmResetPassword', 'tokens.issue'])
      expect(settings()[keyOf(id)]?.ThrottlingRateLimit).toBeLessThan(API_STAGE_THROTTLE.rateLimit);
    for (const id of ['uplinks.kpnThings', 'uplinks.tts', 'uplinks.chirpstack'] as const)
      expect(settings()[keyOf(id)]).toEqual({
        ThrottlingRateLimit: API_ROUTE_THROTTLES[id].rateLimit,
        ThrottlingBurstLimit: API_ROUTE_THROTTLES[id].burstLimit,
      });
  });

  it("keeps every throttle a ceiling of ten or more parties' shares at the edge, never one party's limit", () => {
    const limits = DEFAULT_EDGE_RATE_LIMITS;
    for (const id of ['session.signIn', 'session.verify', 'session.resetPassword', 'tokens.issue'])
      expect(ceilingOf(settings()[keyOf(id)]?.ThrottlingRateLimit ?? 0)).toBeGreaterThanOrEqual(
        10 * limits.credentials,
      );
    for (const id of ['uplinks.kpnThings', 'uplinks.tts', 'uplinks.chirpstack'])
      expect(ceilingOf(settings()[keyOf(id)]?.ThrottlingRateLimit ?? 0)).toBeGreaterThanOrEqual(
        10 * limits.webhookPerSender,
      );
    expect(ceilingOf(API_STAGE_THROTTLE.rateLimit)).toBeGreaterThanOrEqual(
      10 * Math.max(limits.perIp, limits.perCredential),
    );
  });
});

describe('console response headers policy', () => {
  const policy = () =>
    resourcesOf(dev.template(dev.web), 'AWS::CloudFront::ResponseHeadersPolicy')[0]?.[1]
      .ResponseHeadersPolicyConfig as {
      SecurityHeadersConfig: Record<string, Record<string, unknown>>;
    };

  it('sends a CSP that allows scripts from the console only and names where requests may go', () => {
    const csp = text(policy().SecurityHeadersConfig.ContentSecurityPolicy?.ContentSecurityPolicy);
    const directive = (name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `)) ?? '';
    expect(directive('script-src')).toBe("script-src 'self' 'wasm-unsafe-eval'");
    expect(directive('object-src')).toBe("object-src 'none'");
    expect(directive('base-uri')).toBe("base-uri 'self'");
    expect(directive('frame-ancestors')).toBe("frame-ancestors 'none'");
    const connect = directive('connect-src');
    expect(connect).toContain('https://cognito-idp.<AWS::Region>.amazonaws.com');
    expect(connect).toContain('https://tracking-console.auth.<AWS::Region>.amazoncognito.com');
    expect(connect).toContain('https://*.s3.<AWS::Region>.amazonaws.com');
    expect(connect).toContain('https://*.cloudfront.net');
    expect(connect).toContain('https://tile.openstreetmap.org');
    // CloudFront's limit for the header value.
    expect(csp.length).toBeLessThan(1783);
  });

  it('sends HSTS, nosniff and the referrer policy', () => {
    expect(policy().SecurityHeadersConfig).toMatchObject({
      StrictTransportSecurity: { AccessControlMaxAgeSec: 63072000, IncludeSubdomains: true, Override: true },
      ContentTypeOptions: { Override: true },
      ReferrerPolicy: { ReferrerPolicy: 'strict-origin-when-cross-origin', Override: true },
    });
  });
});
