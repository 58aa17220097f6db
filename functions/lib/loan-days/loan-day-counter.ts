import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { type AssetRecord, assetRepository } from '../assets/asset-repository';
import { dynamo, tableName } from '../data/client';
import { indexSortKey, itemKey, sortableNumber } from '../data/keys';
import { fromItem } from '../data/repository';
import type { TenantContext } from '../data/tenant-context';

/** The asset attribute naming the last day counted: the job's idempotency mark (docs/data-model.md). */
export const COUNTED_FOR = 'loanDayCountedFor';
type CountedAsset = AssetRecord & { [COUNTED_FOR]?: string };

export type CountResult = 'counted' | 'already counted' | 'gone';

/**
 * Adds the loan day `day` to one asset outside its zone: days_outside_geo_zone + 1 (with its sort index key,
 * gsi1sk, which an ADD alone would leave stale), days_still + 1 unless the asset is moving, and
 * `loanDayCountedFor`. The version does not move (it is for people's edits; docs/decisions/new-versions.md):
 * the counts are conditioned on the values read instead, so a reset or a tag's move meanwhile is read again
 * rather than overwritten, and people's saves never write these attributes unless they change them. The
 * condition `loanDayCountedFor <> :day` makes a rerun or a retry add nothing.
 */
export async function countLoanDay(ctx: TenantContext, assetId: number, day: string): Promise<CountResult> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const read = await dynamo().send(
      new GetCommand({ TableName: tableName(), Key: itemKey(ctx, 'ASSET', assetId), ConsistentRead: true }),
    );
    if (!read.Item) return 'gone';
    const asset = fromItem<CountedAsset>(read.Item);
    if (asset[COUNTED_FOR] === day) return 'already counted';
    try {
      await dynamo().send(countUpdate(ctx, asset, day));
      return 'counted';
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
  }
  throw new Error(`Asset ${assetId} kept changing while its loan day ${day} was counted`);
}

/** The attribute still holds the value read (null when it had none). */
const unchanged = (name: string, value: string) => `(attribute_not_exists(${name}) OR ${name} = ${value})`;

function countUpdate(ctx: TenantContext, asset: CountedAsset, day: string) {
  const days = (asset.days_outside_geo_zone ?? 0) + 1;
  const still = asset.days_still !== null && asset.days_still !== undefined && asset.status?.status !== 'moving';
  const indexKeys = assetRepository.model.indexKeys?.(ctx, { ...asset, days_outside_geo_zone: days });
  return new UpdateCommand({
    TableName: tableName(),
    Key: itemKey(ctx, 'ASSET', asset.id),
    UpdateExpression: `SET days_outside_geo_zone = :days, gsi1sk = :sk, #counted = :day${still ? ', days_still = :still' : ''}`,
    ConditionExpression: `${unchanged('days_outside_geo_zone', ':readDays')} AND ${unchanged('days_still', ':readStill')} AND (attribute_not_exists(#counted) OR #counted <> :day)`,
    ExpressionAttributeNames: { '#counted': COUNTED_FOR },
    ExpressionAttributeValues: {
      ':days': days,
      ':sk': indexKeys?.gsi1sk ?? indexSortKey(sortableNumber(days), asset.id),
      ':day': day,
      ':readDays': asset.days_outside_geo_zone ?? null,
      ':readStill': asset.days_still ?? null,
      ...(still ? { ':still': (asset.days_still ?? 0) + 1 } : {}),
    },
  });
}
