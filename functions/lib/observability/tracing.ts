import type { Tracer } from '@aws-lambda-powertools/tracer';
import type middy from '@middy/core';

/**
 * X-Ray tracing through Powertools Tracer. The functions run with active tracing (infra/constructs/
 * handler-function.ts); the service name is the function's POWERTOOLS_SERVICE_NAME. Tracing never fails the
 * work it traces: every step of it is guarded here.
 *
 * Tracing is on in Lambda (AWS_EXECUTION_ENV) unless POWERTOOLS_TRACE_ENABLED=false, as Tracer decides itself.
 * Elsewhere (the local stack, tests, scripts) Tracer is not even loaded: the X-Ray SDK it brings registers an
 * async-hooks destroy hook for the whole process on import (cls-hooked), which made every promise of the local
 * stack pay for tracking and was a sixth of its CPU time under the test suite's load.
 */
export const tracingWanted = (env: NodeJS.ProcessEnv = process.env): boolean =>
  Boolean(env.AWS_EXECUTION_ENV) && env.POWERTOOLS_TRACE_ENABLED?.toLowerCase() !== 'false';

let loadedTracer: Tracer | undefined;

/** The process's Tracer where tracing is wanted, else undefined (and the X-Ray SDK never loaded). */
export function activeTracer(): Tracer | undefined {
  if (!tracingWanted()) return undefined;
  loadedTracer ??= new (
    require('@aws-lambda-powertools/tracer') as typeof import('@aws-lambda-powertools/tracer')
  ).Tracer();
  return loadedTracer;
}

/** An AWS SDK v3 client whose calls appear as subsegments (DynamoDB, SQS, SNS, EventBridge). */
export function traced<Client>(client: Client): Client {
  const tracer = activeTracer();
  if (!tracer) return client;
  try {
    return tracer.captureAWSv3Client(client);
  } catch (error) {
    console.warn('The AWS client is not traced', error);
    return client;
  }
}

type Step = middy.MiddlewareFn | undefined;
const guarded =
  (step: Step): middy.MiddlewareFn =>
  async (request) => {
    try {
      await step?.(request);
    } catch (error) {
      console.warn('Tracing step failed; the invocation goes on', error);
    }
  };

/**
 * The handler's segment (`## <handler>`, cold start and service annotations, errors as metadata). Answers are
 * not put into traces: they hold tenants' data and can be larger than a segment document may be. No middleware
 * at all where tracing is off (middy takes a list).
 */
export function tracingMiddleware(): middy.MiddlewareObj[] {
  const tracer = activeTracer();
  if (!tracer) return [];
  const { captureLambdaHandler } =
    require('@aws-lambda-powertools/tracer/middleware') as typeof import('@aws-lambda-powertools/tracer/middleware');
  const capture = captureLambdaHandler(tracer, { captureResponse: false });
  // A refusal (an HttpError below 500: 4xx in the error format) is the caller's doing, not a fault of ours.
  const onError: middy.MiddlewareFn = async (request) => {
    const status = (request.error as { status?: unknown } | null | undefined)?.status;
    if (typeof status === 'number' && status < 500) return capture.after?.(request);
    return capture.onError?.(request);
  };
  return [{ before: guarded(capture.before), after: guarded(capture.after), onError: guarded(onError) }];
}
