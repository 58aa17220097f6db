import { ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../data/client';
import { tenantPrefix } from '../data/keys';
import { contextOf, type ErasureStep, errorName } from './erasure-progress';
import { erasedAttributes, HISTORY_KINDS } from './history-scrub';

/** Items one page of the history walk evaluates: the erasure saves its place after each. */
const HISTORY_PAGE = 500;

/**
 * The records of the past (audit entries, alarms sent) that name the person, wherever they are: an alarm of an
 * asset deleted since has no index left to find it by, so this reads the table page by page, kept to the
 * tenant's items of those kinds. Erasures are rare; the walk runs in the background and carries on where it
 * stopped. Only the erasure job has the grant to scan (infra/handler-grants.ts).
 */
export const scrubHistory: ErasureStep = async (erasure, cursor) => {
  const kinds = Object.fromEntries(HISTORY_KINDS.map((kind, index) => [`:kind${index}`, kind]));
  const page = await dynamo().send(
    new ScanCommand({
      TableName: tableName(),
      Limit: HISTORY_PAGE,
      FilterExpression: `begins_with(pk, :tenant) AND entityType IN (${Object.keys(kinds).join(', ')})`,
      ExpressionAttributeValues: { ':tenant': tenantPrefix(contextOf(erasure)), ...kinds },
      ...(cursor ? { ExclusiveStartKey: cursor } : {}),
    }),
  );
  for (const item of page.Items ?? []) {
    const changed = erasedAttributes(item, erasure);
    if (!changed) continue;
    const names = Object.keys(changed);
    await dynamo()
      .send(
        new UpdateCommand({
          TableName: tableName(),
          Key: { pk: item.pk, sk: item.sk },
          UpdateExpression: `SET ${names.map((_, index) => `#a${index} = :v${index}`).join(', ')}`,
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeNames: Object.fromEntries(names.map((name, index) => [`#a${index}`, name])),
          ExpressionAttributeValues: Object.fromEntries(names.map((name, index) => [`:v${index}`, changed[name]])),
        }),
      )
      .catch((error) => {
        // Removed by its TTL meanwhile: nothing left to erase.
        if (errorName(error) !== 'ConditionalCheckFailedException') throw error;
      });
  }
  return page.LastEvaluatedKey;
};
