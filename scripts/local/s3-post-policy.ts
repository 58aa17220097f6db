import { timingSafeEqual } from 'node:crypto';
import { signPolicy } from '../../functions/lib/attachments/presigned-post';

/**
 * The checks S3 makes on a browser-based upload (POST Object with a SigV4 policy), which s3rver skips: it reads
 * the `policy` field and ignores it. scripts/local/s3-front.ts runs them before s3rver sees the request, so a
 * local upload is refused where AWS would refuse it (the size bound must be proven, not assumed).
 * https://docs.aws.amazon.com/AmazonS3/latest/API/sigv4-HTTPPOSTConstructPolicy.html
 */
export interface PolicyRefusal {
  status: number;
  code: string;
  message: string;
}

type Condition = Record<string, string> | [string, ...unknown[]];

interface Policy {
  expiration: string;
  conditions: Condition[];
}

/** Fields S3 never asks the policy about. */
const EXEMPT = new Set(['policy', 'x-amz-signature', 'file']);

const denied = (message: string): PolicyRefusal => ({ status: 403, code: 'AccessDenied', message });

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function readPolicy(encoded: string): Policy | undefined {
  try {
    const policy = JSON.parse(Buffer.from(encoded, 'base64').toString('utf8')) as Policy;
    return typeof policy.expiration === 'string' && Array.isArray(policy.conditions) ? policy : undefined;
  } catch {
    return undefined;
  }
}

/** Lower-cased field names, as S3 compares them (except values, which stay exact). */
const lowerKeys = (fields: Record<string, string>) =>
  Object.fromEntries(Object.entries(fields).map(([name, value]) => [name.toLowerCase(), value]));

interface Check {
  fields: Record<string, string>;
  bucket: string;
  fileSize: number;
}

/** One condition; returns the field it covers (for the "every field is in the policy" rule) or a refusal. */
function checkCondition(condition: Condition, { fields, bucket, fileSize }: Check): string | PolicyRefusal {
  if (!Array.isArray(condition)) {
    const [name, value] = Object.entries(condition)[0] ?? [];
    if (name === undefined) return denied('Invalid Policy: empty condition');
    const actual = name.toLowerCase() === 'bucket' ? bucket : fields[name.toLowerCase()];
    if (actual !== value) return denied(`Invalid according to Policy: Policy Condition failed: ["eq", "$${name}"]`);
    return name.toLowerCase();
  }
  const [operator, subject, expected] = condition;
  if (operator === 'content-length-range') {
    const [min, max] = [Number(subject), Number(expected)];
    if (fileSize > max)
      return { status: 400, code: 'EntityTooLarge', message: 'Your proposed upload exceeds the maximum allowed size' };
    if (fileSize < min)
      return {
        status: 400,
        code: 'EntityTooSmall',
        message: 'Your proposed upload is smaller than the minimum allowed size',
      };
    return '';
  }
  const name = String(subject).replace(/^\$/, '').toLowerCase();
  const actual = name === 'bucket' ? bucket : (fields[name] ?? '');
  const holds =
    operator === 'eq' ? actual === expected : operator === 'starts-with' && actual.startsWith(String(expected));
  return holds ? name : denied(`Invalid according to Policy: Policy Condition failed: ["${operator}", "$${name}"]`);
}

/** null when S3 would take the upload; else the error S3 would answer. */
export function checkPostPolicy(
  rawFields: Record<string, string>,
  fileSize: number,
  bucket: string,
  secretFor: (accessKeyId: string) => string | undefined,
  now = new Date(),
): PolicyRefusal | null {
  const fields = lowerKeys(rawFields);
  const encoded = fields.policy;
  const policy = encoded ? readPolicy(encoded) : undefined;
  if (!encoded || !policy) return denied('Bucket POST must contain a valid policy');
  const [accessKeyId, day, region] = (fields['x-amz-credential'] ?? '').split('/');
  const secret = accessKeyId ? secretFor(accessKeyId) : undefined;
  if (!secret || !day || !region) return { status: 403, code: 'InvalidAccessKeyId', message: 'Unknown credential' };
  const signature = signPolicy(encoded, secret, day, region);
  if (!sameText(signature, fields['x-amz-signature'] ?? '')) {
    return { status: 403, code: 'SignatureDoesNotMatch', message: 'The request signature does not match' };
  }
  if (!(Date.parse(policy.expiration) > now.getTime())) return denied('Invalid according to Policy: Policy expired.');
  const covered = new Set<string>();
  for (const condition of policy.conditions) {
    const result = checkCondition(condition, { fields, bucket, fileSize });
    if (typeof result !== 'string') return result;
    covered.add(result);
  }
  const extra = Object.keys(fields).find(
    (name) => !EXEMPT.has(name) && !name.startsWith('x-ignore-') && !covered.has(name),
  );
  if (extra) return denied(`Invalid according to Policy: Extra input fields: ${extra}`);
  return null;
}
