import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { dynamo } from './client';

/**
 * One 1-based page of a Query. DynamoDB has no offset, so page N reads the N-1 pages before it; the caller
 * gets the raw items of the page and how many items DynamoDB read to find them.
 */
export async function queryPage(
  input: Omit<QueryCommandInput, 'Limit' | 'ExclusiveStartKey'>,
  page: number,
  itemsPerPage: number,
): Promise<{ items: Record<string, unknown>[]; itemsRead: number }> {
  const skip = (page - 1) * itemsPerPage;
  const wanted = skip + itemsPerPage;
  const collected: Record<string, unknown>[] = [];
  let itemsRead = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const result = await dynamo().send(
      new QueryCommand({ ...input, Limit: wanted - collected.length, ExclusiveStartKey: startKey }),
    );
    itemsRead += result.ScannedCount ?? 0;
    collected.push(...(result.Items ?? []));
    startKey = result.LastEvaluatedKey;
  } while (startKey && collected.length < wanted);
  return { items: collected.slice(skip, wanted), itemsRead };
}
