import { Duration } from 'aws-cdk-lib';
import type * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import { S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import {
  type ConsoleCspSources,
  contentSecurityPolicy,
  HSTS_MAX_AGE_SECONDS,
  REFERRER_POLICY,
} from '../../shared/security-headers';

export interface StaticSiteProps {
  /** Private bucket holding the built console; read by CloudFront through Origin Access Control only. */
  bucket: s3.IBucket;
  /** Receives CloudFront standard logs (needs ACLs enabled). */
  logBucket: s3.IBucket;
  domainName?: string;
  certificate?: acm.ICertificate;
  webAclArn?: string;
  /** Where the console's requests go, for the Content-Security-Policy (shared/security-headers.ts). */
  cspSources: ConsoleCspSources;
}

/**
 * CloudFront in front of the console bucket: OAC, HTTPS (plain HTTP is only redirected), security headers, and
 * the single-page-app fallback that answers unknown paths (S3 says 403/404) with /index.html and status 200.
 */
export class StaticSite extends Construct {
  readonly distribution: cloudfront.Distribution;

  constructor(scope: Construct, id: string, props: StaticSiteProps) {
    super(scope, id);
    const headers = new cloudfront.ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'Tracking console security headers',
      securityHeadersBehavior: {
        // The same headers as the local console server, from shared/security-headers.ts.
        strictTransportSecurity: {
          accessControlMaxAge: Duration.seconds(HSTS_MAX_AGE_SECONDS),
          includeSubdomains: true,
          override: true,
        },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
        referrerPolicy: {
          // The enum's values are the header's words.
          referrerPolicy: REFERRER_POLICY as cloudfront.HeadersReferrerPolicy,
          override: true,
        },
        xssProtection: { protection: true, modeBlock: true, override: true },
        contentSecurityPolicy: { contentSecurityPolicy: contentSecurityPolicy(props.cspSources), override: true },
      },
    });

    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: 'Tracking console',
      defaultRootObject: 'index.html',
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(props.bucket),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD_OPTIONS,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: headers,
        compress: true,
      },
      errorResponses: [403, 404].map((httpStatus) => ({
        httpStatus,
        responseHttpStatus: 200,
        responsePagePath: '/index.html',
        ttl: Duration.seconds(0),
      })),
      domainNames: props.domainName ? [props.domainName] : undefined,
      certificate: props.certificate,
      // Only settable with an own certificate; the default *.cloudfront.net certificate has a fixed policy.
      minimumProtocolVersion: props.certificate ? cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021 : undefined,
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      priceClass: cloudfront.PriceClass.PRICE_CLASS_100,
      enableLogging: true,
      logBucket: props.logBucket,
      logFilePrefix: 'cloudfront/',
      webAclId: props.webAclArn,
    });
  }
}
