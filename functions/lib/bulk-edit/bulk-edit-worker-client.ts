import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { localServiceConfig } from '../local-endpoints';
import { sdkClient } from '../sdk-client';
import type { BulkEditJobEvent } from './bulk-edit-run';

/**
 * The API's hand-off to the bulk edit worker (functions/workers/bulk-edit-worker.ts), as exports hand off to the
 * export worker: an asynchronous (Event) invocation, so a job of thousands of rows outlasts API Gateway's 30 s.
 * Locally scripts/local/lambda-service.ts serves the same call.
 */
let lambda: LambdaClient | undefined;

export async function invokeBulkEditJob(event: BulkEditJobEvent): Promise<void> {
  const functionName = process.env.BULK_EDIT_WORKER_FUNCTION;
  if (!functionName) throw new Error('BULK_EDIT_WORKER_FUNCTION is not set');
  lambda ??= sdkClient(new LambdaClient(localServiceConfig('LAMBDA_ENDPOINT')));
  await lambda.send(
    new InvokeCommand({
      FunctionName: functionName,
      InvocationType: 'Event',
      Payload: new TextEncoder().encode(JSON.stringify(event)),
    }),
  );
}
