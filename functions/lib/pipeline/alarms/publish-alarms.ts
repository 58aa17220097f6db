import { PIPELINE_DETAIL_TYPES } from '../../../../shared/pipeline-events';
import { putDomainEvents } from '../../events/domain-events';
import type { AlarmRaised } from '../contracts';

/** Entries a throttled or briefly failing bus refused are sent again this many times before we give up. */
const ATTEMPTS = 3;

/**
 * Hands the processor's state changes to EventBridge as AlarmRaised domain events. Entries the bus refused are
 * sent again, and still refused ones make this throw, so the processor reports its batch item as failed and
 * the queue redelivers it. The alarm handler is idempotent per event (alarm-handler.ts), so a resend never
 * mails twice.
 */
export async function publishAlarms(events: AlarmRaised[]): Promise<void> {
  const outcome = await putDomainEvents(
    events.map((event) => ({ detailType: PIPELINE_DETAIL_TYPES.alarmRaised, detail: event, at: event.at })),
    ATTEMPTS,
  );
  if (outcome.refused > 0) {
    throw new Error(
      `EventBridge refused ${outcome.refused} AlarmRaised event(s) after ${ATTEMPTS} attempts: ${outcome.reason}`,
    );
  }
}
