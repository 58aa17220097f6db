import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { type GramWrites, NO_GRAM_WRITES } from '../search/gram-index';
import { sendWithGrams } from '../search/gram-writes';
import { dynamo } from './client';
import { type Condition, failedItems, TRANSACTION_MAX_ITEMS, type TransactItem } from './transaction';

/**
 * What an entity's create or remove (repository.ts) writes beside the item and its count, in the same
 * transaction, so that a claim, a lookup or a link never exists without its entity nor outlives it.
 */
export interface TransactionExtras {
  /** Items of the same transaction: claims, lookups, links, other entities' counts. */
  alongside?: TransactItem[];
  /** More ADDs on the type's counter item beside `itemCount` (the device flag counts, the zone version). */
  counts?: Readonly<Record<string, number | undefined>>;
  /** ANDed to the counter's ADD: a bound on how many there may be. */
  counterCondition?: Condition;
  /** ANDed to the item's own condition (a remove: nothing uses it any more). */
  condition?: Condition;
  /** Search index changes, in the same transaction when they fit (search/gram-writes.ts). */
  grams?: GramWrites;
  /** The answer to a cancelled transaction, given the items whose own condition failed. */
  cancelled?: (failed: TransactItem[]) => Error | Promise<Error>;
}

// By name too: an exception rebuilt outside this module's copy of the SDK (the local transaction front) is no instance.
const isCancellation = (error: unknown): error is TransactionCanceledException =>
  error instanceof TransactionCanceledException ||
  (error as Error | undefined)?.name === 'TransactionCanceledException';

/**
 * Sends one entity write's transaction. A cancellation becomes `extras.cancelled`'s answer, else `otherwise`'s
 * (the create and the remove each have their own). More items than DynamoDB takes is a programming error: a
 * writer that may hold more splits its work first (assets/asset-device-links.ts).
 */
export async function sendEntityTransaction(
  items: TransactItem[],
  extras: TransactionExtras,
  otherwise: (error: TransactionCanceledException) => Promise<Error> = async (error) => error,
): Promise<void> {
  if (items.length > TRANSACTION_MAX_ITEMS)
    throw new Error(`A transaction holds at most ${TRANSACTION_MAX_ITEMS} items, not ${items.length}`);
  try {
    await sendWithGrams(items, extras.grams ?? NO_GRAM_WRITES, async (all) => {
      await dynamo().send(new TransactWriteCommand({ TransactItems: all }));
    });
  } catch (error) {
    if (!isCancellation(error)) throw error;
    throw extras.cancelled ? await extras.cancelled(failedItems(error, items)) : await otherwise(error);
  }
}
