import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../data/client';
import { TRANSACTION_MAX_ITEMS, type TransactItem } from '../data/transaction';
import type { GramWrites } from './gram-index';

/**
 * Writes an item's transaction together with its index changes (docs/data-model.md, "Search index"). When
 * both fit one TransactWriteItems (100 actions), they are one transaction: the index changes exactly with the
 * item. When they do not (long texts, an asset renamed with many tags), the index stays a superset of the
 * truth, never missing an id: the adds go first (an id found early is verified away by the search), then the
 * item's transaction, then the removals, each batch conditioned on the item still being as written (its
 * version or its absence), so a removal never undoes a later save's add. A removal skipped that way, or lost
 * in a crash, leaves an id the search verifies away; `npm run repair:search` drops it.
 */
const CONCURRENCY = 8;

export async function sendWithGrams(
  items: TransactItem[],
  grams: GramWrites,
  send: (items: TransactItem[]) => Promise<void>,
): Promise<void> {
  // Several items' changes may touch one posting (two tags joining an asset, one leaving while another joins):
  // a transaction may name an item once, so the adds and the removals are each merged per posting. A posting
  // one item gains and another loses cannot take both in one action: its removals follow the transaction,
  // guarded like the phased path's, so the index stays a superset meanwhile.
  const adds = coalesce(grams.adds);
  const added = new Set(adds.map(keyOf));
  const inline = coalesce(grams.removals.flatMap((removal) => removal.actions).filter((a) => !added.has(keyOf(a))));
  const after = grams.removals
    .map(({ guard, actions }) => ({ guard, actions: actions.filter((a) => added.has(keyOf(a))) }))
    .filter((removal) => removal.actions.length > 0);
  const all = [...items, ...adds, ...inline];
  const keys = all.map(keyOf);
  if (new Set(keys).size === keys.length && all.length <= TRANSACTION_MAX_ITEMS) {
    await send(all);
    await removeGuarded({ adds: [], removals: after }, send);
    return;
  }
  await inParallel(adds, (add) => dynamo().send(new UpdateCommand(add.Update as never)));
  await send(items);
  await removeGuarded(grams, send);
}

/** Removals in transactions of the guard and up to 99 actions; a failed guard skips the rest of that item's. */
async function removeGuarded(grams: GramWrites, send: (items: TransactItem[]) => Promise<void>) {
  for (const { guard, actions } of grams.removals) {
    for (let start = 0; start < actions.length; start += TRANSACTION_MAX_ITEMS - 1) {
      try {
        await send([guard, ...actions.slice(start, start + TRANSACTION_MAX_ITEMS - 1)]);
      } catch (error) {
        if (isCancellation(error)) break;
        throw error;
      }
    }
  }
}

/** The caller's `send` may translate a cancellation (into a 409): both mean "the item moved on". */
const isCancellation = (error: unknown) =>
  error instanceof TransactionCanceledException || (error as { status?: number })?.status === 409;

async function inParallel<T>(items: readonly T[], run: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await run(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, items.length) }, worker));
}

const keyOf = (item: TransactItem) => {
  const operation = item.Update ?? item.Put ?? item.Delete ?? item.ConditionCheck;
  const key = (operation as { Key?: Record<string, unknown> } | undefined)?.Key ?? (item.Put?.Item as object);
  return JSON.stringify([(key as Record<string, unknown>)?.pk, (key as Record<string, unknown>)?.sk]);
};

/** Posting updates of one verb merged per posting: one action whose set holds every offset. */
function coalesce(actions: readonly TransactItem[]): TransactItem[] {
  const byKey = new Map<string, TransactItem>();
  for (const action of actions) {
    const key = keyOf(action);
    const seen = byKey.get(key);
    if (!seen?.Update || !action.Update) {
      byKey.set(key, action);
      continue;
    }
    const offsetsOf = (update: { ExpressionAttributeValues?: Record<string, unknown> }) =>
      (update.ExpressionAttributeValues?.[':offset'] as Set<number> | undefined) ?? [];
    const offsets = new Set([...offsetsOf(seen.Update), ...offsetsOf(action.Update)]);
    byKey.set(key, { Update: { ...seen.Update, ExpressionAttributeValues: { ':offset': offsets } } });
  }
  return [...byKey.values()];
}
