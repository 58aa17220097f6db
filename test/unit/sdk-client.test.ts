import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { dynamo } from '../../functions/lib/data/client';
import { sdkClient } from '../../functions/lib/sdk-client';

/** The SDK's logger middleware copies each command's input and output for a logger that discards them. */
const hasLoggerMiddleware = (client: { middlewareStack: { identify(): string[] } }) =>
  client.middlewareStack.identify().some((entry) => entry.startsWith('loggerMiddleware'));

describe('the AWS SDK clients the handlers use', () => {
  it('start with the logger middleware, which sdkClient takes out', () => {
    const client = new DynamoDBClient({ region: 'eu-west-1' });
    expect(hasLoggerMiddleware(client)).toBe(true);
    expect(hasLoggerMiddleware(sdkClient(client))).toBe(false);
  });

  it('leave it out of the DynamoDB document client every repository shares', () => {
    expect(hasLoggerMiddleware(dynamo())).toBe(false);
  });
});
