import type { HandlerExecutionContext, InitializeHandler, MetadataBearer } from '@smithy/types';
import {
  cancelledByConflictOnly,
  MAX_CONFLICT_RETRIES,
  retryTransactionConflicts,
} from '../../functions/lib/data/transaction-conflicts';

/** Transactions cancelled by a concurrent writer of a shared item are sent again; failed conditions are not. */
const cancelled = (...codes: string[]) =>
  Object.assign(new Error('cancelled'), {
    name: 'TransactionCanceledException',
    CancellationReasons: codes.map((Code) => ({ Code })),
  });

function handlerFailing(errors: Error[]) {
  let calls = 0;
  const next: InitializeHandler<object, MetadataBearer> = async () => {
    const error = errors[calls++];
    if (error) throw error;
    return { output: { $metadata: {} }, response: {} };
  };
  return { next, calls: () => calls };
}

const run = (commandName: string, errors: Error[]) => {
  const waits: number[] = [];
  const handler = handlerFailing(errors);
  const middleware = retryTransactionConflicts(async (ms) => void waits.push(ms));
  const context = { commandName } as HandlerExecutionContext;
  return { result: middleware(handler.next, context)({ input: {} }), calls: handler.calls, waits };
};

describe('transaction conflict retries', () => {
  it('tells a conflict-only cancellation from a failed condition', () => {
    expect(cancelledByConflictOnly(cancelled('None', 'TransactionConflict'))).toBe(true);
    expect(cancelledByConflictOnly(cancelled('ConditionalCheckFailed', 'TransactionConflict'))).toBe(false);
    expect(cancelledByConflictOnly(cancelled('None', 'ConditionalCheckFailed'))).toBe(false);
    expect(cancelledByConflictOnly(new Error('network'))).toBe(false);
  });

  it('sends a transaction again after conflicts until it goes through, waiting between tries', async () => {
    const { result, calls, waits } = run('TransactWriteItemsCommand', [
      cancelled('TransactionConflict'),
      cancelled('None', 'TransactionConflict'),
    ]);
    await expect(result).resolves.toBeDefined();
    expect(calls()).toBe(3);
    expect(waits).toHaveLength(2);
  });

  it('passes a failed condition on at once, and gives up after the last retry', async () => {
    const condition = run('TransactWriteItemsCommand', [cancelled('ConditionalCheckFailed', 'TransactionConflict')]);
    await expect(condition.result).rejects.toThrow('cancelled');
    expect(condition.calls()).toBe(1);
    const always = Array.from({ length: MAX_CONFLICT_RETRIES + 5 }, () => cancelled('TransactionConflict'));
    const endless = run('TransactWriteItemsCommand', always);
    await expect(endless.result).rejects.toThrow('cancelled');
    expect(endless.calls()).toBe(MAX_CONFLICT_RETRIES + 1);
  });

  it('leaves other commands alone', async () => {
    const other = run('PutItemCommand', [cancelled('TransactionConflict')]);
    await expect(other.result).rejects.toThrow('cancelled');
    expect(other.calls()).toBe(1);
  });
});
