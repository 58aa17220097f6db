import {
  CopyObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { ATTACHMENTS_BUCKET } from '../../scripts/local/config';
import { expireObjects } from '../../scripts/local/s3-lifecycle';
import { call, tokenOf } from '../harness/api';
import { readStack } from '../harness/stack';

/**
 * Attachments (spec 000 s.2, s.7): presigned POST -> real upload to the local S3 (its front checks
 * the policy as AWS does) into incoming/ -> register (moved to the served key) -> the asset lists it with a
 * download URL -> delete. Presigned requests are only issued for assets the user may see.
 */
type Attachment = { id: number; object_key: string; url: string | null; bucket: string | null };
type Asset = { id: number; version: number; attachments: Attachment[]; client?: { id: number } | null };
type Ticket = {
  method: string;
  url: string;
  fields: Record<string, string>;
  object_key: string;
  bucket: string;
  max_bytes: number;
};
type Violations = { violations: { propertyPath: string; message: string }[] };
type Collection = { 'hydra:member': Asset[] };

const ticketPath = (assetId: number, filename: string, contentType: string, size: number) =>
  `/api/aws/s3?${new URLSearchParams({ assetId: String(assetId), filename, contentType, size: String(size) })}`;

const localS3 = () =>
  new S3Client({
    endpoint: `http://127.0.0.1:${readStack().ports.S3_PORT}`,
    region: 'eu-west-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });

/** Reads the local S3 directly (s3rver's fixed credentials), to see objects no API lists. */
async function storedKeys(prefix: string): Promise<string[]> {
  const listed = await localS3().send(new ListObjectsV2Command({ Bucket: ATTACHMENTS_BUCKET, Prefix: prefix }));
  return (listed.Contents ?? []).map((object) => object.Key ?? '');
}

/** Writes straight into the bucket, past any policy: what a broken or older upload path could leave behind. */
async function plant(key: string, body: Uint8Array, contentType: string) {
  await localS3().send(
    new PutObjectCommand({ Bucket: ATTACHMENTS_BUCKET, Key: key, Body: body, ContentType: contentType }),
  );
}

/** The browser's form upload: the ticket's fields in order (some overridable by an attacker), the file last. */
function postForm(ticket: Ticket, bytes: Uint8Array, override: Record<string, string> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries({ ...ticket.fields, ...override })) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(bytes)]), 'upload');
  return fetch(ticket.url, { method: 'POST', body: form });
}

const messagesOf = (body: unknown) => (body as Violations).violations.map((v) => v.message);

describe('attachments', () => {
  let admin: string;
  let assetId: number;

  async function ticketFor(filename: string, contentType: string, size: number) {
    const ticket = await call<Ticket>('GET', ticketPath(assetId, filename, contentType, size), { token: admin });
    expect(ticket.status).toBe(200);
    return ticket.body;
  }

  async function upload(filename: string, contentType: string, bytes: Uint8Array) {
    const ticket = await ticketFor(filename, contentType, bytes.length);
    const posted = await postForm(ticket, bytes);
    expect(posted.status).toBe(204);
    return ticket;
  }

  beforeAll(async () => {
    admin = await tokenOf('admin');
    const created = await call<Asset>('POST', '/api/assets', { token: admin, body: { name: 'Attachment test' } });
    expect(created.status).toBe(201);
    assetId = created.body.id;
  });

  it('uploads, registers, downloads and deletes a file', async () => {
    const bytes = new TextEncoder().encode('id,name\n1,reel\n');
    const ticket = await upload('report 1.csv', 'text/csv', bytes);
    expect(ticket.object_key).toBe(`asset/${assetId}/attachments/report 1.csv`);
    expect(ticket.method).toBe('POST');
    expect(ticket.fields.key).toBe(`incoming/tenants/1/asset/${assetId}/attachments/report 1.csv`);
    expect(ticket.max_bytes).toBe(20 * 1024 * 1024);
    expect(JSON.stringify(ticket)).not.toMatch(/secretAccessKey|"S3RVER"/);

    const asset = await call<Asset>('GET', `/api/assets/${assetId}`, { token: admin });
    const registered = await call<Attachment>('POST', `/api/assets/${assetId}/attachments`, {
      token: admin,
      body: { object_key: ticket.object_key, version: asset.body.version },
    });
    expect(registered.status).toBe(201);
    expect(registered.body.object_key).toBe(ticket.object_key);

    const stale = await call('POST', `/api/assets/${assetId}/attachments`, {
      token: admin,
      body: { object_key: ticket.object_key, version: asset.body.version },
    });
    expect(stale.status).toBe(409);

    const read = await call<Asset>('GET', `/api/assets/${assetId}`, { token: admin });
    const listed = read.body.attachments.find((a) => a.id === registered.body.id);
    expect(listed?.url).toBeTruthy();
    const download = await fetch(listed?.url ?? '');
    expect(download.status).toBe(200);
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(bytes);

    const removed = await call('DELETE', `/api/assets/${assetId}/attachments/${registered.body.id}`, { token: admin });
    expect(removed.status).toBe(204);
    const after = await call<Asset>('GET', `/api/assets/${assetId}`, { token: admin });
    expect(after.body.attachments.find((a) => a.id === registered.body.id)).toBeUndefined();
    // Signed by a role without s3:ListBucket for object reads, a URL to a removed file answers 403.
    expect((await fetch(listed?.url ?? '')).status).toBe(403);
    const again = await call('DELETE', `/api/assets/${assetId}/attachments/${registered.body.id}`, { token: admin });
    expect(again.status).toBe(404);
  });

  it('refuses empty, oversized and disallowed files with 422 before the upload', async () => {
    const empty = await call('GET', ticketPath(assetId, 'a.pdf', 'application/pdf', 0), { token: admin });
    expect(empty.status).toBe(422);
    expect(messagesOf(empty.body)).toContain('The file is empty');
    const large = await call('GET', ticketPath(assetId, 'a.pdf', 'application/pdf', 20 * 1024 * 1024 + 1), {
      token: admin,
    });
    expect(large.status).toBe(422);
    expect(messagesOf(large.body)).toContain('The file is larger than 20 MB');
    const exe = await call('GET', ticketPath(assetId, 'a.exe', 'application/x-msdownload', 10), { token: admin });
    expect(exe.status).toBe(422);
    expect(messagesOf(exe.body)[0]).toMatch(/file type is not allowed/);
  });

  it('refuses with S3 itself an upload beyond the announced size, of another key or another type', async () => {
    const ticket = await ticketFor('big.pdf', 'application/pdf', 1000);
    const tooLarge = await postForm(ticket, new Uint8Array(ticket.max_bytes + 1));
    expect(tooLarge.status).toBe(400);
    expect(await tooLarge.text()).toContain('EntityTooLarge');
    const empty = await postForm(ticket, new Uint8Array(0));
    expect(empty.status).toBe(400);
    const otherKey = await postForm(ticket, new Uint8Array(10), { key: 'tenants/2/asset/1/attachments/x.pdf' });
    expect(otherKey.status).toBe(403);
    const otherType = await postForm(ticket, new Uint8Array(10), { 'Content-Type': 'text/html' });
    expect(otherType.status).toBe(403);
    const unsigned = await postForm(ticket, new Uint8Array(10), { 'x-amz-signature': '0'.repeat(64) });
    expect(unsigned.status).toBe(403);
    expect(await storedKeys(`incoming/tenants/1/asset/${assetId}/`)).toEqual([]);
    expect(await storedKeys('tenants/2/')).not.toContain('tenants/2/asset/1/attachments/x.pdf');
  });

  it('checks what really arrived: a missing, empty, oversized or mistyped upload is refused and removed', async () => {
    const incoming = (name: string) => `incoming/tenants/1/asset/${assetId}/attachments/${name}`;
    const register = (name: string) =>
      call('POST', `/api/assets/${assetId}/attachments`, {
        token: admin,
        body: { object_key: `asset/${assetId}/attachments/${name}` },
      });
    await plant(incoming('zero.txt'), new Uint8Array(0), 'text/plain');
    await plant(incoming('big.pdf'), new Uint8Array(20 * 1024 * 1024 + 1), 'application/pdf');
    await plant(incoming('page.html'), new TextEncoder().encode('<script>'), 'text/html');
    const cases = [
      ['zero.txt', 'The file is empty'],
      ['big.pdf', 'The file is larger than 20 MB'],
      ['page.html', 'This file type is not allowed: use an image, a PDF, an office document, a text or a CSV file'],
      ['never-uploaded.pdf', 'The file was not found in storage: upload it first'],
    ];
    for (const [name, message] of cases) {
      const answer = await register(name as string);
      expect(answer.status).toBe(422);
      expect(messagesOf(answer.body)).toContain(message);
    }
    const otherAsset = await call('POST', `/api/assets/${assetId}/attachments`, {
      token: admin,
      body: { object_key: `asset/${assetId + 1}/attachments/x.pdf` },
    });
    expect(otherAsset.status).toBe(422);
    // Nothing half-written: no entry, no served object, and the refused uploads are gone from incoming/ too.
    const read = await call<Asset>('GET', `/api/assets/${assetId}`, { token: admin });
    expect(read.body.attachments).toEqual([]);
    expect(await storedKeys(`tenants/1/asset/${assetId}/`)).toEqual([]);
    expect(await storedKeys(`incoming/tenants/1/asset/${assetId}/`)).toEqual([]);
  });

  it('has a local S3 that hides a missing key behind 403 AccessDenied, as AWS does without s3:ListBucket', async () => {
    const s3 = localS3();
    const Key = `incoming/tenants/1/asset/${assetId}/attachments/absent.pdf`;
    await expect(s3.send(new HeadObjectCommand({ Bucket: ATTACHMENTS_BUCKET, Key }))).rejects.toMatchObject({
      $metadata: { httpStatusCode: 403 },
    });
    await expect(s3.send(new GetObjectCommand({ Bucket: ATTACHMENTS_BUCKET, Key }))).rejects.toMatchObject({
      name: 'AccessDenied',
      $metadata: { httpStatusCode: 403 },
    });
    // A registration of that never-uploaded key is still the client's mistake (422), not a 500.
    const answer = await call('POST', `/api/assets/${assetId}/attachments`, {
      token: admin,
      body: { object_key: `asset/${assetId}/attachments/absent.pdf` },
    });
    expect(answer.status).toBe(422);
    expect(messagesOf(answer.body)).toContain('The file was not found in storage: upload it first');
  });

  it('never serves an upload left in incoming/ as an attachment', async () => {
    const bytes = new TextEncoder().encode('never registered');
    const ticket = await upload('left.txt', 'text/plain', bytes);
    expect(await storedKeys(`incoming/tenants/1/asset/${assetId}/`)).toEqual([ticket.fields.key]);
    const read = await call<Asset>('GET', `/api/assets/${assetId}`, { token: admin });
    expect(read.body.attachments.map((a) => a.object_key)).not.toContain(ticket.object_key);
    expect(await storedKeys(`tenants/1/asset/${assetId}/`)).toEqual([]);
    // Registered, it moves: the served key holds it and incoming/ is empty.
    const registered = await call<Attachment>('POST', `/api/assets/${assetId}/attachments`, {
      token: admin,
      body: { object_key: ticket.object_key },
    });
    expect(registered.status).toBe(201);
    expect(await storedKeys(`incoming/tenants/1/asset/${assetId}/`)).toEqual([]);
    expect(await storedKeys(`tenants/1/asset/${assetId}/`)).toEqual([`tenants/1/${ticket.object_key}`]);
    const removed = await call('DELETE', `/api/assets/${assetId}/attachments/${registered.body.id}`, {
      token: admin,
    });
    expect(removed.status).toBe(204);
  });

  it('has a local S3 no kinder than AWS: copies only the checked object, expires incoming/ after a day', async () => {
    const ticket = await upload('race.txt', 'text/plain', new TextEncoder().encode('first'));
    const s3 = localS3();
    const copy = (etag: string) =>
      s3.send(
        new CopyObjectCommand({
          Bucket: ATTACHMENTS_BUCKET,
          Key: `tenants/1/${ticket.object_key}`,
          CopySource: `${ATTACHMENTS_BUCKET}/${ticket.fields.key}`.split('/').map(encodeURIComponent).join('/'),
          CopySourceIfMatch: etag,
        }),
      );
    // Registration copies with the ETag it checked: an upload replaced in between is not copied.
    await expect(copy('"00000000000000000000000000000000"')).rejects.toMatchObject({
      $metadata: { httpStatusCode: 412 },
    });
    expect(await storedKeys(`tenants/1/asset/${assetId}/`)).toEqual([]);
    // The lifecycle rule of the CDK bucket, as the local stack runs it: a day later the upload is gone.
    const folder = `incoming/tenants/1/asset/${assetId}/`;
    const rule = [{ prefix: folder, days: 1 }];
    expect(await expireObjects(s3, ATTACHMENTS_BUCKET, rule)).toBe(0);
    expect(await expireObjects(s3, ATTACHMENTS_BUCKET, rule, new Date(Date.now() + 25 * 3_600_000))).toBe(1);
    expect(await storedKeys(folder)).toEqual([]);
  });

  it('answers 404 to a client user for another customer’s asset and 403 for their own', async () => {
    const client = await tokenOf('client');
    const all = await call<Collection>('GET', '/api/assets?pagination=false', { token: admin });
    const foreign = all.body['hydra:member'].find((a) => a.client && a.client.id !== 1) as Asset;
    const own = all.body['hydra:member'].find((a) => a.client?.id === 1) as Asset;
    const foreignTicket = await call('GET', ticketPath(foreign.id, 'a.pdf', 'application/pdf', 10), { token: client });
    expect(foreignTicket.status).toBe(404);
    const ownTicket = await call('GET', ticketPath(own.id, 'a.pdf', 'application/pdf', 10), { token: client });
    expect(ownTicket.status).toBe(403);
    const register = await call('POST', `/api/assets/${foreign.id}/attachments`, {
      token: client,
      body: { object_key: `asset/${foreign.id}/attachments/a.pdf` },
    });
    expect(register.status).toBe(403);
  });

  it('answers 404 for another tenant’s asset and never reaches its files', async () => {
    const acme = await tokenOf('acme-admin');
    const viaAcme = await call('GET', `/api/assets/${assetId}`, { token: acme });
    expect(viaAcme.status).toBe(404);
    const ticket = await call('GET', ticketPath(assetId, 'a.pdf', 'application/pdf', 10), { token: acme });
    expect(ticket.status).toBe(404);
    const register = await call('POST', `/api/assets/${assetId}/attachments`, {
      token: acme,
      body: { object_key: `asset/${assetId}/attachments/a.pdf` },
    });
    expect(register.status).toBe(404);
  });

  it('removes the asset’s files, registered or not, when the asset is deleted', async () => {
    const doomed = await call<Asset>('POST', '/api/assets', { token: admin, body: { name: 'Doomed' } });
    const owner = assetId;
    assetId = doomed.body.id;
    try {
      const kept = await upload('kept.txt', 'text/plain', new TextEncoder().encode('kept'));
      await upload('orphan.txt', 'text/plain', new TextEncoder().encode('orphan'));
      const registered = await call('POST', `/api/assets/${assetId}/attachments`, {
        token: admin,
        body: { object_key: kept.object_key },
      });
      expect(registered.status).toBe(201);
      const read = await call<Asset>('GET', `/api/assets/${assetId}`, { token: admin });
      const url = read.body.attachments[0]?.url ?? '';
      expect((await fetch(url)).status).toBe(200);

      expect(await storedKeys(`tenants/1/asset/${assetId}/`)).toHaveLength(1);
      expect(await storedKeys(`incoming/tenants/1/asset/${assetId}/`)).toHaveLength(1);
      expect((await call('DELETE', `/api/assets/${assetId}`, { token: admin })).status).toBe(204);
      expect((await fetch(url)).status).toBe(403);
      // The unregistered upload went too: nothing is left under the asset's folder, served or incoming.
      expect(await storedKeys(`tenants/1/asset/${assetId}/`)).toEqual([]);
      expect(await storedKeys(`incoming/tenants/1/asset/${assetId}/`)).toEqual([]);
    } finally {
      assetId = owner;
    }
  });

  it('needs a token', async () => {
    expect((await call('GET', ticketPath(assetId, 'a.pdf', 'application/pdf', 10))).status).toBe(401);
  });
});
