import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { acknowledge } from '../nag';

/**
 * Bucket factories (plain functions, so each bucket's construct id is exactly the id its stack passes and stays
 * stable). Every bucket is private, TLS-only, encrypted with S3-managed keys and retained on stack deletion.
 */
const BASE: s3.BucketProps = {
  blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
  enforceSSL: true,
  encryption: s3.BucketEncryption.S3_MANAGED,
  removalPolicy: RemovalPolicy.RETAIN,
};

/**
 * Destination of S3 server access logs and CloudFront standard logs. CloudFront's standard logging writes with
 * ACLs, so object ownership is BucketOwnerPreferred (ACLs usable, bucket owner owns the objects).
 */
export function createAccessLogsBucket(scope: Construct, id: string, expireAfterDays = 365): s3.Bucket {
  const bucket = new s3.Bucket(scope, id, {
    ...BASE,
    objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED,
    lifecycleRules: [{ id: 'expire-logs', expiration: Duration.days(expireAfterDays) }],
  });
  acknowledge(
    bucket,
    'This bucket is the access-log destination; logging its own access would need a second log bucket that is ' +
      'itself unlogged. Objects are written only by the S3 logging service and CloudFront.',
    'AwsSolutions-S1',
  );
  return bucket;
}

export interface PrivateBucketProps {
  /** Physical name; only where another stack must address the bucket without a cross-stack reference. */
  bucketName?: string;
  accessLogs: s3.IBucket;
  accessLogsPrefix: string;
  versioned?: boolean;
  cors?: s3.CorsRule[];
  /** Short-lived objects (exports): everything under the prefix is deleted after so many days, versions too. */
  expiringPrefixes?: { prefix: string; days: number }[];
}

export function createPrivateBucket(scope: Construct, id: string, props: PrivateBucketProps): s3.Bucket {
  return new s3.Bucket(scope, id, {
    ...BASE,
    bucketName: props.bucketName,
    objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
    versioned: props.versioned ?? false,
    serverAccessLogsBucket: props.accessLogs,
    serverAccessLogsPrefix: props.accessLogsPrefix,
    cors: props.cors,
    lifecycleRules: [
      { id: 'abort-incomplete-uploads', abortIncompleteMultipartUploadAfter: Duration.days(7) },
      ...(props.versioned ? [{ id: 'expire-old-versions', noncurrentVersionExpiration: Duration.days(90) }] : []),
      ...(props.expiringPrefixes ?? []).map(({ prefix, days }) => ({
        id: `expire-${prefix.replace(/[^a-z0-9]+/gi, '-').replace(/-+$/, '')}`,
        prefix,
        expiration: Duration.days(days),
        abortIncompleteMultipartUploadAfter: Duration.days(days),
        ...(props.versioned ? { noncurrentVersionExpiration: Duration.days(days) } : {}),
      })),
    ],
  });
}
