import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../data/client';
import { itemKey } from '../data/keys';
import type { TenantContext } from '../data/tenant-context';
import {
  type ConnectivityAttributes,
  connectivityAt,
  crossedAt,
  DUE_INDEX,
  type DueKey,
  dueIndexKeys,
  dueSortKey,
  nextDueAt,
} from './connectivity';
import { counterWrites, type DeviceFlags, flagDelta, sumDeltas } from './device-flag-counts';
import { connectivityIndexKeys } from './device-repository';

/**
 * The silent-tag job's state moves (silent-tags.ts) with the device list's connectivity counts
 * (device-flag-counts.ts): a slice of due devices moves in one transaction with one counter update, so the
 * counts move exactly with the states and the counter item takes one write per slice, not one per device.
 * Each move is conditioned on nothing heard since the device was read (`heard_at`, the due key and the state):
 * an uplink in between wins; its move is dropped and the rest of the slice written again. A device whose key
 * was early (an uplink left it still, connectivity.ts dueEntryStays) is keyed again at its due time: the same
 * kind of move, to the state it already has, which moves no count.
 */
export type DueEntry = ConnectivityAttributes & { id: number; dueKey: DueKey };

export interface Move {
  entry: DueEntry;
  state: 'online' | 'late' | 'silent';
}

/** The move a due entry needs at `now`: a new state, a key at the real due time, or none (silent stays). */
export function moveOf(entry: DueEntry, now: Date): Move | undefined {
  const state = connectivityAt(entry, now);
  if (state === 'never') return undefined;
  if (entry.connectivity !== state) return state === 'online' ? undefined : { entry, state };
  // Same state: only an early key moves, to the real due time.
  const due = nextDueAt(entry);
  if (!due) return undefined;
  return dueSortKey(due, entry.id) !== entry.dueKey.sortKey ? { entry, state } : undefined;
}

const ATTEMPTS = 5;

const flags = (connectivity: DeviceFlags['connectivity']): DeviceFlags => ({
  asset: false,
  batteryLow: false,
  sabotaged: false,
  connectivity,
});

function moveItem(ctx: TenantContext, { entry, state }: Move) {
  const moved = { ...entry, connectivity: state } as ConnectivityAttributes;
  // Online or late: keyed at the next due time. Silent: the entry stays until the alarm is out (leaveIndex).
  const due = state === 'silent' ? undefined : nextDueAt(moved);
  // A new state moves the device in the connectivity order (gsi15) too.
  const keys = {
    ...(due ? dueIndexKeys(ctx, entry.id, due) : {}),
    ...(state !== entry.connectivity ? connectivityIndexKeys(ctx, { id: entry.id, connectivity: state }) : {}),
  };
  const sets = Object.keys(keys).map((name) => `${name} = :${name}`);
  if (state !== entry.connectivity) sets.push('connectivity = :state', 'connectivity_since = :since');
  return {
    Update: {
      TableName: tableName(),
      Key: itemKey(ctx, 'DEVICE', entry.id),
      UpdateExpression: `SET ${sets.join(', ')}`,
      ConditionExpression: 'attribute_exists(pk) AND heard_at = :heard AND #seen = :seen AND connectivity = :was',
      ExpressionAttributeNames: { '#seen': `${DUE_INDEX}sk` },
      ExpressionAttributeValues: {
        ...Object.fromEntries(Object.entries(keys).map(([name, value]) => [`:${name}`, value])),
        ...(state !== entry.connectivity
          ? { ':state': state, ':since': crossedAt(entry, state as 'late' | 'silent') }
          : {}),
        ':heard': entry.heard_at,
        ':seen': entry.dueKey.sortKey,
        ':was': entry.connectivity ?? 'never',
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
