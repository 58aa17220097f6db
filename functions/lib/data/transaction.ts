import type { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import type { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from './client';
import { counterKey } from './keys';
import type { TenantContext } from './tenant-context';

/** One action of a TransactWriteItems, as the document client takes it. */
export type TransactItem = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>[number];

/** DynamoDB's bound on the actions of one TransactWriteItems. */
export const TRANSACTION_MAX_ITEMS = 100;

/** "Still there at the version read", for a Put, Update or Delete of a versioned item. */
export const versioned = (expected: number) => ({
  ConditionExpression: 'attribute_exists(pk) AND #version = :expected',
  ExpressionAttributeNames: { '#version': 'version' },
  ExpressionAttributeValues: { ':expected': expected },
});

/** A condition to AND onto a write's own (its names and values beside the write's). */
export interface Condition {
  expression: string;
  names: Record<string, string>;
  values: Record<string, unknown>;
}

/** An Update, Put or Delete with `condition` ANDed to its own. */
export function withCondition<
  T extends {
    ConditionExpression?: string;
    ExpressionAttributeNames?: Record<string, string>;
    ExpressionAttributeValues?: Record<string, unknown>;
  },
>(write: T, condition: Condition | undefined): T {
  if (!condition?.expression) return write;
  const names = { ...write.ExpressionAttributeNames, ...condition.names };
  return {
    ...write,
    ConditionExpression: write.ConditionExpression
      ? `${write.ConditionExpression} AND ${condition.expression}`
      : condition.expression,
    ...(Object.keys(names).length > 0 ? { ExpressionAttributeNames: names } : {}),
    ExpressionAttributeValues:
      Object.keys(condition.values).length > 0 || write.ExpressionAttributeValues
        ? { ...write.ExpressionAttributeValues, ...condition.values }
        : undefined,
  };
}

/**
 * The ADD on a tenant's counter item `T#<t>#COUNTER` / `<type>` (docs/data-model.md "Counter"): `itemCount` and
 * whatever else the type counts there (the device list's flag counts, the zone version). Undefined when nothing
 * moves, so a write that changes no count adds no action. `condition` bounds the count (at most N endpoints).
 */
export function counterChange(
  ctx: TenantContext,
  type: string,
  adds: Readonly<Record<string, number | undefined>>,
  condition?: Condition,
): TransactItem | undefined {
  const moves = Object.entries(adds).filter((move): move is [string, number] => move[1] !== undefined && move[1] !== 0);
  if (moves.length === 0) return undefined;
  const update = {
    TableName: tableName(),
    Key: counterKey(ctx, type),
    UpdateExpression: `ADD ${moves.map((_, i) => `#c${i} :c${i}`).join(', ')}`,
    ExpressionAttributeNames: Object.fromEntries(moves.map(([name], i) => [`#c${i}`, name])),
    ExpressionAttributeValues: Object.fromEntries(moves.map(([, by], i) => [`:c${i}`, by])),
  };
  return { Update: withCondition(update, condition) };
}

/** The same as a list to spread into TransactItems (empty when nothing moves). */
export const counterChanges = (...args: Parameters<typeof counterChange>): TransactItem[] => {
  const change = counterChange(...args);
  return change ? [change] : [];
};

/** The items of a cancelled transaction whose own condition failed (CancellationReasons are by position). */
export const failedItems = (error: TransactionCanceledException, items: readonly TransactItem[]): TransactItem[] =>
  (error.CancellationReasons ?? []).flatMap((reason, i) =>
    reason.Code === 'ConditionalCheckFailed' && items[i] ? [items[i]] : [],
  );
