import { presignPost } from '../../functions/lib/attachments/presigned-post';
import { checkPostPolicy } from '../../scripts/local/s3-post-policy';

/**
 * The local S3 front refuses a presigned POST exactly where AWS would, so the integration tests that
 * upload through it prove the policy (scripts/local/s3-post-policy.ts against functions' presignPost).
 */
const NOW = new Date('2026-11-25T12:00:00Z');
const secretFor = (id: string) => (id === 'KEY' ? 'SECRET' : undefined);
const post = (sessionToken?: string) =>
  presignPost({
    url: 'http://127.0.0.1:4569/bucket',
    bucket: 'bucket',
    key: 'incoming/tenants/1/asset/7/attachments/a.pdf',
    contentType: 'application/pdf',
    minBytes: 1,
    maxBytes: 100,
    expiresInSeconds: 900,
    region: 'eu-west-1',
    credentials: { accessKeyId: 'KEY', secretAccessKey: 'SECRET', sessionToken },
    now: NOW,
  });
const check = (fields: Record<string, string>, size = 10, now = NOW, bucket = 'bucket') =>
  checkPostPolicy(fields, size, bucket, secretFor, now);

describe('presigned POST policy (local S3 front)', () => {
  it('takes the form as signed, with or without a session token', () => {
    expect(check(post().fields)).toBeNull();
    expect(check(post('TOKEN').fields)).toBeNull();
    expect(post('TOKEN').fields['x-amz-security-token']).toBe('TOKEN');
  });

  it('binds the size both ways', () => {
    expect(check(post().fields, 100)).toBeNull();
    expect(check(post().fields, 101)).toMatchObject({ status: 400, code: 'EntityTooLarge' });
    expect(check(post().fields, 0)).toMatchObject({ status: 400, code: 'EntityTooSmall' });
  });

  it('refuses another key, type or bucket, an extra field, a forged signature and an expired policy', () => {
    const { fields } = post();
    expect(check({ ...fields, key: 'tenants/1/asset/7/attachments/a.pdf' })?.status).toBe(403);
    expect(check({ ...fields, 'Content-Type': 'text/html' })?.status).toBe(403);
    expect(check(fields, 10, NOW, 'other-bucket')?.status).toBe(403);
    expect(check({ ...fields, acl: 'public-read' })).toMatchObject({ status: 403, code: 'AccessDenied' });
    expect(check({ ...fields, 'x-ignore-note': 'fine' })).toBeNull();
    expect(check({ ...fields, 'x-amz-signature': 'f'.repeat(64) })).toMatchObject({ code: 'SignatureDoesNotMatch' });
    expect(
      check({ ...fields, 'x-amz-credential': fields['x-amz-credential']?.replace('KEY', 'NOPE') ?? '' })?.code,
    ).toBe('InvalidAccessKeyId');
    expect(check(fields, 10, new Date(NOW.getTime() + 901_000))?.message).toMatch(/expired/);
    const { policy: _policy, ...unsigned } = fields;
    expect(check(unsigned)?.status).toBe(403);
  });
});
