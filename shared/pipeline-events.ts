/**
 * The pipeline bus's domain events, named once: their publishers put them (functions/lib/events/domain-events.ts)
 * and the bus's rules match them (infra/pipeline-rules.ts, run by CDK and by the local EventBridge stand-in).
 */
export const PIPELINE_EVENT_SOURCE = 'tracking.pipeline';

export const PIPELINE_DETAIL_TYPES = {
  /** An alarm state change: the processor, the silent-tag and time-rule jobs, zone stock (alarm-handler.ts mails). */
  alarmRaised: 'AlarmRaised',
  /** A fix moved beyond its accuracy: the geocoder writes its address. */
  geocodeRequested: 'GeocodeRequested',
  /** An asset entered or left a zone: the zone's stock is re-counted. */
  zoneVisitChanged: 'ZoneVisitChanged',
  /**
   * A password reset code was asked for an address (known or not): the reset mailer makes and stores the code and
   * mails it to an account's owner, after the answer (functions/workers/reset-mailer.ts).
   */
  passwordResetRequested: 'PasswordResetRequested',
} as const;

export type PipelineDetailType = (typeof PIPELINE_DETAIL_TYPES)[keyof typeof PIPELINE_DETAIL_TYPES];
