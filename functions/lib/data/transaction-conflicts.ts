import type {
  InitializeHandler,
  InitializeHandlerArguments,
  InitializeMiddleware,
  MetadataBearer,
} from '@smithy/types';

/**
 * DynamoDB cancels a transaction that touches an item another transaction is writing at the same moment
 * (CancellationReasons `TransactionConflict`), and the SDK does not retry it. Here that happens on shared
 * items: the per-type counters every create updates, a search catalogue shard holding 1,000 assets' entries.
 * Two users saving different assets must both succeed (a 409 is only for a stale version of the same item),
 * so a transaction cancelled by conflicts alone is sent again after a short jittered wait. A cancellation
 * with any failed condition is the caller's answer and is passed on at once.
 */
export const MAX_CONFLICT_RETRIES = 6;

interface Cancellation {
  name?: string;
  CancellationReasons?: { Code?: string }[];
}

export function cancelledByConflictOnly(error: unknown): boolean {
  const cancellation = error as Cancellation;
  if (cancellation?.name !== 'TransactionCanceledException') return false;
  const codes = (cancellation.CancellationReasons ?? []).map((reason) => reason.Code ?? 'None');
  return (
    codes.includes('TransactionConflict') && codes.every((code) => code === 'None' || code === 'TransactionConflict')
  );
}

/** 20 ms, 40 ms, 80 ms … with full jitter, so the writers that collided do not collide again in step. */
const backoffMs = (attempt: number) => Math.random() * 20 * 2 ** attempt;

export function retryTransactionConflicts(
  wait: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): InitializeMiddleware<object, MetadataBearer> {
  return (next: InitializeHandler<object, MetadataBearer>, context) =>
    async (args: InitializeHandlerArguments<object>) => {
      if (context.commandName !== 'TransactWriteItemsCommand') return next(args);
      for (let attempt = 0; ; attempt++) {
        try {
          return await next(args);
        } catch (error) {
          if (attempt >= MAX_CONFLICT_RETRIES || !cancelledByConflictOnly(error)) throw error;
          await wait(backoffMs(attempt));
        }
      }
    };
}
