import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { localServiceConfig } from '../local-endpoints';
import { sdkClient } from '../sdk-client';
import type { AssetImportJobEvent } from './asset-import-run';

/**
 * The import request's hand-off to the asset import worker (functions/workers/asset-import-worker.ts), as bulk
 * edits hand off to theirs: an asynchronous (Event) invocation, so a file of 10,000 rows outlasts API Gateway's
 * 29 s. Locally scripts/local/lambda-service.ts serves the same call.
 */
let lambda: LambdaClient | undefined;

export async function invokeAssetImportJob(event: AssetImportJobEvent): Promise<void> {
  const functionName = process.env.ASSET_IMPORT_WORKER_FUNCTION;
  if (!functionName) throw new Error('ASSET_IMPORT_WORKER_FUNCTION is not set');
  lambda ??= sdkClient(new LambdaClient(localServiceConfig('LAMBDA_ENDPOINT')));
  await lambda.send(
    new InvokeCommand({
      FunctionName: functionName,
      InvocationType: 'Event',
      Payload: new TextEncoder().encode(JSON.stringify(event)),
    }),
  );
}
