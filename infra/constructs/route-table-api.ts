import { CfnOutput, Duration } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import type { RouteDef } from '../../shared/routes';
import { deployedNameOf } from '../deployed-names';
import { acknowledge } from '../nag';

export interface RouteTableApiProps {
  apiName: string;
  routes: readonly RouteDef[];
  /** One function per handler module named in the routes. */
  handlers: ReadonlyMap<string, lambda.IFunction>;
  /** Put on every route whose access is not 'public'. */
  authorizer: apigw.IHttpRouteAuthorizer;
  corsOrigins: string[];
  /** Headers the console sends besides the CORS-safelisted ones. */
  corsHeaders: string[];
  logRetention: logs.RetentionDays;
  /** Default route throttling of the stage: every route without its own limits gets these. */
  throttle: apigw.ThrottleSettings;
  /** Own limits of some routes, by route id (the public routes, the webhook). */
  routeThrottles?: Readonly<Record<string, apigw.ThrottleSettings>>;
  /** The custom domain the API is reached by; set, the execute-api endpoint is off (infra/config.ts). */
  originDomain?: { domainName: string; certificateArn: string };
}

/** Fields of the JSON access log line (HTTP API $context variables). */
const ACCESS_LOG_FIELDS = {
  requestId: '$context.requestId',
  ip: '$context.identity.sourceIp',
  requestTime: '$context.requestTime',
  method: '$context.httpMethod',
  path: '$context.path',
  routeKey: '$context.routeKey',
  status: '$context.status',
  responseLength: '$context.responseLength',
  latency: '$context.responseLatency',
  integrationError: '$context.integrationErrorMessage',
  authorizerError: '$context.authorizer.error',
  sub: '$context.authorizer.claims.sub',
};

/**
 * An HTTP API whose routes are generated from the shared route table: one route per entry, integrated with its
 * module's function, with the authorizer on every non-public route. The $default stage is created explicitly so
 * it can carry access logging and throttling.
 */
export class RouteTableApi extends Construct {
  readonly httpApi: apigw.HttpApi;
  readonly stage: apigw.HttpStage;
  readonly accessLogs: logs.LogGroup;
  private readonly originDomainName?: string;

  constructor(scope: Construct, id: string, props: RouteTableApiProps) {
    super(scope, id);
    this.httpApi = new apigw.HttpApi(this, 'HttpApi', {
      apiName: props.apiName,
      description: 'Tracking console API (routes from shared/routes.ts)',
      createDefaultStage: false,
      ...(props.originDomain ? { disableExecuteApiEndpoint: true } : {}),
      corsPreflight: {
        allowOrigins: props.corsOrigins,
        allowMethods: [
          apigw.CorsHttpMethod.GET,
          apigw.CorsHttpMethod.POST,
          apigw.CorsHttpMethod.PUT,
          apigw.CorsHttpMethod.PATCH,
          apigw.CorsHttpMethod.DELETE,
          apigw.CorsHttpMethod.OPTIONS,
        ],
        allowHeaders: [
          'authorization',
          'content-type',
          'if-match',
          'if-none-match',
          'idempotency-key',
          ...props.corsHeaders,
        ],
        exposeHeaders: ['content-disposition', 'x-total-exact', 'etag'],
        maxAge: Duration.hours(1),
      },
    });

    this.accessLogs = new logs.LogGroup(this, 'AccessLogs', { retention: props.logRetention });
    this.originDomainName = props.originDomain?.domainName;
    this.stage = this.httpApi.addStage('DefaultStage', {
      stageName: '$default',
      autoDeploy: true,
      throttle: props.throttle,
      accessLogSettings: {
        destination: new apigw.LogGroupLogDestination(this.accessLogs),
        format: AccessLogFormat.custom(JSON.stringify(ACCESS_LOG_FIELDS)),
      },
    });
    if (props.originDomain) this.addOriginDomain(props.originDomain);

    const integrations = new Map<string, HttpLambdaIntegration>();
    const httpRoutes = new Map<string, apigw.HttpRoute>();
    for (const route of props.routes) {
      const handler = props.handlers.get(route.handler);
      if (!handler) throw new Error(`No function for handler module "${route.handler}" (route ${route.id})`);
      let integration = integrations.get(route.handler);
      if (!integration) {
        // One invoke permission per function for this API instead of one per route.
        integration = new HttpLambdaIntegration(`${deployedNameOf(route.handler)}-integration`, handler, {
          scopePermissionToRoute: false,
        });
        integrations.set(route.handler, integration);
      }
      const isPublic = route.access === 'public';
      const httpRoute = new apigw.HttpRoute(this, route.id, {
        httpApi: this.httpApi,
        routeKey: apigw.HttpRouteKey.with(route.path, apigw.HttpMethod[route.method]),
        integration,
        authorizer: isPublic ? new apigw.HttpNoneAuthorizer() : props.authorizer,
      });
      httpRoutes.set(route.id, httpRoute);
      if (isPublic) {
        acknowledge(
          httpRoute,
          `Route ${route.method} ${route.path} is public in shared/routes.ts: it is how a caller without a token ` +
            'gets one (sign-in, refresh, password reset, SSO callback, client-credentials token) or the logo ' +
            'shown on the sign-in page; the handler validates its own input.',
          'AwsSolutions-APIG4',
        );
      }
    }
    if (props.routeThrottles) this.addRouteThrottles(props.routes, httpRoutes, props.routeThrottles);
  }

  /**
   * The API's own domain (regional, TLS 1.2), so the execute-api endpoint can be switched off: then the only way
   * to the handlers is the distribution, with its WAF. Its DNS name is an output for the operator's CNAME.
   */
  private addOriginDomain(origin: { domainName: string; certificateArn: string }) {
    const domainName = new apigw.DomainName(this, 'OriginDomain', {
      domainName: origin.domainName,
      certificate: acm.Certificate.fromCertificateArn(this, 'OriginCertificate', origin.certificateArn),
      securityPolicy: apigw.SecurityPolicy.TLS_1_2,
    });
    new CfnOutput(this, 'ApiOriginTarget', {
      value: domainName.regionalDomainName,
      description: `Point ${origin.domainName} here (CNAME): the API distribution reaches the API by that name`,
    });
    new apigw.ApiMapping(this, 'OriginMapping', { api: this.httpApi, domainName, stage: this.stage });
  }

  /**
   * Route-level throttling (RouteSettings keyed by route key). Each route so listed has its own token bucket, so a
   * flood of one public route is throttled on that route without using up the others' limits. The stage can
   * only name route keys that exist, hence the dependency on each route.
   */
  private addRouteThrottles(
    routes: readonly RouteDef[],
    httpRoutes: Map<string, apigw.HttpRoute>,
    throttles: Readonly<Record<string, apigw.ThrottleSettings>>,
  ) {
    const settings: Record<string, { ThrottlingRateLimit?: number; ThrottlingBurstLimit?: number }> = {};
    for (const [id, throttle] of Object.entries(throttles)) {
      const route = routes.find((r) => r.id === id);
      const httpRoute = httpRoutes.get(id);
      if (!route || !httpRoute) throw new Error(`Route throttle for unknown route "${id}"`);
      settings[`${route.method} ${route.path}`] = {
        ThrottlingRateLimit: throttle.rateLimit,
        ThrottlingBurstLimit: throttle.burstLimit,
      };
      this.stage.node.addDependency(httpRoute);
    }
    (this.stage.node.defaultChild as apigw.CfnStage).addPropertyOverride('RouteSettings', settings);
  }

  /** Base URL of the $default stage, without a trailing slash: the origin domain's when the API has one. */
  get url(): string {
    return this.originDomainName ? `https://${this.originDomainName}` : this.httpApi.apiEndpoint;
  }
}
