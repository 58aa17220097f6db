import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { AuditEntry } from '../../../shared/schemas/audit-entry';
import { ACCESS_PATTERNS } from '../../../shared/table';
import { dynamo, tableName } from '../data/client';
import { tenantPrefix } from '../data/keys';
import type { PageQuery } from '../data/query-page';
import type { TenantContext } from '../data/tenant-context';
import { expiresAfterDays, retentionOf } from '../settings/retention-settings';

/**
 * The audit log of a tenant (docs/data-model.md "Audit log"): one item per change, in one partition by time,
 * and findable by entity (gsi1) and by actor (gsi2). Append-only: written here once per request id, never updated;
 * removed by DynamoDB's TTL after the retention.
 *  - table  pk T#<t>#AUDIT, sk <at>#<requestId>
 *  - gsi1   auditByEntity: T#<t>#AUDIT_ENTITY#<type>#<id> / <at>#<requestId>
 *  - gsi2   auditByActor:  T#<t>#AUDIT_ACTOR#<kind>#<id> / <at>#<requestId>
 */
export const AUDIT_ENTITY_TYPE = 'AUDIT_ENTRY';
export const auditPartition = (ctx: TenantContext) => `${tenantPrefix(ctx)}AUDIT`;
export const auditEntityPartition = (ctx: TenantContext, type: string, id: string) =>
  `${tenantPrefix(ctx)}AUDIT_ENTITY#${type}#${id}`;
export const auditActorPartition = (ctx: TenantContext, kind: string, id: string) =>
  `${tenantPrefix(ctx)}AUDIT_ACTOR#${kind}#${id}`;

export function auditItemOf(ctx: TenantContext, entry: AuditEntry, retentionDays: number) {
  return {
    ...entry,
    pk: auditPartition(ctx),
    sk: entry.id,
    ...(entry.entity
      ? { gsi1pk: auditEntityPartition(ctx, entry.entity.type, entry.entity.id), gsi1sk: entry.id }
      : {}),
    gsi2pk: auditActorPartition(ctx, entry.actor.kind, entry.actor.id),
    gsi2sk: entry.id,
    entityType: AUDIT_ENTITY_TYPE,
    tenantId: ctx.tenantId,
    expiresAt: expiresAfterDays(entry.at, retentionDays),
  };
}

/**
 * Writes the entry once: a request delivered again (its id and arrival time are the same) finds its entry
 * there and writes nothing.
 */
export async function recordAuditEntry(ctx: TenantContext, entry: AuditEntry): Promise<void> {
  try {
    await dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: auditItemOf(ctx, entry, (await retentionOf(ctx)).auditEntryDays),
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}

export interface AuditFilter {
  /** ISO instants, both inclusive. */
  after?: string;
  before?: string;
  action?: string;
  /** `<kind>:<id>`, e.g. user:12 or apiCredential:abc. */
  actor?: string;
  entity?: { type: string; id: string };
}

const AFTER_ALL = '2000-01-01T00:00:00.000Z';
const BEFORE_ALL = '2100-01-01T00:00:00.000Z~';

/** Newest first: the entity's or the actor's index when one is named, else the tenant's partition. */
export function auditQuery(ctx: TenantContext, filter: AuditFilter): PageQuery {
  const [kind, ...rest] = (filter.actor ?? '').split(':');
  const actorId = rest.join(':');
  const key = filter.entity
    ? { index: ACCESS_PATTERNS.auditByEntity, pk: 'gsi1pk', sk: 'gsi1sk' }
    : filter.actor
      ? { index: ACCESS_PATTERNS.auditByActor, pk: 'gsi2pk', sk: 'gsi2sk' }
      : { index: undefined, pk: 'pk', sk: 'sk' };
  const partition = filter.entity
    ? auditEntityPartition(ctx, filter.entity.type, filter.entity.id)
    : filter.actor
      ? auditActorPartition(ctx, kind ?? '', actorId)
      : auditPartition(ctx);
  const narrowed = [
    ...(filter.action ? ['#action = :action'] : []),
    ...(filter.entity && filter.actor ? ['gsi2pk = :actor'] : []),
  ];
  return {
    TableName: tableName(),
    ...(key.index ? { IndexName: key.index } : {}),
    KeyConditionExpression: `${key.pk} = :pk AND ${key.sk} BETWEEN :from AND :to`,
    ...(narrowed.length > 0 ? { FilterExpression: narrowed.join(' AND ') } : {}),
    ...(filter.action ? { ExpressionAttributeNames: { '#action': 'action' } } : {}),
    ExpressionAttributeValues: {
      ':pk': partition,
      ':from': filter.after ?? AFTER_ALL,
      ':to': filter.before ? `${filter.before}~` : BEFORE_ALL,
      ...(filter.action ? { ':action': filter.action } : {}),
      ...(filter.entity && filter.actor ? { ':actor': auditActorPartition(ctx, kind ?? '', actorId) } : {}),
    },
    ScanIndexForward: false,
  };
}
