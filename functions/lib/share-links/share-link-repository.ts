import { createHash, randomBytes } from 'node:crypto';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  SHARE_LINKS_LIMIT_REACHED,
  SHARE_LINKS_PER_TENANT,
  type ShareLink,
  type ShareLinkKind,
  type ShareLinkState,
} from '../../../shared/schemas/share-link';
import { dynamo, tableName } from '../data/client';
import { counterKey, itemKey, typePartition } from '../data/keys';
import { queryAllPages } from '../data/query-page';
import { createRepository, type Stored } from '../data/repository';
import type { TenantContext } from '../data/tenant-context';
import { counterChanges } from '../data/transaction';
import { sendEntityTransaction } from '../data/write-transaction';
import { conflict } from '../http/errors';
import { conditionalUpdate } from '../security/rate-limit';

/**
 * Share links (docs/decisions/0322-share-links-that-expire-for-people-without-an-account.md). Two items, like the
 * API clients' lookup:
 * - the tenant's link `T#<t>#SHARE_LINK` / `SHARE_LINK#<id>`: what it shows, until when, who made it, its uses;
 * - the platform lookup `SHARE_LINK#<sha-256 of the token>` / `LOOKUP` -> tenantId and link id, the only way a
 *   request without a session finds its tenant. The token itself is stored nowhere.
 * The tenant's counter item keeps `live` (links neither revoked nor expired, as far as the writes know) beside
 * `itemCount`, bounded by SHARE_LINKS_PER_TENANT in the create's transaction.
 */
export interface ShareLinkRecord extends Stored {
  kind: ShareLinkKind;
  asset: { id: number; name: string | null } | null;
  client: { id: number; company: string | null } | null;
  language: ShareLink['language'];
  expires_at: string;
  history: { from: string; to: string } | null;
  created_at: string;
  created_by: { id: number; name: string | null };
  revoked_at: string | null;
  /** Hex SHA-256 of the token: how a revoke finds the lookup to delete. */
  token_hash: string;
  /** Moved by the public read outside the version (a staff edit never races them). */
  uses?: number;
  last_used_at?: string | null;
}

export interface ShareLinkLookup {
  tenantId: string;
  linkId: number;
  linkExpiresAt: string;
}

const TYPE = 'SHARE_LINK';
export const shareLinkRepository = createRepository<ShareLinkRecord>({ type: TYPE });
const lookupKey = (hash: string) => ({ pk: `SHARE_LINK#${hash}`, sk: 'LOOKUP' });

/** 32 random bytes (256 bits) as base64url: 43 characters, the shape SHARE_TOKEN_PATTERN accepts. */
export const newShareToken = () => randomBytes(32).toString('base64url');
export const shareTokenHash = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

export const stateOf = (link: ShareLinkRecord, now = Date.now()): ShareLinkState =>
  link.revoked_at ? 'revoked' : Date.parse(link.expires_at) <= now ? 'expired' : 'live';

export async function findShareLinkLookup(hash: string): Promise<ShareLinkLookup | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: lookupKey(hash), ConsistentRead: true }),
  );
  if (!Item) return undefined;
  return { tenantId: String(Item.tenantId), linkId: Number(Item.linkId), linkExpiresAt: String(Item.linkExpiresAt) };
}

const LIVE_BELOW_LIMIT = {
  expression: '(attribute_not_exists(#live) OR #live < :liveLimit)',
  names: { '#live': 'live' },
  values: { ':liveLimit': SHARE_LINKS_PER_TENANT },
};

/** The tenant's links that are live now, counted from the links themselves (read only when the bound is met). */
async function countLiveLinks(ctx: TenantContext): Promise<number> {
  let live = 0;
  for await (const page of queryAllPages({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk',
    FilterExpression: 'attribute_not_exists(revoked_at) OR revoked_at = :null',
    ExpressionAttributeValues: { ':pk': typePartition(ctx, TYPE), ':null': null },
    ProjectionExpression: 'expires_at',
  }))
    live += (page.Items ?? []).filter((item) => Date.parse(String(item.expires_at)) > Date.now()).length;
  return live;
}

/**
 * `live` counts a link until it is revoked; one that expired is only found out when the bound is met: then the
 * live links are counted again and the counter set to that (only if nobody moved it meanwhile), and the
 * create tried once more.
 */
async function recountLive(ctx: TenantContext): Promise<number> {
  const [stored, live] = await Promise.all([
    dynamo().send(new GetCommand({ TableName: tableName(), Key: counterKey(ctx, TYPE), ConsistentRead: true })),
    countLiveLinks(ctx),
  ]);
  await conditionalUpdate(
    new UpdateCommand({
      TableName: tableName(),
      Key: counterKey(ctx, TYPE),
      UpdateExpression: 'SET #live = :live',
      ConditionExpression: '#live = :seen',
      ExpressionAttributeNames: { '#live': 'live' },
      ExpressionAttributeValues: { ':live': live, ':seen': stored.Item?.live ?? 0 },
    }),
  );
  return live;
}

/** Link, lookup and counts in one transaction; beyond the live bound 409. */
export async function createShareLink(
  ctx: TenantContext,
  data: Omit<ShareLinkRecord, 'id' | 'version' | 'token_hash' | 'uses' | 'last_used_at'>,
): Promise<{ record: ShareLinkRecord; token: string }> {
  const token = newShareToken();
  const hash = shareTokenHash(token);
  const id = await shareLinkRepository.nextId(ctx);
  const expiresAtSeconds = Math.ceil(Date.parse(data.expires_at) / 1000);
  const lookup = { ...lookupKey(hash), entityType: 'SHARE_LINK_LOOKUP', tenantId: ctx.tenantId, linkId: id };
  const attempt = () =>
    shareLinkRepository.create(
      ctx,
      { ...data, token_hash: hash, uses: 0, last_used_at: null },
      {
        id,
        counts: { live: 1 },
        counterCondition: LIVE_BELOW_LIMIT,
        alongside: [
          {
            Put: {
              TableName: tableName(),
              // TTL removes the lookup once the link has ended; the read checks the end itself too.
              Item: { ...lookup, linkExpiresAt: data.expires_at, expiresAt: expiresAtSeconds },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
        ],
        cancelled: async () => conflict(SHARE_LINKS_LIMIT_REACHED),
      },
    );
  try {
    return { record: await attempt(), token };
  } catch (error) {
    if ((error as { status?: number }).status !== 409) throw error;
    if ((await recountLive(ctx)) >= SHARE_LINKS_PER_TENANT) throw error;
    return { record: await attempt(), token };
  }
}

/** Revoking ends the link at once: its lookup goes in the same transaction, so the next read finds nothing. */
export async function revokeShareLink(ctx: TenantContext, link: ShareLinkRecord): Promise<ShareLinkRecord> {
  if (link.revoked_at) return link;
  const after = { ...link, revoked_at: new Date().toISOString(), version: link.version + 1 };
  const wasLive = stateOf(link) === 'live';
  await sendEntityTransaction(
    [
      { Update: shareLinkRepository.updateOf(ctx, link, after) },
      { Delete: { TableName: tableName(), Key: lookupKey(link.token_hash) } },
      ...(wasLive ? counterChanges(ctx, TYPE, { live: -1 }) : []),
    ],
    {},
    async () => conflict(),
  );
  return after;
}

/**
 * Counts a use of the link: one UpdateItem, at most once per USE_EVERY_SECONDS, so an open page polling every
 * half minute counts as one use per that time and not per poll.
 */
export const USE_EVERY_SECONDS = 60;
export async function countShareLinkUse(ctx: TenantContext, link: ShareLinkRecord): Promise<void> {
  const now = new Date();
  await conditionalUpdate(
    new UpdateCommand({
      TableName: tableName(),
      Key: itemKey(ctx, TYPE, link.id),
      UpdateExpression: 'ADD uses :one SET last_used_at = :now',
      ConditionExpression:
        'attribute_exists(pk) AND (attribute_not_exists(last_used_at) OR last_used_at = :null OR last_used_at < :cutoff)',
      ExpressionAttributeValues: {
        ':one': 1,
        ':now': now.toISOString(),
        ':null': null,
        ':cutoff': new Date(now.getTime() - USE_EVERY_SECONDS * 1000).toISOString(),
      },
    }),
  );
}
