import { z } from 'zod';
import { auditEntrySchema } from './audit-entry';
import { secondFactorStatusSchema } from './second-factor';

/**
 * A person's data: erasing it (the account and every copy of their name, login and e-mail address) and
 * handing it to them (what the product holds about them, as JSON). functions/lib/personal-data/.
 */

/** What an erased person is called wherever a record keeps who did something (audit entries, acknowledgements). */
export const erasedUserName = (userId: number) => `erased-user-${userId}`;

/** POST /api/users/{id}/erase: the account is gone; the tenant-walk job finishes the history within its quarter hour. */
export const erasureSchema = z.object({
  '@type': z.literal('Erasure'),
  user: z.number().int(),
  status: z.literal('running'),
});
export type Erasure = z.infer<typeof erasureSchema>;

/** At most this many audit entries of the person go into the export, newest first; `auditTruncated` says more exist. */
export const PERSONAL_DATA_AUDIT_MAX = 5000;

/** POST /api/users/{id}/personal-data: what the product holds about a person. */
export const personalDataSchema = z.object({
  '@type': z.literal('PersonalData'),
  exportedAt: z.string(),
  account: z.object({
    id: z.number().int(),
    username: z.string(),
    name: z.string(),
    email: z.string(),
    roles: z.array(z.string()),
    active: z.boolean(),
    client_id: z.number().int().nullable(),
    second_factor: secondFactorStatusSchema,
  }),
  /** Alarm rules that mail the person's address. */
  alarmRecipientOf: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** Whether the tenant's report mails go to the person's address. */
  reportAddress: z.boolean(),
  /** Customers the person is account manager of. */
  accountManagerOf: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** What the person did (the audit log by actor) and what was done to their account (by entity), newest first. */
  auditAsActor: z.array(auditEntrySchema),
  auditAboutThem: z.array(auditEntrySchema),
  auditTruncated: z.boolean(),
});
export type PersonalData = z.infer<typeof personalDataSchema>;
