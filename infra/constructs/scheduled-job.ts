import * as path from 'node:path';
import { Duration } from 'aws-cdk-lib';
import type * as events from 'aws-cdk-lib/aws-events';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as destinations from 'aws-cdk-lib/aws-lambda-destinations';
import type * as nodejs from 'aws-cdk-lib/aws-lambda-nodejs';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import * as scheduler from 'aws-cdk-lib/aws-scheduler';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { LOAN_DAY_WORKER_FUNCTION, LOAN_DAY_WORKER_TIMEOUT_MINUTES } from '../../shared/schemas/loan-day';
import { PRODUCT_TIME_ZONE } from '../../shared/wall-clock';
import type { WorkerName } from '../handler-grants';
import { exportWorkerBundling } from './export-worker-bundling';
import { FailureQueue } from './failure-queue';
import { type DataAccess, HandlerFunction, REPO_ROOT } from './handler-function';

/** Every quarter of an hour: a job's state is at most 15 minutes behind its due times. */
export const QUARTER_HOUR_RATE = 'rate(15 minutes)';
/** Midnight in the product's time zone; Scheduler follows the clock changes. */
export const LOAN_DAY_CRON = 'cron(0 0 * * ? *)';

/** What differs between the scheduled jobs: the handler, when it runs, how it is retried and the words for it. */
export interface ScheduledJobSpec {
  /** The job's name in resource names: `tracking-<name>-<stage>`, functions/jobs/<name>.ts, module job-<name>. */
  name: string;
  /** For the scheduler role's description: "invoke the <role> job". */
  role: string;
  /** What the dead-letter queue keeps, e.g. "silent-tag runs that failed". */
  failed: string;
  /** The schedule's description. */
  description: string;
  /** Scheduler's expression, and its time zone when it is not UTC. */
  schedule: string;
  timeZone?: string;
  /** Longer than a run takes, shorter than the time between runs: two runs never overlap for long. */
  timeout: Duration;
  /** Scheduler's retries of the invoke, Lambda's of a run that threw, and the age past which either gives up. */
  retries: { scheduler: number; lambda: number; maxAge: Duration };
  /** The ids of a dead-letter queue made before FailureQueue was (FailureQueueProps.ids). */
  deadLetterIds?: { queue: string; alarm: string };
  /** Changes to the shared esbuild options (HandlerFunctionProps.bundling). */
  bundling?: (base: nodejs.BundlingOptions) => nodejs.BundlingOptions;
  /** A worker the job starts asynchronously, once per tenant, so no tenant's run waits for another's. */
  tenantWorker?: TenantWorkerSpec;
}

export interface TenantWorkerSpec {
  /** Its HandlerFunction module, functions/workers/<module>.ts. */
  module: WorkerName;
  /** The job's environment variable that names it. */
  functionEnv: string;
  /** What its failure queue keeps, e.g. "tenants' loan-day runs that failed". */
  failed: string;
  timeout: Duration;
  /** Lambda's retries of a run that threw, and the age past which a run (also one still throttled) gives up. */
  retries: { lambda: number; maxAge: Duration };
}

/** The quarter-hour jobs: idempotent (what was moved is no longer due, an alarm raised again has the same id). */
const QUARTER_HOUR = {
  schedule: QUARTER_HOUR_RATE,
  timeout: Duration.minutes(10),
  retries: { scheduler: 2, lambda: 1, maxAge: Duration.minutes(30) },
};

/** The silent-tag job (functions/jobs/silent-tags.ts): devices late or silent when uplinks stop. */
export const SILENT_TAG_JOB: ScheduledJobSpec = {
  ...QUARTER_HOUR,
  name: 'silent-tags',
  role: 'silent-tag',
  failed: 'silent-tag runs that failed',
  description: 'Turns devices late or silent when their uplinks stop, every 15 minutes',
};

/** The time-rule job (functions/jobs/time-rules.ts): alarm types 6-9 of the assets due. */
export const TIME_RULE_JOB: ScheduledJobSpec = {
  ...QUARTER_HOUR,
  name: 'time-rules',
  role: 'time-rule',
  failed: 'time-rule runs that failed',
  description:
    'Fires the time rules (outside too long, idle, at one site, overdue) of the assets due, every 15 minutes',
};

/**
 * The tenant-walk job (functions/jobs/tenant-walks.ts): the changes of a tenant's past that walk its records
 * (erasing a person's copies, re-dating records after a retention change).
 */
export const TENANT_WALK_JOB: ScheduledJobSpec = {
  ...QUARTER_HOUR,
  name: 'tenant-walks',
  role: 'tenant-walk',
  failed: 'tenant-walk runs that failed',
  description: "Erases people's copies and re-dates kept records after a retention change, every 15 minutes",
};

/**
 * The report job (functions/jobs/report-subscriptions.ts): the report subscriptions due, mailed with their file.
 * It writes PDF and Excel files, so it is bundled as the export worker is.
 */
export const REPORT_JOB: ScheduledJobSpec = {
  ...QUARTER_HOUR,
  name: 'report-subscriptions',
  role: 'report',
  failed: 'report runs that failed',
  description: 'Mails the report subscriptions due with their file, every 15 minutes',
  bundling: exportWorkerBundling,
};

/**
 * The notice job (functions/jobs/alarm-notices.ts): held alarm notices whose window opened, repeats and
 * escalations of alarms nobody acknowledged. It publishes repeats to the alarm topic (AlarmDelivery grants it).
 */
export const ALARM_NOTICE_JOB: ScheduledJobSpec = {
  ...QUARTER_HOUR,
  name: 'alarm-notices',
  role: 'alarm notice',
  failed: 'alarm notice runs that failed',
  description: 'Sends held alarm notices, repeats and escalations of unacknowledged alarms, every 15 minutes',
};

/** The daily loan-day job (functions/jobs/loan-days.ts): idempotent per day, it resumes from its cursor. */
export const LOAN_DAY_JOB: ScheduledJobSpec = {
  name: 'loan-days',
  role: 'loan-day',
  failed: 'loan-day runs that failed',
  description: 'Counts a loan day for every asset outside its geo zone, at midnight in Amsterdam',
  schedule: LOAN_DAY_CRON,
  timeZone: PRODUCT_TIME_ZONE,
  timeout: Duration.minutes(15),
  retries: { scheduler: 3, lambda: 2, maxAge: Duration.hours(6) },
  deadLetterIds: { queue: 'DeadLetterQueue', alarm: 'DeadLetterAlarm' },
  // Each tenant's day in a run of its own (docs/decisions/0333-the-loan-day-job-runs-each-tenant-in-a-lambda-of-its-own.md);
  // a retry resumes from the tenant's cursor.
  tenantWorker: {
    module: 'loan-day-worker',
    functionEnv: LOAN_DAY_WORKER_FUNCTION,
    failed: "tenants' loan-day runs that failed",
    timeout: Duration.minutes(LOAN_DAY_WORKER_TIMEOUT_MINUTES),
    retries: { lambda: 2, maxAge: Duration.hours(6) },
  },
};

export interface ScheduledJobProps {
  stage: string;
  data: DataAccess;
  logRetention: RetentionDays;
  /** The pipeline bus, for a job that raises its alarms as AlarmRaised there, like the processor. */
  eventBus?: events.IEventBus;
  job: ScheduledJobSpec;
}

/**
 * A job invoked with `{}` by an EventBridge Scheduler schedule. A failed invoke is retried by Scheduler and a
 * run that threw by Lambda; both then park it in one dead-letter queue, and the next run picks up whatever is
 * still due anyway. Locally scripts/local/quarter-hour-timer.ts runs the quarter-hour handlers.
 */
export class ScheduledJob extends Construct {
  readonly job: HandlerFunction;
  readonly schedule: scheduler.CfnSchedule;
  readonly deadLetterQueue: sqs.Queue;
  /** The per-tenant worker of a job that has one (ScheduledJobSpec.tenantWorker). */
  readonly tenantWorker?: HandlerFunction;

  constructor(scope: Construct, id: string, props: ScheduledJobProps) {
    super(scope, id);
    const spec = props.job;
    this.job = new HandlerFunction(this, 'Job', {
      module: `job-${spec.name}`,
      entry: path.join(REPO_ROOT, 'functions', 'jobs', `${spec.name}.ts`),
      data: props.data,
      logRetention: props.logRetention,
      timeout: spec.timeout,
      ...(spec.bundling ? { bundling: spec.bundling } : {}),
      environment: {
        STAGE: props.stage,
        ...(props.eventBus ? { EVENT_BUS_NAME: props.eventBus.eventBusName } : {}),
        POWERTOOLS_LOG_LEVEL: 'INFO',
      },
    });
    if (props.eventBus && this.job.grants.eventBus) props.eventBus.grantPutEventsTo(this.job.role);

    this.deadLetterQueue = new FailureQueue(this, spec.deadLetterIds ? 'Default' : 'DeadLetters', {
      what: spec.failed,
      ids: spec.deadLetterIds,
    }).queue;
    this.job.function.configureAsyncInvoke({
      retryAttempts: spec.retries.lambda,
      maxEventAge: spec.retries.maxAge,
      onFailure: new destinations.SqsDestination(this.deadLetterQueue),
    });

    const role = new iam.Role(this, 'SchedulerRole', {
      assumedBy: new iam.ServicePrincipal('scheduler.amazonaws.com'),
      description: `EventBridge Scheduler: invoke the ${spec.role} job`,
    });
    // The function itself, not its versions (grantInvoke would add `<arn>:*`): the schedule invokes $LATEST.
    role.addToPolicy(
      new iam.PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [this.job.function.functionArn] }),
    );
    this.deadLetterQueue.grantSendMessages(role);

    this.schedule = new scheduler.CfnSchedule(this, 'Schedule', {
      name: `tracking-${spec.name}-${props.stage}`,
      description: spec.description,
      scheduleExpression: spec.schedule,
      scheduleExpressionTimezone: spec.timeZone,
      flexibleTimeWindow: { mode: 'OFF' },
      target: {
        arn: this.job.function.functionArn,
        roleArn: role.roleArn,
        input: '{}',
        retryPolicy: {
          maximumRetryAttempts: spec.retries.scheduler,
          maximumEventAgeInSeconds: spec.retries.maxAge.toSeconds(),
        },
        deadLetterConfig: { arn: this.deadLetterQueue.queueArn },
      },
    });
    if (spec.tenantWorker) this.tenantWorker = this.createTenantWorker(props, spec.tenantWorker);
  }

  /** The worker, its failure queue and alarm, and the job's right to invoke it (the unqualified ARN only). */
  private createTenantWorker(props: ScheduledJobProps, spec: TenantWorkerSpec): HandlerFunction {
    const worker = new HandlerFunction(this, 'TenantWorker', {
      module: spec.module,
      entry: path.join(REPO_ROOT, 'functions', 'workers', `${spec.module}.ts`),
      data: props.data,
      logRetention: props.logRetention,
      timeout: spec.timeout,
      environment: { STAGE: props.stage, POWERTOOLS_LOG_LEVEL: 'INFO' },
    });
    const failures = new FailureQueue(this, 'TenantWorkerFailures', { what: spec.failed });
    worker.function.configureAsyncInvoke({
      retryAttempts: spec.retries.lambda,
      maxEventAge: spec.retries.maxAge,
      onFailure: new destinations.SqsDestination(failures.queue),
    });
    this.job.function.addEnvironment(spec.functionEnv, worker.function.functionName);
    this.job.role.addToPolicy(
      new iam.PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [worker.function.functionArn] }),
    );
    return worker;
  }
}
