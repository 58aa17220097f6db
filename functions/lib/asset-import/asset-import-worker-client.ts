import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { localServiceConfig } from '../local-endpoints';
import { sdkClient } from '../sdk-client';
import type { AssetImportJobEvent } from './asset-import-run';

/**
 * The import request's hand-off to the asset import worker (functions/workers/asset-import-worker.ts), as bulk
 * edits hand off to theirs: an asynchronous (Event) invocation, so a file of 10,000 rows outlasts API Gateway's
 * 29 s. Locally scripts/local/lambda-service.ts serves the same call. The worker invokes itself the same way to hand
 * a long import over to a new run (asset-import-lease.ts), by the name its Lambda context gives.
 */
let lambda: LambdaClient | undefined;

export async function invokeAssetImportJob(
  event: AssetImportJobEvent,
  functionName = process.env.ASSET_IMPORT_WORKER_FUNCTION,
): Promise<void> {
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
