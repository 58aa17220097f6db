import * as path from 'node:path';
import { Duration, Stack } from 'aws-cdk-lib';
import type * as events from 'aws-cdk-lib/aws-events';
import * as iam from 'aws-cdk-lib/aws-iam';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { GEO_PLACES_ACTIONS } from '../handler-grants';
import { invokeOnBusRules } from './bus-rule-target';
import { FailureQueue } from './failure-queue';
import { type DataAccess, HandlerFunction, REPO_ROOT } from './handler-function';

/** The providers a deployment may choose (the offline one needs its data file beside the code: local only). */
export type DeployedGeocoderProvider = 'amazon' | 'pdok';

export interface AddressGeocodingProps {
  stage: string;
  data: DataAccess;
  eventBus: events.IEventBus;
  logRetention: RetentionDays;
  /** Context `geocoderProvider` (default amazon) and `geocoderLanguage` (default nl). */
  provider?: DeployedGeocoderProvider;
  language?: string;
}

export const GEOCODER_MODULE = 'pipeline/geocoder';

/**
 * Addresses off the processor's path (docs/decisions/0248-reverse-geocoding-after-the-processor-with-a-per-cell-cache.md):
 * the geocoder Lambda, the bus rule GeocodeRequested -> geocoder of infra/pipeline-rules.ts with retries and
 * a dead-letter queue, and the Amazon Location permission. ReverseGeocode of Places v2 needs no resource of
 * ours: the grant names the AWS-managed provider resource (`provider/default`). That ARN form and the action
 * name `geo-places:ReverseGeocode` are unverified (integrations-2.md s.4): check them on the first deploy.
 */
export class AddressGeocoding extends Construct {
  readonly handler: HandlerFunction;
  readonly deadLetterQueue: sqs.Queue;

  constructor(scope: Construct, id: string, props: AddressGeocodingProps) {
    super(scope, id);
    this.handler = new HandlerFunction(this, 'Geocoder', {
      module: 'pipeline-geocoder',
      entry: path.join(REPO_ROOT, 'functions', 'pipeline', 'geocoder.ts'),
      data: props.data,
      logRetention: props.logRetention,
      timeout: Duration.seconds(30),
      environment: {
        STAGE: props.stage,
        GEOCODER_PROVIDER: props.provider ?? 'amazon',
        GEOCODER_LANGUAGE: props.language ?? 'nl',
        POWERTOOLS_LOG_LEVEL: 'INFO',
      },
    });
    if (this.handler.grants.geoPlaces) {
      const provider = Stack.of(this).formatArn({
        service: 'geo-places',
        account: '',
        resource: 'provider',
        resourceName: 'default',
      });
      this.handler.role.addToPrincipalPolicy(
        new iam.PolicyStatement({ actions: [...GEO_PLACES_ACTIONS], resources: [provider] }),
      );
    }

    this.deadLetterQueue = new FailureQueue(this, 'DeadLetters', {
      what: 'fixes the geocoder could not give an address',
    }).queue;
    invokeOnBusRules(this, {
      eventBus: props.eventBus,
      targetModule: GEOCODER_MODULE,
      handler: this.handler.function,
      deadLetterQueue: this.deadLetterQueue,
    });
  }
}
