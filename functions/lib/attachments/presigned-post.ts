import { createHmac } from 'node:crypto';

/**
 * A presigned S3 POST (browser-based upload, Signature Version 4), built here because
 * @aws-sdk/s3-presigned-post is not among the project's packages. Unlike a presigned PUT, the signed policy can
 * bind the size: S3 refuses a body outside `content-length-range` (EntityTooLarge / EntityTooSmall) before it
 * stores anything. https://docs.aws.amazon.com/AmazonS3/latest/API/sigv4-HTTPPOSTConstructPolicy.html
 */
export interface PostCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

export interface PresignPostInput {
  /** The form's target: the bucket's URL (virtual-hosted on AWS, path-style locally). */
  url: string;
  bucket: string;
  key: string;
  contentType: string;
  minBytes: number;
  maxBytes: number;
  expiresInSeconds: number;
  region: string;
  credentials: PostCredentials;
  now?: Date;
}

export interface PresignedPost {
  url: string;
  fields: Record<string, string>;
}

const ALGORITHM = 'AWS4-HMAC-SHA256';

const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();

/** SigV4 signing key for S3 in one region on one day. */
export function signingKey(secretAccessKey: string, day: string, region: string): Buffer {
  return hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, day), region), 's3'), 'aws4_request');
}

/** The signature of a POST policy: HMAC of the base64 policy itself, hex. */
export const signPolicy = (policyBase64: string, secretAccessKey: string, day: string, region: string) =>
  createHmac('sha256', signingKey(secretAccessKey, day, region))
    .update(policyBase64, 'utf8')
    .digest('hex');

const amzDate = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

export function presignPost(input: PresignPostInput): PresignedPost {
  const now = input.now ?? new Date();
  const date = amzDate(now);
  const day = date.slice(0, 8);
  const credential = `${input.credentials.accessKeyId}/${day}/${input.region}/s3/aws4_request`;
  // Every field sent with the form must appear in the policy, so these fields are exactly its equalities.
  const fields: Record<string, string> = {
    key: input.key,
    'Content-Type': input.contentType,
    'x-amz-algorithm': ALGORITHM,
    'x-amz-credential': credential,
    'x-amz-date': date,
    ...(input.credentials.sessionToken ? { 'x-amz-security-token': input.credentials.sessionToken } : {}),
  };
  const policy = {
    expiration: new Date(now.getTime() + input.expiresInSeconds * 1000).toISOString(),
    conditions: [
      { bucket: input.bucket },
      ...Object.entries(fields).map(([name, value]) => ({ [name]: value })),
      ['content-length-range', input.minBytes, input.maxBytes],
    ],
  };
  const policyBase64 = Buffer.from(JSON.stringify(policy), 'utf8').toString('base64');
  return {
    url: input.url,
    fields: {
      ...fields,
      policy: policyBase64,
      'x-amz-signature': signPolicy(policyBase64, input.credentials.secretAccessKey, day, input.region),
    },
  };
}
