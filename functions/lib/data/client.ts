import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { localServiceConfig } from '../local-endpoints';
import { sdkClient } from '../sdk-client';
import { retryTransactionConflicts } from './transaction-conflicts';

let documentClient: DynamoDBDocumentClient | undefined;

/** One document client per Lambda container; locally it points at the DynamoDB-compatible server. */
export function dynamo(): DynamoDBDocumentClient {
  if (documentClient) return documentClient;
  const client = sdkClient(new DynamoDBClient(localServiceConfig('DYNAMODB_ENDPOINT')));
  client.middlewareStack.add(retryTransactionConflicts(), { step: 'initialize', name: 'retryTransactionConflicts' });
  documentClient = DynamoDBDocumentClient.from(client, {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
  });
  return documentClient;
}

export const tableName = (): string => {
  const name = process.env.TABLE_NAME;
  if (!name) throw new Error('TABLE_NAME is not set');
  return name;
};
