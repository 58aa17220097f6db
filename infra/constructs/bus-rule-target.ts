import { Duration } from 'aws-cdk-lib';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as destinations from 'aws-cdk-lib/aws-lambda-destinations';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct, IConstruct } from 'constructs';
import { type EventPattern, PIPELINE_RULES } from '../pipeline-rules';

/** The shared rule data's pattern in CDK's spelling (detail-type -> detailType). */
export const toCdkPattern = (pattern: EventPattern): events.EventPattern =>
  Object.fromEntries(
    Object.entries(pattern).map(([field, value]) => [field === 'detail-type' ? 'detailType' : field, value]),
  ) as events.EventPattern;

/** Tries and age of an event on both legs: EventBridge delivering it, Lambda running it. */
const RETRY_ATTEMPTS = 2;
const MAX_EVENT_AGE = Duration.hours(6);

export interface BusRuleTargetProps {
  eventBus: events.IEventBus;
  /** The module the rules of infra/pipeline-rules.ts name as their target. */
  targetModule: string;
  handler: lambda.IFunction;
  /** Where an event is kept that could not be delivered or whose run failed for good (a FailureQueue's). */
  deadLetterQueue: sqs.IQueue;
}

/**
 * The bus rules of infra/pipeline-rules.ts that target one module, each made in `scope` under the rule's id (its
 * logical id and the Lambda permission's follow from it), invoking `handler` with retries and the dead-letter
 * queue. EventBridge invokes Lambda asynchronously: the rule's dead-letter queue only takes events it could not
 * deliver, so the function's own async retries end in the same queue, and a handler that throws on every retry
 * is kept there too instead of being dropped.
 */
export function invokeOnBusRules(scope: Construct, props: BusRuleTargetProps): events.Rule[] {
  const rules = PIPELINE_RULES.filter((rule) => rule.targetModule === props.targetModule);
  if (rules.length === 0) throw new Error(`No bus rule targets ${props.targetModule}`);
  props.handler.configureAsyncInvoke({
    retryAttempts: RETRY_ATTEMPTS,
    maxEventAge: MAX_EVENT_AGE,
    onFailure: new destinations.SqsDestination(props.deadLetterQueue),
  });
  return rules.map(
    (rule) =>
      new events.Rule(scope, rule.id, {
        eventBus: props.eventBus,
        description: rule.description,
        eventPattern: toCdkPattern(rule.eventPattern),
        targets: [
          new targets.LambdaFunction(props.handler, {
            retryAttempts: RETRY_ATTEMPTS,
            maxEventAge: MAX_EVENT_AGE,
            deadLetterQueue: props.deadLetterQueue,
          }),
        ],
      }),
  );
}

/** Every rule of infra/pipeline-rules.ts is deployed somewhere under `scope` (a rule nobody made is a mistake). */
export function assertEveryBusRuleDeployed(scope: IConstruct): void {
  const made = new Set(
    scope.node
      .findAll()
      .filter((c) => c instanceof events.Rule)
      .map((c) => c.node.id),
  );
  const missing = PIPELINE_RULES.filter((rule) => !made.has(rule.id)).map((rule) => rule.id);
  if (missing.length > 0) throw new Error(`No function deployed for bus rules ${missing.join(', ')}`);
}
