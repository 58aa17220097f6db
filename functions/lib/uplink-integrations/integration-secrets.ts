import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import {
  UPLINK_INTEGRATIONS,
  UPLINK_SECRET_HEADER,
  type UplinkIntegration,
  type UplinkIntegrationSecret,
  type UplinkIntegrations,
} from '../../../shared/schemas/uplink-integrations';
import { dynamo, tableName } from '../data/client';
import { tenantPrefix } from '../data/keys';
import { systemTenantContext } from '../data/system-context';
import type { TenantContext } from '../data/tenant-context';

/**
 * Per-tenant secrets of the TTS and ChirpStack ways in. Neither network signs its requests (integrations-2.md
 * s.2, s.3): a static header is all they send, so the secret is the credential and the tenant's proof.
 * Only the SHA-256 of a secret is stored (it is high-entropy random, so a plain hash is enough, and a leaked
 * table holds nothing that posts uplinks). Two items, like the KPN plug lookup:
 * - the tenant's `T#<id>#UPLINK_INTEGRATION` / `<kind>`: the current hash and when it was made;
 * - the platform lookup `UPLINK_SECRET#<kind>#<hash>` / `SECRET` -> tenantId, how a request finds its tenant.
 * A new secret writes its lookup first, then the tenant item, then removes the old lookup; a lookup item left
 * by a failure in between names a hash the tenant item no longer holds, which the check treats as unknown.
 */
const hashOf = (secret: string) => createHash('sha256').update(secret, 'utf8').digest('hex');
const tenantKey = (ctx: TenantContext, kind: UplinkIntegration) => ({
  pk: `${tenantPrefix(ctx)}UPLINK_INTEGRATION`,
  sk: kind,
});
const lookupKey = (kind: UplinkIntegration, hash: string) => ({ pk: `UPLINK_SECRET#${kind}#${hash}`, sk: 'SECRET' });

interface StoredSecret {
  hash: string;
  createdAt: string;
}

async function storedSecret(ctx: TenantContext, kind: UplinkIntegration): Promise<StoredSecret | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: tenantKey(ctx, kind), ConsistentRead: true }),
  );
  return Item ? { hash: String(Item.hash), createdAt: String(Item.createdAt) } : undefined;
}

export async function uplinkIntegrationsOf(ctx: TenantContext): Promise<UplinkIntegrations> {
  const states = await Promise.all(
    UPLINK_INTEGRATIONS.map(async (kind) => {
      const stored = await storedSecret(ctx, kind);
      return [kind, { secret_set: Boolean(stored), created_at: stored?.createdAt ?? null }] as const;
    }),
  );
  return Object.fromEntries(states) as UplinkIntegrations;
}

/** A new secret for the tenant's integration, replacing any previous one; answered once, never again. */
export async function createUplinkSecret(
  ctx: TenantContext,
  kind: UplinkIntegration,
  now = new Date(),
): Promise<UplinkIntegrationSecret> {
  const previous = await storedSecret(ctx, kind);
  const secret = randomBytes(32).toString('base64url');
  const hash = hashOf(secret);
  const createdAt = now.toISOString();
  const table = tableName();
  await dynamo().send(
    new PutCommand({
      TableName: table,
      Item: { ...lookupKey(kind, hash), entityType: 'UPLINK_SECRET', tenantId: ctx.tenantId },
    }),
  );
  await dynamo().send(
    new PutCommand({
      TableName: table,
      Item: { ...tenantKey(ctx, kind), entityType: 'UPLINK_INTEGRATION', hash, createdAt },
    }),
  );
  if (previous) await dynamo().send(new DeleteCommand({ TableName: table, Key: lookupKey(kind, previous.hash) }));
  return { integration: kind, header: UPLINK_SECRET_HEADER, secret, created_at: createdAt };
}

const sameHash = (a: string, b: string) => {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
};

/**
 * The tenant whose current secret this is, or undefined. The lookup finds a candidate by the hash (a key
 * lookup reveals nothing about a secret's characters), then the tenant's own item is compared in constant time,
 * so a stale lookup item of a replaced secret proves nothing.
 */
export async function tenantOfUplinkSecret(
  kind: UplinkIntegration,
  presented: string | undefined,
): Promise<string | undefined> {
  if (!presented || presented.length > 200) return undefined;
  const hash = hashOf(presented.trim());
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: lookupKey(kind, hash), ConsistentRead: true }),
  );
  if (Item?.tenantId === undefined) return undefined;
  const tenantId = String(Item.tenantId);
  const stored = await storedSecret(systemTenantContext(tenantId), kind);
  return stored && sameHash(stored.hash, hash) ? tenantId : undefined;
}
