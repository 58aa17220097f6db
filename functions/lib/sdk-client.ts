import { traced } from './observability/tracing';

interface SdkClient {
  middlewareStack: { remove(name: string): boolean };
}

/**
 * An AWS SDK client as the handlers use it: traced when tracing is on, and without the SDK's logger middleware.
 * That middleware builds a log-filtered copy of every command's input and output, walking their schemas, for a
 * logger whose default discards it: on a route that reads and writes DynamoDB a few times that copying was a
 * tenth of the request's CPU. The SDK's errors still reach the caller, which logs what it needs.
 */
export function sdkClient<Client extends SdkClient>(client: Client): Client {
  client.middlewareStack.remove('loggerMiddleware');
  return traced(client);
}
