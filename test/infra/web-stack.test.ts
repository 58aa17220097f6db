import { Match } from 'aws-cdk-lib/assertions';
import { FULL_CONTEXT, resourcesOf, type Synthesized, synthTracking } from './synth';

let dev: Synthesized;
let prod: Synthesized;
beforeAll(() => {
  dev = synthTracking();
  prod = synthTracking(FULL_CONTEXT);
});

describe('console hosting', () => {
  it('reads the private bucket through Origin Access Control only', () => {
    const t = dev.template(dev.web);
    t.hasResourceProperties('AWS::CloudFront::OriginAccessControl', {
      OriginAccessControlConfig: {
        OriginAccessControlOriginType: 's3',
        SigningBehavior: 'always',
        SigningProtocol: 'sigv4',
        Name: Match.anyValue(),
      },
    });
    t.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        Origins: [
          Match.objectLike({
            OriginAccessControlId: { 'Fn::GetAtt': [Match.stringLikeRegexp('OriginAccessControl'), 'Id'] },
            S3OriginConfig: { OriginAccessIdentity: '' },
          }),
        ],
      }),
    });
    t.hasResourceProperties('AWS::S3::BucketPolicy', {
      PolicyDocument: Match.objectLike({
        Statement: Match.arrayWith([
          Match.objectLike({
            Effect: 'Allow',
            Principal: { Service: 'cloudfront.amazonaws.com' },
            Action: 's3:GetObject',
            Condition: { StringEquals: { 'AWS:SourceArn': Match.anyValue() } },
          }),
        ]),
      }),
    });
  });

  it('falls back to /index.html with 200 for unknown paths (SPA)', () => {
    dev.template(dev.web).hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        DefaultRootObject: 'index.html',
        CustomErrorResponses: [
          { ErrorCode: 403, ResponseCode: 200, ResponsePagePath: '/index.html', ErrorCachingMinTTL: 0 },
          { ErrorCode: 404, ResponseCode: 200, ResponsePagePath: '/index.html', ErrorCachingMinTTL: 0 },
        ],
      }),
    });
  });

  it('serves HTTPS only, with security headers and access logs', () => {
    const t = dev.template(dev.web);
    t.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        DefaultCacheBehavior: Match.objectLike({
          ViewerProtocolPolicy: 'redirect-to-https',
          ResponseHeadersPolicyId: { Ref: Match.stringLikeRegexp('SecurityHeaders') },
        }),
        Logging: Match.objectLike({ Prefix: 'cloudfront/' }),
      }),
    });
    t.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: Match.objectLike({
        SecurityHeadersConfig: Match.objectLike({
          StrictTransportSecurity: Match.objectLike({ Override: true }),
          ContentTypeOptions: { Override: true },
          FrameOptions: { FrameOption: 'DENY', Override: true },
        }),
      }),
    });
  });

  it('uses the custom domain, its certificate with TLS 1.2 and the WAF web ACL when given', () => {
    prod.template(prod.web).hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        Aliases: [FULL_CONTEXT.domainName],
        ViewerCertificate: {
          AcmCertificateArn: FULL_CONTEXT.certificateArn,
          MinimumProtocolVersion: 'TLSv1.2_2021',
          SslSupportMethod: 'sni-only',
        },
        WebACLId: FULL_CONTEXT.webAclArn,
      }),
    });
  });

  it('blocks public access on every bucket', () => {
    const buckets = resourcesOf(dev.template(dev.web), 'AWS::S3::Bucket');
    expect(buckets).toHaveLength(2);
    for (const [, bucket] of buckets) {
      expect(bucket.PublicAccessBlockConfiguration).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      });
    }
  });
});

describe('console deployment', () => {
  it('writes config.json (API distribution, pool, client, Cognito domain of this stage) and invalidates it', () => {
    const deployments = resourcesOf(dev.template(dev.webDeployment), 'Custom::CDKBucketDeployment');
    const config = deployments.find(([id]) => id.startsWith('ConsoleConfig'))?.[1] as Record<string, unknown>;
    expect(config.DistributionPaths).toEqual(['/index.html', '/config.json', '/sw.js']);
    const markers = JSON.stringify(config.SourceMarkers);
    // The console calls the API through its CloudFront distribution (WAF in front).
    expect(markers).toMatch(new RegExp(`${dev.api.stackName}.*EdgeDistribution.*DomainName`));
    expect(markers).toMatch(new RegExp(`${dev.auth.stackName}.*UserPool`));
    expect(markers).toMatch(new RegExp(`${dev.auth.stackName}.*ConsoleClient`));
    expect(markers).toMatch(new RegExp(`${dev.auth.stackName}.*UserPoolDomain`));
    expect(config.DestinationBucketName).toEqual({
      'Fn::Join': ['', ['tracking-dev-console-', { Ref: 'AWS::AccountId' }, '-', { Ref: 'AWS::Region' }]],
    });
  });
});
