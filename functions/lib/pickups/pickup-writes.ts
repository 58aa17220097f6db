import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { type AssetRecord, assetRepository } from '../assets/asset-repository';
import { dynamo } from '../data/client';
import type { TenantContext } from '../data/tenant-context';
import { conflict } from '../http/errors';
import { pickupWrites } from './pickup-items';

export type TransactItems = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>;

/**
 * A status action's asset write (report delivered / empty, confirmation, loan-day reset) at `current.version`,
 * with the pickup item it starts or ends and any `extra` item (the reset's record) in one transaction: a refused
 * or stale write leaves neither. A stale version (or a concurrent writer) answers 409, as repository.update does.
 */
export async function saveAssetAction(
  ctx: TenantContext,
  current: AssetRecord,
  change: Omit<AssetRecord, 'id' | 'version'>,
  by: number | null,
  extra: TransactItems = [],
): Promise<AssetRecord> {
  const next = { ...change, id: current.id, version: current.version + 1 } as AssetRecord;
  const pickup = pickupWrites(ctx, current, next, { at: new Date().toISOString(), by });
  try {
    const asset = { Update: assetRepository.updateOf(ctx, current, next) };
    await dynamo().send(new TransactWriteCommand({ TransactItems: [asset, ...pickup, ...extra] }));
  } catch (error) {
    if (error instanceof TransactionCanceledException) throw conflict();
    throw error;
  }
  return next;
}
