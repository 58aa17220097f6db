import { PIPELINE_DETAIL_TYPES, PIPELINE_EVENT_SOURCE } from '../shared/pipeline-events';
import { ALARM_TYPES } from '../shared/schemas/alarm';
/**
 * The event bus's rules as plain data, declared once: the CDK construct (infra/constructs/alarm-delivery.ts)
 * creates an EventBridge rule per entry, and the local EventBridge stand-in (scripts/local/eventbridge-service.ts)
 * matches the same patterns and invokes the same handler code.
 */

/** The subset of EventBridge's pattern syntax the rules use (the stand-in implements exactly this). */
export type PatternValue =
  | string
  | number
  | boolean
  | null
  | { prefix: string }
  | { 'anything-but': string | number | (string | number)[] }
  | { exists: boolean };

export interface EventPattern {
  [field: string]: PatternValue[] | EventPattern;
}

export interface PipelineRule {
  /** The rule's name (CDK construct id and local log name). */
  id: string;
  description: string;
  eventPattern: EventPattern;
  /** The target Lambda's module under functions/ (its export `handler`), without the extension. */
  targetModule: string;
}

export const PIPELINE_RULES: readonly PipelineRule[] = [
  {
    id: 'AlarmRaisedToAlarmHandler',
    description:
      'Alarm state changes found by the processor and the silent-tag job go to the alarm handler, which mails the rules.',
    eventPattern: {
      source: [PIPELINE_EVENT_SOURCE],
      'detail-type': [PIPELINE_DETAIL_TYPES.alarmRaised],
      detail: { kind: [...ALARM_TYPES] },
    },
    targetModule: 'pipeline/alarm-handler',
  },
  {
    id: 'GeocodeRequestedToGeocoder',
    description: 'Fixes that moved beyond their accuracy go to the geocoder, which writes their address.',
    eventPattern: {
      source: [PIPELINE_EVENT_SOURCE],
      'detail-type': [PIPELINE_DETAIL_TYPES.geocodeRequested],
    },
    targetModule: 'pipeline/geocoder',
  },
  {
    id: 'ZoneVisitChangedToZoneStock',
    description:
      'An asset entered or left a zone: the zone is re-counted per asset profile, raising or clearing alarm types 4/5.',
    eventPattern: {
      source: [PIPELINE_EVENT_SOURCE],
      'detail-type': [PIPELINE_DETAIL_TYPES.zoneVisitChanged],
    },
    targetModule: 'pipeline/zone-stock',
  },
  {
    id: 'PasswordResetRequestedToResetMailer',
    description:
      'A reset code was asked for an address: the mailer stores a code for it and mails an account’s owner, after the answer.',
    eventPattern: {
      source: [PIPELINE_EVENT_SOURCE],
      'detail-type': [PIPELINE_DETAIL_TYPES.passwordResetRequested],
    },
    targetModule: 'workers/reset-mailer',
  },
];
