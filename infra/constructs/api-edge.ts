import { Fn } from 'aws-cdk-lib';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { ORIGIN_VERIFY_HEADER, VIEWER_ADDRESS_HEADER } from '../../functions/lib/security/edge-origin';
import { acknowledge } from '../nag';

export interface ApiEdgeProps {
  /** https://<id>.execute-api.<region>.amazonaws.com of the HTTP API's $default stage, or its origin domain. */
  apiEndpoint: string;
  logBucket: s3.IBucket;
  /** WAFv2 web ACL (scope CLOUDFRONT, us-east-1; infra/stacks/edge-waf-stack.ts). */
  webAclArn?: string;
  /** The secret origin header's value (a Secrets Manager dynamic reference): the API refuses requests without it. */
  originVerifyValue: string;
}

/**
 * Viewer-request function: the viewer's address as CloudFront saw the connection, under a header the viewer
 * cannot set (its own copy is overwritten). Rate limits per address need it: behind CloudFront the API
 * Gateway's sourceIp is an edge address shared by many people (functions/lib/security/client-ip.ts).
 */
const VIEWER_ADDRESS_FUNCTION = `function handler(event) {
  var request = event.request;
  request.headers['${VIEWER_ADDRESS_HEADER}'] = { value: event.viewer.ip };
  return request;
}`;

/**
 * A CloudFront distribution whose origin is the HTTP API, so the WAF web ACL (rate-based rules,
 * AWS managed rules) stands in front of the API; WAF cannot be attached to an HTTP API itself. The console's
 * config.json points at this distribution. A distribution of its own rather than an /api/* behaviour on the
 * console's: the console's distribution is deployed before the API exists (its domain is the origin that
 * Cognito, CORS and the bucket allow), so it cannot name the API as an origin without a dependency cycle.
 * Nothing is cached; every viewer header except Host goes to the API (Authorization, Origin for CORS, X-Tenant-Id).
 */
export class ApiEdge extends Construct {
  readonly distribution: cloudfront.Distribution;

  constructor(scope: Construct, id: string, props: ApiEdgeProps) {
    super(scope, id);
    const apiHost = Fn.select(2, Fn.split('/', props.apiEndpoint));
    const viewerAddress = new cloudfront.Function(this, 'ViewerAddress', {
      code: cloudfront.FunctionCode.fromInline(VIEWER_ADDRESS_FUNCTION),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      comment: 'The viewer address for per-address rate limits',
    });
    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: 'Tracking API (WAF in front of the HTTP API)',
      defaultBehavior: {
        origin: new HttpOrigin(apiHost, {
          protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
          customHeaders: { [ORIGIN_VERIFY_HEADER]: props.originVerifyValue },
        }),
        functionAssociations: [{ function: viewerAddress, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
        allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
        cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
        originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
        compress: true,
      },
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      priceClass: cloudfront.PriceClass.PRICE_CLASS_100,
      enableLogging: true,
      logBucket: props.logBucket,
      logFilePrefix: 'api-edge/',
      webAclId: props.webAclArn,
    });
    acknowledge(
      this.distribution,
      'API clients and KPN Things call from anywhere; access is controlled by tokens, not by country.',
      'AwsSolutions-CFR1',
    );
    if (!props.webAclArn) {
      acknowledge(
        this.distribution,
        'The web ACL lives in us-east-1 (Tracking-<stage>-EdgeWaf) and is attached with -c webAclArn=… once ' +
          'that stack is deployed; until then the stage and route throttles of the HTTP API apply.',
        'AwsSolutions-CFR2',
      );
    }
    acknowledge(
      this.distribution,
      'The API distribution has no custom viewer domain; CloudFront serves its default *.cloudfront.net certificate, ' +
        'whose TLS policy cannot be chosen.',
      'AwsSolutions-CFR4',
    );
  }

  /** https://<distribution domain>, without a trailing slash (the console's apiBaseUrl). */
  get url(): string {
    return `https://${this.distribution.distributionDomainName}`;
  }
}
