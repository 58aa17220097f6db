import * as path from 'node:path';
import { Duration } from 'aws-cdk-lib';
import type * as events from 'aws-cdk-lib/aws-events';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { invokeOnBusRules } from './bus-rule-target';
import { FailureQueue } from './failure-queue';
import { type DataAccess, HandlerFunction, REPO_ROOT } from './handler-function';

export interface ZoneStockProps {
  stage: string;
  data: DataAccess;
  eventBus: events.IEventBus;
  logRetention: RetentionDays;
}

export const ZONE_STOCK_MODULE = 'pipeline/zone-stock';

/**
 * Stock per zone: the Lambda that re-counts a zone when an asset entered or left it, on the
 * bus rule ZoneVisitChanged -> zone-stock of infra/pipeline-rules.ts, with retries and a dead-letter queue.
 * It puts AlarmRaised 4/5 back on the same bus, where the alarm delivery's rule mails them.
 */
export class ZoneStock extends Construct {
  readonly handler: HandlerFunction;
  readonly deadLetterQueue: sqs.Queue;

  constructor(scope: Construct, id: string, props: ZoneStockProps) {
    super(scope, id);
    this.handler = new HandlerFunction(this, 'ZoneStock', {
      module: 'pipeline-zone-stock',
      entry: path.join(REPO_ROOT, 'functions', 'pipeline', 'zone-stock.ts'),
      data: props.data,
      logRetention: props.logRetention,
      timeout: Duration.seconds(30),
      environment: { STAGE: props.stage, EVENT_BUS_NAME: props.eventBus.eventBusName, POWERTOOLS_LOG_LEVEL: 'INFO' },
    });
    if (this.handler.grants.eventBus) props.eventBus.grantPutEventsTo(this.handler.role);

    this.deadLetterQueue = new FailureQueue(this, 'DeadLetters', { what: 'zone visit changes never counted' }).queue;
    invokeOnBusRules(this, {
      eventBus: props.eventBus,
      targetModule: ZONE_STOCK_MODULE,
      handler: this.handler.function,
      deadLetterQueue: this.deadLetterQueue,
    });
  }
}
