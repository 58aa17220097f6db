import { systemTenantContext } from '../data/system-context';
import { HttpError, notFound } from '../http/errors';
import { subscriptionRepository } from './subscription-repository';
import { signatureMatches } from './unsubscribe-link';

/**
 * The unsubscribe link of a report mail, public: with a signature that matches the subscription's key it pauses
 * that subscription (and nothing else), a person's change like a save; any other link, a tampered one, another
 * subscription's signature or one already deleted, is 404 and changes nothing. Pausing rather than deleting: a
 * mail scanner that opens every link costs a paused report, which its owner resumes, not a lost setup.
 */
export const UNSUBSCRIBED = 'You will receive no more mails of this report. Resume it in the console.';

export async function unsubscribeBySignature(query: { tenant: string; id: string; signature: string }) {
  const ctx = systemTenantContext(query.tenant);
  const id = Number(query.id);
  for (let attempt = 1; ; attempt++) {
    const record = await subscriptionRepository.get(ctx, id);
    if (!record || !signatureMatches(record.unsubscribe_key, query.tenant, id, query.signature)) throw notFound();
    if (record.paused) return { unsubscribed: true as const, message: UNSUBSCRIBED };
    try {
      await subscriptionRepository.update(ctx, id, record.version, (stored) => ({
        ...stored,
        paused: true,
        sending: undefined,
      }));
      return { unsubscribed: true as const, message: UNSUBSCRIBED };
    } catch (error) {
      // Saved by its owner meanwhile: read again and pause that.
      if (!(error instanceof HttpError && error.status === 409) || attempt >= 3) throw error;
    }
  }
}
