import { Tracer } from '@aws-lambda-powertools/tracer';
import { captureLambdaHandler } from '@aws-lambda-powertools/tracer/middleware';
import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import { metricsMiddleware } from './metrics';

/**
 * X-Ray tracing through Powertools Tracer (issue 19 part 6). The functions run with active tracing (infra/
 * constructs/handler-function.ts); the service name is the function's POWERTOOLS_SERVICE_NAME. Tracer switches
 * itself off outside Lambda (no AWS_EXECUTION_ENV: the local stack, tests, scripts), and on a function with
 * POWERTOOLS_TRACE_ENABLED=false. Tracing never fails the work it traces: every step of it is guarded here.
 */
export const tracer = new Tracer();

/** An AWS SDK v3 client whose calls appear as subsegments (DynamoDB, SQS, SNS, EventBridge). */
export function traced<Client>(client: Client): Client {
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
 * not put into traces: they hold tenants' data and can be larger than a segment document may be.
 */
export function tracingMiddleware(): middy.MiddlewareObj {
  const capture = captureLambdaHandler(tracer, { captureResponse: false });
  // A refusal (an HttpError below 500: 4xx in the error format) is the caller's doing, not a fault of ours.
  const onError: middy.MiddlewareFn = async (request) => {
    const status = (request.error as { status?: unknown } | null | undefined)?.status;
    if (typeof status === 'number' && status < 500) return capture.after?.(request);
    return capture.onError?.(request);
  };
  return { before: guarded(capture.before), after: guarded(capture.after), onError: guarded(onError) };
}

/**
 * A Lambda that is not an HTTP handler (the pipeline's, the workers'): traced, and its metrics flushed with
 * publishStoredMetrics when it returns or throws (metrics.ts). The handler gets the event and context as
 * Lambda gives them; the local runners may call it with the event alone.
 */
export function observed<Event, Result>(
  handler: (event: Event, context: Context) => Promise<Result>,
): (event: Event, context?: Context) => Promise<Result> {
  const wrapped = middy<Event, Result>()
    .use(tracingMiddleware())
    .use(metricsMiddleware())
    .handler((event: Event, context: Context) => handler(event, context));
  return (event, context) => wrapped(event, context ?? ({} as Context));
}
