import { Aws, CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import type * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as s3 from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import type { ConsoleCspSources } from '../../shared/security-headers';
import { ConsoleDeployment, type ConsoleRuntimeConfig } from '../constructs/console-deployment';
import { createAccessLogsBucket, createPrivateBucket } from '../constructs/secure-bucket';
import { StaticSite } from '../constructs/static-site';
import { acknowledge } from '../nag';

/**
 * The console bucket has a physical name so the deployment stack can address it by name: its deployment role's
 * policy then names a predictable ARN (which the nag acknowledgement must quote exactly) instead of a
 * cross-stack output. Account and region make it globally unique; the stage keeps stages apart.
 */
export const consoleBucketName = (stage: string) => `tracking-${stage}-console-${Aws.ACCOUNT_ID}-${Aws.REGION}`;

export interface WebStackProps extends StackProps {
  stage: string;
  domainName?: string;
  certificateArn?: string;
  webAclArn?: string;
  /** Cognito hosted-UI domain prefix (config), for the Content-Security-Policy. */
  cognitoDomainPrefix: string;
}

/**
 * What the console's CSP may reach on AWS. This stack is deployed before the API, the user
 * pool and the attachments bucket exist (their names are generated), so the sources name what is known here:
 * the Cognito domain exactly, the API's distribution (apiBaseUrl, infra/constructs/api-edge.ts) and the bucket
 * by their regional/CloudFront wildcards. docs/security.md says how a custom API domain narrows them.
 */
export const awsCspSources = (cognitoDomainPrefix: string, region: string = Aws.REGION): ConsoleCspSources => ({
  api: ['https://*.cloudfront.net'],
  auth: [
    `https://cognito-idp.${region}.amazonaws.com`,
    `https://${cognitoDomainPrefix}.auth.${region}.amazoncognito.com`,
  ],
  storage: [`https://*.s3.${region}.amazonaws.com`],
  // Live push: the Event API's HTTP and realtime domains (created after this stack).
  live: [`https://*.appsync-api.${region}.amazonaws.com`, `wss://*.appsync-realtime-api.${region}.amazonaws.com`],
});

/**
 * Hosting of the console: private bucket and CloudFront. Deployed first, because its origin is what Cognito
 * (OAuth callback), the API (CORS) and the attachments bucket (CORS) must allow.
 */
export class WebStack extends Stack {
  readonly bucket: s3.Bucket;
  readonly distribution: cloudfront.Distribution;
  /** https://<custom domain or CloudFront domain> */
  readonly origin: string;

  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);
    const accessLogs = createAccessLogsBucket(this, 'AccessLogs', 90);
    this.bucket = createPrivateBucket(this, 'SiteBucket', {
      bucketName: consoleBucketName(props.stage),
      accessLogs,
      accessLogsPrefix: 'site/',
    });
    const certificate = props.certificateArn
      ? acm.Certificate.fromCertificateArn(this, 'Certificate', props.certificateArn)
      : undefined;
    const site = new StaticSite(this, 'Site', {
      bucket: this.bucket,
      logBucket: accessLogs,
      domainName: props.domainName,
      certificate,
      webAclArn: props.webAclArn,
      cspSources: awsCspSources(props.cognitoDomainPrefix),
    });
    this.distribution = site.distribution;
    this.origin = `https://${props.domainName ?? this.distribution.distributionDomainName}`;

    acknowledge(
      this.distribution,
      'The console is used by tenants and their clients wherever they travel; access is controlled by Cognito ' +
        'sign-in and the API authorizer, not by country.',
      'AwsSolutions-CFR1',
    );
    if (!props.webAclArn) {
      acknowledge(
        this.distribution,
        'The distribution serves only the static console bundle (the API has its own distribution). The WAF web ' +
          'ACL lives in us-east-1 (Tracking-<stage>-EdgeWaf) and is attached with -c webAclArn=… once deployed.',
        'AwsSolutions-CFR2',
      );
    }
    if (!props.domainName) {
      acknowledge(
        this.distribution,
        'Without a custom domain CloudFront serves its default *.cloudfront.net certificate, whose TLS policy ' +
          'cannot be chosen; with -c domainName=… -c certificateArn=… the distribution enforces TLSv1.2_2021.',
        'AwsSolutions-CFR4',
      );
    }
    new CfnOutput(this, 'ConsoleUrl', { value: this.origin });
  }
}

export interface WebDeploymentStackProps extends StackProps {
  stage: string;
  distribution: cloudfront.IDistribution;
  config: ConsoleRuntimeConfig;
  /** The built console (vite build output); deployed only if it exists at synth time. */
  distDir: string;
}

/** Deploys the console into the Web stack's bucket (addressed by name) once the API and user pool exist. */
export class WebDeploymentStack extends Stack {
  constructor(scope: Construct, id: string, props: WebDeploymentStackProps) {
    super(scope, id, props);
    new ConsoleDeployment(this, 'Console', {
      bucket: s3.Bucket.fromBucketName(this, 'SiteBucket', consoleBucketName(props.stage)),
      distribution: props.distribution,
      config: props.config,
      distDir: props.distDir,
    });
  }
}
