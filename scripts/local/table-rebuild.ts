import {
  type AttributeValue,
  BatchWriteItemCommand,
  CreateTableCommand,
  type CreateTableCommandInput,
  DeleteTableCommand,
  type DynamoDBClient,
  ScanCommand,
  type WriteRequest,
  waitUntilTableExists,
  waitUntilTableNotExists,
} from '@aws-sdk/client-dynamodb';

/**
 * Tables change state after the call returns, even on dynalite with no delays configured: a write to a table
 * still CREATING is refused as not found. The waiters' first look is immediate, so an idle machine waits nothing.
 */
const quickWait = (client: DynamoDBClient) => ({ client, maxWaitTime: 60, minDelay: 1, maxDelay: 1 });

export async function createTableAndWait(client: DynamoDBClient, definition: CreateTableCommandInput) {
  await client.send(new CreateTableCommand(definition));
  await waitUntilTableExists(quickWait(client), { TableName: definition.TableName });
}

/**
 * A local table made before an index was added to shared/table.ts gets the new index by a rebuild: dynalite's
 * UpdateTable changes throughput only, it cannot create an index (DynamoDB on AWS adds it in place on deploy).
 * The items are read out, the table is created again from the definition and the items are written back, so
 * a developer's local data survives. A Scan is fine here: a one-off migration of the local stand-in, never
 * a request path.
 */
export async function rebuildTable(client: DynamoDBClient, definition: CreateTableCommandInput): Promise<number> {
  const table = definition.TableName as string;
  const items: Record<string, AttributeValue>[] = [];
  let startKey: Record<string, AttributeValue> | undefined;
  do {
    const page = await client.send(new ScanCommand({ TableName: table, ExclusiveStartKey: startKey }));
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  await client.send(new DeleteTableCommand({ TableName: table }));
  await waitUntilTableNotExists(quickWait(client), { TableName: table });
  await createTableAndWait(client, definition);
  for (let start = 0; start < items.length; start += 25) {
    let pending: WriteRequest[] = items.slice(start, start + 25).map((Item) => ({ PutRequest: { Item } }));
    while (pending.length > 0) {
      const result = await client.send(new BatchWriteItemCommand({ RequestItems: { [table]: pending } }));
      pending = result.UnprocessedItems?.[table] ?? [];
    }
  }
  return items.length;
}
