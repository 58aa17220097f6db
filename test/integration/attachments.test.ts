import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { ATTACHMENTS_BUCKET } from '../../scripts/local/config';
import { call, tokenOf } from '../harness/api';
import { readStack } from '../harness/stack';

/**
 * Attachments (spec 000 s.2, s.7; issue 3): presigned PUT -> real upload to the local S3 -> register -> the
 * asset lists it with a download URL -> delete. Presigned URLs are only issued for assets the user may see.
 */
type Attachment = { id: number; object_key: string; url: string | null; bucket: string | null };
type Asset = { id: number; version: number; attachments: Attachment[]; client?: { id: number } | null };
type Ticket = { method: string; url: string; headers: Record<string, string>; object_key: string; bucket: string };
type Violations = { violations: { propertyPath: string; message: string }[] };
type Collection = { 'hydra:member': Asset[] };

const ticketPath = (assetId: number, filename: string, contentType: string, size: number) =>
  `/api/aws/s3?${new URLSearchParams({ assetId: String(assetId), filename, contentType, size: String(size) })}`;

/** Reads the local S3 directly (s3rver's fixed credentials), to see objects no API lists. */
async function storedKeys(prefix: string): Promise<string[]> {
  const s3 = new S3Client({
    endpoint: `http://127.0.0.1:${readStack().ports.S3_PORT}`,
    region: 'eu-west-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  const listed = await s3.send(new ListObjectsV2Command({ Bucket: ATTACHMENTS_BUCKET, Prefix: prefix }));
  return (listed.Contents ?? []).map((object) => object.Key ?? '');
}

const messagesOf = (body: unknown) => (body as Violations).violations.map((v) => v.message);

describe('attachments', () => {
  let admin: string;
  let assetId: number;

  async function upload(filename: string, contentType: string, bytes: Uint8Array, declaredSize = bytes.length) {
    const ticket = await call<Ticket>('GET', ticketPath(assetId, filename, contentType, declaredSize), {
      token: admin,
    });
    expect(ticket.status).toBe(200);
    const put = await fetch(ticket.body.url, { method: 'PUT', headers: ticket.body.headers, body: bytes });
    expect(put.status).toBe(200);
    return ticket.body;
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
    expect(ticket.url).toContain(encodeURIComponent(`tenants/1/asset/${assetId}/attachments/`).replace(/%2F/g, '/'));
    expect(JSON.stringify(ticket)).not.toMatch(/secretAccessKey|S3RVER"/);

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
    expect((await fetch(listed?.url ?? '')).status).toBe(404);
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

  it('checks what really arrived: a 0-byte or oversized upload is refused and removed', async () => {
    const zero = await upload('zero.txt', 'text/plain', new Uint8Array(0), 1);
    const registerZero = await call('POST', `/api/assets/${assetId}/attachments`, {
      token: admin,
      body: { object_key: zero.object_key },
    });
    expect(registerZero.status).toBe(422);
    expect(messagesOf(registerZero.body)).toContain('The file is empty');

    const big = await upload('big.pdf', 'application/pdf', new Uint8Array(20 * 1024 * 1024 + 1), 1000);
    const registerBig = await call('POST', `/api/assets/${assetId}/attachments`, {
      token: admin,
      body: { object_key: big.object_key },
    });
    expect(registerBig.status).toBe(422);
    expect(messagesOf(registerBig.body)).toContain('The file is larger than 20 MB');

    const missing = await call('POST', `/api/assets/${assetId}/attachments`, {
      token: admin,
      body: { object_key: `asset/${assetId}/attachments/never-uploaded.pdf` },
    });
    expect(missing.status).toBe(422);
    const otherAsset = await call('POST', `/api/assets/${assetId}/attachments`, {
      token: admin,
      body: { object_key: `asset/${assetId + 1}/attachments/x.pdf` },
    });
    expect(otherAsset.status).toBe(422);
    const read = await call<Asset>('GET', `/api/assets/${assetId}`, { token: admin });
    expect(read.body.attachments).toEqual([]);
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

      expect(await storedKeys(`tenants/1/asset/${assetId}/`)).toHaveLength(2);
      expect((await call('DELETE', `/api/assets/${assetId}`, { token: admin })).status).toBe(204);
      expect((await fetch(url)).status).toBe(404);
      // The unregistered upload went too: nothing is left under the asset's folder.
      expect(await storedKeys(`tenants/1/asset/${assetId}/`)).toEqual([]);
    } finally {
      assetId = owner;
    }
  });

  it('needs a token', async () => {
    expect((await call('GET', ticketPath(assetId, 'a.pdf', 'application/pdf', 10))).status).toBe(401);
  });
});
