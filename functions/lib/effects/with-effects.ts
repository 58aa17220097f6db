import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import { effectsNotFlushed } from '../observability/product-metrics';
import { tracingMiddleware } from '../observability/tracing';
import { type EffectName, EffectsContext, runInContext } from './effects';

/**
 * What starts an invocation. Every Lambda of ours is one of these, and each goes through `withEffects`; the
 * kind names it in the log line of a failed flush.
 */
export type LambdaKind =
  | 'http'
  | 'sqs-batch'
  | 'eventbridge'
  | 'iot-rule'
  | 'schedule'
  | 'worker'
  | 'cognito-trigger'
  | 'authorizer';

type Handler<Event, Result> = (event: Event, context: Context) => Promise<Result>;

/** A flush that failed is told and counted; the write it follows has happened and its answer stands. */
const reportFailure = (lambda: LambdaKind) => (effect: EffectName, error: unknown) => {
  console.error(
    JSON.stringify({
      note: 'Effects not flushed; the write they follow stands',
      lambda,
      effect,
      error: error instanceof Error ? error.message : String(error),
    }),
  );
  effectsNotFlushed(effect);
};

/**
 * Runs one invocation in an effects context of its own and flushes it when the handler returns or throws, so
 * what the writes before a failure queued still leaves (a retry only repeats it). The handler's answer (an SQS
 * batch's item failures, an HTTP answer) is returned as it made it; a flush never changes it nor throws.
 */
async function invoke<Event, Result>(
  lambda: LambdaKind,
  handler: Handler<Event, Result>,
  event: Event,
  context: Context,
): Promise<Result> {
  const effects = new EffectsContext(reportFailure(lambda));
  return runInContext(effects, async () => {
    try {
      return await handler(event, context);
    } finally {
      await effects.flush();
    }
  });
}

/**
 * The wrapper of every Lambda handler export. HTTP handlers are middy stacks with their own tracing step
 * (functions/lib/http/handler.ts); every other kind is traced here. The local runners call the same export,
 * sometimes with the event alone.
 */
export function withEffects<Event, Result>(
  lambda: LambdaKind,
  handler: Handler<Event, Result>,
): (event: Event, context?: Context) => Promise<Result> {
  const traced =
    lambda === 'http'
      ? handler
      : middy<Event, Result>()
          .use(tracingMiddleware())
          .handler((event: Event, context: Context) => handler(event, context));
  return (event, context) => invoke(lambda, traced, event, context ?? ({} as Context));
}
