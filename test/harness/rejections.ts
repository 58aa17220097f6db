import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { localTable } from './stack';

/** A tenant's counted refusals of one reason (functions/lib/pipeline/rejections.ts `countRejections`). */
export type CountedRejections = { sk: string; refused: number; reason: string; source: string; devEui: string };

/**
 * The items counting a tenant's uplinks refused for another tenant's DEVEUI (one a day), and their total. Other
 * files may add to a seeded tenant's count at the same time, so a test compares the total with one read before
 * it sent, and only ever expects it to have grown by at least its own.
 */
export async function foreignRefusals(tenantId: number | string) {
  const { Items } = await localTable().client.send(
    new QueryCommand({
      TableName: 'tracking',
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': `T#${tenantId}#REJECTED`, ':prefix': 'COUNT#' },
    }),
  );
  const items = ((Items ?? []) as CountedRejections[]).filter((item) => item.sk.endsWith('#foreign-deveui'));
  return { items, total: items.reduce((sum, item) => sum + item.refused, 0) };
}
