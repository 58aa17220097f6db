import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { DYNAMODB_ITEM_MAX_BYTES, itemSize } from '../../functions/lib/data/item-size';

/**
 * DynamoDB limits dynalite does not hold as AWS does (docs/aws-parity.md); the transaction front
 * (dynamo-transactions.ts) checks them on every write:
 *  - an item is at most 400 KB counted in UTF-8 bytes (dynalite counts UTF-16 characters, so "漢" x 200,000 =
 *    600 KB passes there; AWS refuses it);
 *  - a TransactWriteItems holds at most 100 actions (dynalite has no transactions; the front had no bound).
 * The messages are AWS's own, so code that reads them behaves the same.
 */
export const MAX_TRANSACTION_ITEMS = 100;
export const PUT_TOO_LARGE = 'Item size has exceeded the maximum allowed size';
export const UPDATE_TOO_LARGE = 'Item size to update has exceeded the maximum allowed size';

type Item = Record<string, AttributeValue>;
export interface FrontAnswer {
  status: number;
  body: object;
}

export const validationError = (message: string): FrontAnswer => ({
  status: 400,
  body: { __type: 'com.amazon.coral.validate#ValidationException', message },
});

export const tooLarge = (item: Item | undefined) => !!item && itemSize(item) > DYNAMODB_ITEM_MAX_BYTES;

/** PutItem's item, or any put of a BatchWriteItem, over 400 KB: AWS refuses the whole request. */
// biome-ignore lint/suspicious/noExplicitAny: raw DynamoDB JSON of the request
export function oversizedPut(target: string, body: any): FrontAnswer | undefined {
  if (target === 'PutItem' && tooLarge(body.Item)) return validationError(PUT_TOO_LARGE);
  if (target !== 'BatchWriteItem') return undefined;
  const requests = Object.values(body.RequestItems ?? {}).flat() as { PutRequest?: { Item: Item } }[];
  return requests.some((r) => tooLarge(r.PutRequest?.Item)) ? validationError(PUT_TOO_LARGE) : undefined;
}

/** AWS's answer to a TransactWriteItems of more than 100 actions, before anything is applied. */
export function tooManyActions(count: number): FrontAnswer | undefined {
  if (count <= MAX_TRANSACTION_ITEMS) return undefined;
  return validationError(
    "1 validation error detected: Value at 'transactItems' failed to satisfy constraint: " +
      `Member must have length less than or equal to ${MAX_TRANSACTION_ITEMS}`,
  );
}

/**
 * AWS's answer to a TransactWriteItems that acts twice on one item (a counter updated by two of its actions, say),
 * before anything is applied: dynalite would apply both.
 */
export function repeatedItem(keys: readonly string[]): FrontAnswer | undefined {
  if (new Set(keys).size === keys.length) return undefined;
  return validationError('Transaction request cannot include multiple operations on one item');
}

/**
 * A cancelled transaction: the failing action carries its reason, every other one 'None' (as DynamoDB answers
 * an item-size refusal inside a transaction: TransactionCanceledException with a ValidationError reason).
 */
export function cancelled(count: number, index: number, reason: { Code: string; Message: string; Item?: Item }) {
  const reasons = Array.from({ length: count }, (_, i) => (i === index ? reason : { Code: 'None' }));
  return {
    status: 400,
    body: {
      __type: 'com.amazonaws.dynamodb.v20120810#TransactionCanceledException',
      message: `Transaction cancelled, please refer cancellation reasons for specific reasons [${reasons.map((r) => r.Code).join(', ')}]`,
      CancellationReasons: reasons,
    },
  };
}
