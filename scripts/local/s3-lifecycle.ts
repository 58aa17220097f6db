import { DeleteObjectsCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';

/**
 * The lifecycle rules of the CDK bucket that s3rver lacks, for the prefixes whose objects must not outlive a day
 * (attachment uploads waiting in incoming/, list exports): everything under the prefix last modified more than
 * `days` before `now` is deleted, as S3's expiration does (S3 runs it about once a day; the local stack at its
 * start and every hour).
 */
export interface ExpiringPrefix {
  prefix: string;
  days: number;
}

export async function expireObjects(s3: S3Client, bucket: string, rules: ExpiringPrefix[], now = new Date()) {
  let removed = 0;
  for (const { prefix, days } of rules) {
    const cutoff = now.getTime() - days * 24 * 60 * 60 * 1000;
    let token: string | undefined;
    do {
      const page = await s3.send(
        new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }),
      );
      const expired = (page.Contents ?? []).filter((o) => o.Key && (o.LastModified?.getTime() ?? 0) < cutoff);
      if (expired.length > 0) {
        await s3.send(
          new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: expired.map((o) => ({ Key: o.Key })) } }),
        );
        removed += expired.length;
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }
  return removed;
}

/** Runs the rules now and every hour; the timer never keeps the process alive. */
export function startLifecycle(s3: S3Client, bucket: string, rules: ExpiringPrefix[]): () => void {
  const run = () => void expireObjects(s3, bucket, rules).catch(() => undefined);
  run();
  const timer = setInterval(run, 60 * 60 * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
