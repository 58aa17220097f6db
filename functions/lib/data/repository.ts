import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { type IndexName, keyAttributes, TABLE } from '../../../shared/table';
import { noteCreated, noteRemoved, noteUpdated } from '../audit/change-notes';
import { conflict, notFound } from '../http/errors';
import { dynamo, tableName } from './client';
import { entityUpdate } from './entity-update';
import { hydratePage, tableKeyOf } from './hydrate';
import { counterKey, itemKey, tenantPrefix, typePartition } from './keys';
import { queryPage } from './query-page';
import type { TenantContext } from './tenant-context';
import { counterChanges, versioned, withCondition } from './transaction';
import { sendEntityTransaction, type TransactionExtras } from './write-transaction';

/** Attributes every stored entity has; `version` drives optimistic concurrency. */
export interface Stored {
  id: number;
  version: number;
}

type IndexKeys = Partial<Record<`${IndexName}pk` | `${IndexName}sk`, string>>;

export interface EntityModel<T extends Stored> {
  /** Upper-case type name used in keys ("ASSET"). */
  type: string;
  /** Index keys for the access patterns of this entity (docs/data-model.md), computed from the item. */
  indexKeys?: (ctx: TenantContext, item: T) => IndexKeys;
}

export interface PageRequest {
  page: number;
  itemsPerPage: number;
  /** Query an index instead of the table's id order. */
  index?: { name: IndexName; partition: string };
  ascending?: boolean;
}

export interface PageResult<T> {
  items: T[];
  /** Items DynamoDB read to answer (what a request costs; reported by the benchmark). */
  itemsRead: number;
}

/**
 * Storage-only attributes of every item. The discriminator is `entityType` (not `type`), so entities with a
 * real `type` field (alarm rules, asset profiles, events) store it as is.
 */
const KEY_ATTRIBUTES = new Set([...keyAttributes(), 'entityType', 'tenantId', 'expiresAt']);

const projectsAll = (index: IndexName) =>
  TABLE.indexes.find((candidate) => candidate.name === index)?.projection === 'ALL';

/** Stored item -> entity: key attributes are storage, never API. */
export function fromItem<T>(item: Record<string, unknown>): T {
  return Object.fromEntries(Object.entries(item).filter(([key]) => !KEY_ATTRIBUTES.has(key))) as T;
}

export function createRepository<T extends Stored>(model: EntityModel<T>) {
  const toItem = (ctx: TenantContext, entity: T) => ({
    ...entity,
    ...itemKey(ctx, model.type, entity.id),
    ...model.indexKeys?.(ctx, entity),
    entityType: model.type,
    tenantId: ctx.tenantId,
  });

  async function get(ctx: TenantContext, id: number): Promise<T | undefined> {
    // Ids are positive integers: any other number (a list filter's `id=-1`) names no item, it is not a fault.
    if (!Number.isInteger(id) || id < 0) return undefined;
    const result = await dynamo().send(new GetCommand({ TableName: tableName(), Key: itemKey(ctx, model.type, id) }));
    return result.Item ? fromItem<T>(result.Item) : undefined;
  }

  async function getOrThrow(ctx: TenantContext, id: number): Promise<T> {
    const entity = await get(ctx, id);
    if (!entity) throw notFound();
    return entity;
  }

  /**
   * Allocates the next numeric id of this type in the tenant (atomic counter), or `count` consecutive ones in one
   * update and answers the first (ids unused after a failure are skipped).
   */
  async function nextId(ctx: TenantContext, count = 1): Promise<number> {
    const result = await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: counterKey(ctx, model.type),
        UpdateExpression: 'ADD lastId :count',
        ExpressionAttributeValues: { ':count': count },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    return Number(result.Attributes?.lastId) - count + 1;
  }

  /**
   * The Put of a new entity for a caller's own transaction (never over an existing item). The creation is noted
   * for the request's audit entry (audit/change-notes.ts).
   */
  const putNew = (ctx: TenantContext, entity: T) => {
    noteCreated(model.type, entity.id, entity as unknown as Record<string, unknown>);
    return {
      Put: { TableName: tableName(), Item: toItem(ctx, entity), ConditionExpression: 'attribute_not_exists(pk)' },
    };
  };

  /**
   * Writes the item and counts it in one transaction, so the count never drifts from the items; `extras` go in
   * the same transaction (a claim, a lookup, links). `id` is for callers that had to allocate it first (a
   * Cognito user carries its record's id, a secret is bound to it). A cancellation is passed on unless
   * `extras.cancelled` names its answer.
   */
  async function create(
    ctx: TenantContext,
    data: Omit<T, 'id' | 'version'>,
    { id, ...extras }: { id?: number } & TransactionExtras = {},
  ): Promise<T> {
    const entity = { ...data, id: id ?? (await nextId(ctx)), version: 1 } as T;
    const counter = counterChanges(ctx, model.type, { ...extras.counts, itemCount: 1 }, extras.counterCondition);
    await sendEntityTransaction([putNew(ctx, entity), ...counter, ...(extras.alongside ?? [])], extras);
    return entity;
  }

  /**
   * The UpdateItem writing only what `after` changed of `before` (entity-update.ts), at before.version. The
   * change is noted for the request's audit entry.
   */
  const updateOf = (ctx: TenantContext, before: T, after: T) => {
    noteUpdated(
      model.type,
      after.id,
      before as unknown as Record<string, unknown>,
      after as unknown as Record<string, unknown>,
    );
    return entityUpdate(ctx, model.type, before, after, model.indexKeys as never);
  };

  /**
   * Changes an entity if nobody changed it since `expectedVersion` was read: a stale version answers 409
   * and writes nothing. The condition is checked by DynamoDB, so two concurrent writers cannot both win. Only
   * the attributes the change sets are written, so other writers' attributes (moved without the version) stay.
   */
  async function update(
    ctx: TenantContext,
    id: number,
    expectedVersion: number,
    change: (current: T) => Omit<T, 'id' | 'version'>,
  ): Promise<T> {
    const current = await getOrThrow(ctx, id);
    if (current.version !== expectedVersion) throw conflict();
    const next = { ...change(current), id, version: expectedVersion + 1 } as T;
    try {
      await dynamo().send(new UpdateCommand(updateOf(ctx, current, next)));
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) throw conflict();
      throw error;
    }
    return next;
  }

  /**
   * Deletes and uncounts in one transaction with `extras` (a claim freed, a lookup, links); a given stale
   * version answers 409, an item gone 404, unless `extras.cancelled` names the answer.
   */
  async function remove(
    ctx: TenantContext,
    id: number,
    expectedVersion?: number,
    extras: TransactionExtras = {},
  ): Promise<void> {
    noteRemoved(model.type, id);
    const condition =
      expectedVersion === undefined ? { ConditionExpression: 'attribute_exists(pk)' } : versioned(expectedVersion);
    const item = { TableName: tableName(), Key: itemKey(ctx, model.type, id), ...condition };
    const counter = counterChanges(ctx, model.type, { ...extras.counts, itemCount: -1 }, extras.counterCondition);
    const items = [{ Delete: withCondition(item, extras.condition) }, ...counter, ...(extras.alongside ?? [])];
    await sendEntityTransaction(items, extras, async () =>
      expectedVersion !== undefined && (await get(ctx, id)) ? conflict() : notFound(),
    );
  }

  async function count(ctx: TenantContext): Promise<number> {
    const result = await dynamo().send(new GetCommand({ TableName: tableName(), Key: counterKey(ctx, model.type) }));
    return Number(result.Item?.itemCount ?? 0);
  }

  /**
   * One page in id order (or an index's order). DynamoDB has no offset, so page N reads the N-1 pages before
   * it; lists that must be fast deep into their pages use their own index design (docs/data-model.md). An
   * index that does not project ALL gives the page's keys, and the items are fetched by key.
   */
  async function page(ctx: TenantContext, request: PageRequest): Promise<PageResult<T>> {
    // An index partition built from anything but this tenant's prefix would read another tenant's items.
    if (request.index && !request.index.partition.startsWith(tenantPrefix(ctx)))
      throw new Error(`Index partition ${request.index.partition} is outside tenant ${ctx.tenantId}`);
    const { items, itemsRead } = await queryPage(
      {
        TableName: tableName(),
        ...(request.index
          ? {
              IndexName: request.index.name,
              KeyConditionExpression: '#pk = :pk',
              ExpressionAttributeNames: { '#pk': `${request.index.name}pk` },
              ExpressionAttributeValues: { ':pk': request.index.partition },
            }
          : {
              KeyConditionExpression: 'pk = :pk',
              ExpressionAttributeValues: { ':pk': typePartition(ctx, model.type) },
            }),
        ScanIndexForward: request.ascending ?? true,
      },
      request.page,
      request.itemsPerPage,
    );
    if (!request.index || projectsAll(request.index.name))
      return { items: items.map((item) => fromItem<T>(item)), itemsRead };
    // The index holds part of each item: the page's items by key, one BatchGetItem (data/hydrate.ts).
    const full = await hydratePage(ctx, items.map(tableKeyOf));
    return { items: full.map((item) => fromItem<T>(item)), itemsRead: itemsRead + full.length };
  }

  return { model, toItem, putNew, updateOf, get, getOrThrow, nextId, create, update, remove, count, page };
}

export type Repository<T extends Stored> = ReturnType<typeof createRepository<T>>;
