import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { Stack } from 'aws-cdk-lib';
import type * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import type * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { acknowledge, flattenReference, wildcardResources } from '../nag';

/** Runtime configuration the console fetches from /config.json. */
export interface ConsoleRuntimeConfig {
  apiBaseUrl: string;
  userPoolId: string;
  userPoolClientId: string;
  cognitoDomain: string;
  /** Live push: the AppSync Events HTTP endpoint and its region; null: the console polls. */
  live?: { endpoint: string; region: string } | null;
}

export interface ConsoleDeploymentProps {
  bucket: s3.IBucket;
  distribution: cloudfront.IDistribution;
  config: ConsoleRuntimeConfig;
  /** The built console (vite build output); deployed only if it exists at synth time. */
  distDir: string;
}

/**
 * Files a browser must revalidate on every load, invalidated in CloudFront on each deployment: the app shell,
 * and the service worker, whose changed bytes are how browsers learn of a new release (the update prompt).
 */
const UNCACHED_FILES = ['index.html', 'sw.js'] as const;

/**
 * Uploads the console and its config.json. Hashed assets are cached for a year; index.html, sw.js and
 * config.json are revalidated on every load and invalidated in CloudFront, so a deployment is visible
 * immediately.
 */
export class ConsoleDeployment extends Construct {
  constructor(scope: Construct, id: string, props: ConsoleDeploymentProps) {
    super(scope, id);
    const bucket = props.bucket;
    const built = existsSync(path.join(props.distDir, 'index.html'));
    const uncached = UNCACHED_FILES.filter((file) => built && existsSync(path.join(props.distDir, file)));

    const assets = built
      ? new BucketDeployment(this, 'Assets', {
          sources: [Source.asset(props.distDir, { exclude: ['config.json', ...UNCACHED_FILES] })],
          destinationBucket: bucket,
          prune: false, // older hashed chunks stay, so open tabs can still lazy-load them
          cacheControl: [CacheControl.fromString('public, max-age=31536000, immutable')],
        })
      : undefined;

    const config = new BucketDeployment(this, 'Config', {
      sources: [
        Source.jsonData('config.json', props.config),
        ...uncached.map((file) => Source.data(file, readFileSync(path.join(props.distDir, file), 'utf8'))),
      ],
      destinationBucket: bucket,
      prune: false,
      cacheControl: [CacheControl.noCache()],
      distribution: props.distribution,
      distributionPaths: ['/index.html', '/config.json', '/sw.js'],
    });
    if (assets) config.node.addDependency(assets);
    acknowledgeDeploymentHandler(Stack.of(this), bucket);
  }
}

/**
 * BucketDeployment runs one CDK-provided singleton Lambda per stack; its role and runtime are fixed by CDK.
 * The acknowledgements sit on that singleton only. Wildcard resources are acknowledged one by one, and only
 * the three kinds CDK is known to grant (asset zips, console bucket objects, CloudFront invalidations); any
 * other wildcard stays a finding.
 */
function acknowledgeDeploymentHandler(stack: Stack, consoleBucket: s3.IBucket): void {
  const handler = stack.node.children.find((c): c is lambda.Function =>
    c.node.id.startsWith('Custom::CDKBucketDeployment'),
  );
  const policy = handler?.role?.node.tryFindChild('DefaultPolicy') as iam.Policy | undefined;
  if (!handler || !policy) throw new Error('BucketDeployment handler or its policy not found');
  const ack = (reason: string, ...ids: string[]) => acknowledge(handler, reason, ...ids);

  ack(
    'CDK’s BucketDeployment handler uses the AWS managed basic-execution policy (CloudWatch Logs only); the ' +
      'construct offers no way to replace it short of re-implementing the deployment.',
    'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
  );
  const syncReason =
    'Granted by BucketDeployment to read the content-hashed asset zips from the bootstrap asset bucket and ' +
    'sync them into the console bucket; object keys are only known at deploy time.';
  ack(
    syncReason,
    ...['s3:GetBucket*', 's3:GetObject*', 's3:List*', 's3:Abort*', 's3:DeleteObject*'].map(
      (action) => `AwsSolutions-IAM5[Action::${action}]`,
    ),
  );
  const consoleObjects = flattenReference(stack.resolve(consoleBucket.arnForObjects('*')));
  for (const resource of wildcardResources(policy)) {
    if (
      resource === consoleObjects ||
      /^arn:(aws[a-z-]*|<AWS::Partition>):s3:::cdk-[a-z0-9]+-assets-[^/]+\/\*$/.test(resource)
    ) {
      ack(syncReason, `AwsSolutions-IAM5[Resource::${resource}]`);
    } else if (resource === '*') {
      ack(
        'cloudfront:CreateInvalidation/GetInvalidation, granted by BucketDeployment on "*" to invalidate ' +
          'index.html and config.json after upload.',
        'AwsSolutions-IAM5[Resource::*]',
      );
    }
  }
  ack('The BucketDeployment handler runtime (Python) is chosen and updated by aws-cdk-lib.', 'AwsSolutions-L1');
}
