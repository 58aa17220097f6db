import { Logger } from '@aws-lambda-powertools/logger';
import { issueResetCode, passwordResetRequestedSchema } from '../lib/auth/reset-mailing';
import { withEffects } from '../lib/effects/with-effects';

const logger = new Logger({ serviceName: 'reset-mailer' });

/** What the PasswordResetRequested rule hands its Lambda target (the fields used here). */
export interface PasswordResetRequestedEvent {
  id: string;
  detail: unknown;
}

/**
 * Target of the PasswordResetRequested rule (infra/pipeline-rules.ts): the part of a reset request that differs
 * between an address with an account and one without (the lookup, the mail), done after the answer so the
 * request path's time tells nothing (functions/lib/auth/password-reset.ts). A failure throws: the bus retries.
 */
async function passwordResetRequested(event: PasswordResetRequestedEvent): Promise<void> {
  const parsed = passwordResetRequestedSchema.safeParse(event.detail);
  if (!parsed.success) {
    // Not retried: the same detail would fail again. Only the session handler puts this event on the bus.
    logger.error('PasswordResetRequested with a detail that is not a reset request', { eventId: event.id });
    return;
  }
  await issueResetCode(parsed.data);
}

export const handler = withEffects('eventbridge', passwordResetRequested);
