import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../data/client';
import { itemKey } from '../data/keys';
import type { TenantContext } from '../data/tenant-context';
import { type ConnectivityAttributes, connectivityAt, crossedAt, dueSortKey } from './connectivity';
import { counterWrites, type DeviceFlags, flagDelta, sumDeltas } from './device-flag-counts';

/**
 * The silent-tag job's state moves (silent-tags.ts) with the device list's connectivity counts (issue 19,
 * device-flag-counts.ts): a slice of due devices moves in one transaction with one counter update, so the
 * counts move exactly with the states and the counter item takes one write per slice, not one per device.
 * Each move is conditioned on nothing heard since the entry was read (`heard_at`, the due key and the state):
 * an uplink in between wins; its move is dropped and the rest of the slice written again.
 */
export type DueEntry = ConnectivityAttributes & { id: number; gsi7sk: string };

export interface Move {
  entry: DueEntry;
  state: 'late' | 'silent';
}

/** The move a due entry needs at `now` (none when it is not due or already silent). */
export function moveOf(entry: DueEntry, now: Date): Move | undefined {
  const state = connectivityAt(entry, now);
  if (state !== 'late' && state !== 'silent') return undefined;
  if (entry.connectivity === state) return undefined;
  return { entry, state };
}

const ATTEMPTS = 5;

const flags = (connectivity: DeviceFlags['connectivity']): DeviceFlags => ({
  asset: false,
  batteryLow: false,
  sabotaged: false,
  connectivity,
});

function moveItem(ctx: TenantContext, { entry, state }: Move) {
  const late = state === 'late';
  return {
    Update: {
      TableName: tableName(),
      Key: itemKey(ctx, 'DEVICE', entry.id),
      // Late: due again when it turns silent. Silent: the entry stays until the alarm is out (leaveIndex).
      UpdateExpression: `SET connectivity = :state, connectivity_since = :since${late ? ', gsi7sk = :next' : ''}`,
      ConditionExpression: 'attribute_exists(pk) AND heard_at = :heard AND gsi7sk = :seen AND connectivity = :was',
      ExpressionAttributeValues: {
        ':state': state,
        ':since': crossedAt(entry, state),
        ':heard': entry.heard_at,
        ':seen': entry.gsi7sk,
        ':was': entry.connectivity ?? 'never',
        ...(late ? { ':next': dueSortKey(entry.silent_at as string, entry.id) } : {}),
      },
    },
  };
}

/** Moves what it can of `moves`; answers the ids moved. */
export async function moveDevices(ctx: TenantContext, moves: readonly Move[]): Promise<Set<number>> {
  let pending = [...moves];
  for (let attempt = 0; attempt < ATTEMPTS && pending.length > 0; attempt++) {
    const delta = sumDeltas(
      pending.map(({ entry, state }) => flagDelta(flags(entry.connectivity ?? 'never'), flags(state))),
    );
    try {
      await dynamo().send(
        new TransactWriteCommand({
          TransactItems: [...pending.map((move) => moveItem(ctx, move)), ...counterWrites(ctx, delta)],
        }),
      );
      return new Set(pending.map((move) => move.entry.id));
    } catch (error) {
      if (!(error instanceof TransactionCanceledException)) throw error;
      const reasons = error.CancellationReasons ?? [];
      const lost = new Set(
        pending.filter((_, i) => reasons[i]?.Code === 'ConditionalCheckFailed').map((move) => move.entry.id),
      );
      // Lost to an uplink: those stay as the uplink left them. Otherwise another writer held the counter item.
      if (lost.size > 0) pending = pending.filter((move) => !lost.has(move.entry.id));
      else await new Promise((resolve) => setTimeout(resolve, 20 * 2 ** attempt * Math.random()));
    }
  }
  // Not moved this run (the counter stayed busy): the entries stay due and the next run moves them.
  return new Set();
}
