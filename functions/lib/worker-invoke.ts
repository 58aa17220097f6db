import { InvokeCommand, type InvokeCommandOutput, LambdaClient } from '@aws-sdk/client-lambda';
import { localServiceConfig } from './local-endpoints';
import { sdkClient } from './sdk-client';

/**
 * The one way our code invokes a worker of functions/workers/ (as sqs-send.ts is for queues). A feature names its
 * worker by the environment variable that holds the function's name (CDK sets it to the deployed name; locally
 * scripts/local/config.ts sets the module's name, and scripts/local/lambda-service.ts serves the same call) and
 * gives its event type, so a job's event is checked where it is built.
 *
 * `Event`, the default, only queues the run and answers at once: a job of thousands of rows outlasts API Gateway's
 * 30 s, and the caller's request is not held. `RequestResponse` waits for the worker's answer (the synchronous
 * export). `functionName` overrides the variable: a worker that hands its work over to a next run of itself
 * invokes itself by the name its Lambda context gives.
 */
export interface WorkerInvokeOptions {
  type?: 'Event' | 'RequestResponse';
  functionName?: string;
}

let lambda: LambdaClient | undefined;

export async function invokeWorker<Event>(
  functionVariable: string,
  event: Event,
  { type = 'Event', functionName = process.env[functionVariable] }: WorkerInvokeOptions = {},
): Promise<InvokeCommandOutput> {
  if (!functionName) throw new Error(`${functionVariable} is not set`);
  lambda ??= sdkClient(new LambdaClient(localServiceConfig('LAMBDA_ENDPOINT')));
  return lambda.send(
    new InvokeCommand({
      FunctionName: functionName,
      InvocationType: type,
      Payload: new TextEncoder().encode(JSON.stringify(event)),
    }),
  );
}
