import * as path from 'node:path';
import { Duration } from 'aws-cdk-lib';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as events from 'aws-cdk-lib/aws-events';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { invokeOnBusRules } from './bus-rule-target';
import { FailureQueue } from './failure-queue';
import { type DataAccess, HandlerFunction, REPO_ROOT } from './handler-function';

export interface ResetMailerProps {
  stage: string;
  data: DataAccess;
  eventBus: events.IEventBus;
  userPool: cognito.IUserPool;
  userPoolClient: cognito.IUserPoolClient;
  logRetention: RetentionDays;
}

export const RESET_MAILER_MODULE = 'workers/reset-mailer';

/**
 * The password reset's mail, after the answer: the Lambda on the bus rule PasswordResetRequested -> reset-mailer
 * of infra/pipeline-rules.ts (retries and a dead-letter queue), so a request for an address with an account and
 * one without do the same work before they answer (docs/decisions/0067-password-reset-with-our-own-codes.md).
 */
export class ResetMailer extends Construct {
  readonly handler: HandlerFunction;

  constructor(scope: Construct, id: string, props: ResetMailerProps) {
    super(scope, id);
    this.handler = new HandlerFunction(this, 'ResetMailer', {
      module: 'reset-mailer',
      entry: path.join(REPO_ROOT, 'functions', 'workers', 'reset-mailer.ts'),
      data: props.data,
      userPool: props.userPool,
      userPoolClient: props.userPoolClient,
      logRetention: props.logRetention,
      timeout: Duration.seconds(30),
      environment: { STAGE: props.stage, POWERTOOLS_LOG_LEVEL: 'INFO' },
    });
    const deadLetters = new FailureQueue(this, 'DeadLetters', { what: 'password reset requests never mailed' });
    invokeOnBusRules(this, {
      eventBus: props.eventBus,
      targetModule: RESET_MAILER_MODULE,
      handler: this.handler.function,
      deadLetterQueue: deadLetters.queue,
    });
  }
}
