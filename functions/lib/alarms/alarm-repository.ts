import { type Alarm, type AlarmType, alarmSchema } from '../../../shared/schemas/alarm';
import { pad, typePartition } from '../data/keys';
import { createRepository } from '../data/repository';
import type { TenantContext } from '../data/tenant-context';
import { allowListOf } from '../http/allow-list';

/** An alarm rule as stored: the API shape without JSON-LD keys (its own `type` is stored as is). */
export type AlarmRecord = Omit<
  Alarm,
  '@id' | '@type' | 'duration' | 'working_hours' | 'move_distance' | FollowUpKey
> & {
  /** Time rules only; rules saved before durations existed have none. */
  duration?: number | null;
  /** Moved outside working hours (type 10) only. */
  working_hours?: Alarm['working_hours'];
  move_distance?: number | null;
} & Partial<Pick<Alarm, FollowUpKey>>;

type FollowUpKey = 'repeat_every' | 'repeat_times' | 'escalate_after' | 'escalate_to' | 'escalate_users';

export const alarmsOfTypePartition = (ctx: TenantContext, type: AlarmType) => `${typePartition(ctx, 'ALARM')}#${type}`;

/**
 * Alarm rules (spec 000 /alarm-rules).
 *  - table  pk T#<t>#ALARM, sk ALARM#<id>                list (paged, id order), get by id
 *  - gsi1   byType: T#<t>#ALARM#<type> / <id>            the rules of one type, for the alarm sender
 *           (a sabotaged tag fires the type 0 rules, a zone exit type 1, a low battery type 2)
 */
export const alarmRepository = createRepository<AlarmRecord>({
  type: 'ALARM',
  indexKeys: (ctx, alarm) => ({ gsi1pk: alarmsOfTypePartition(ctx, alarm.type), gsi1sk: pad(alarm.id) }),
});

const allowedAlarm = allowListOf(alarmSchema);

export const toApiAlarm = (alarm: AlarmRecord): Alarm =>
  allowedAlarm({
    '@id': `/api/alarms/${alarm.id}`,
    '@type': 'Alarm',
    ...alarm,
    duration: alarm.duration ?? null,
    working_hours: alarm.working_hours ?? null,
    move_distance: alarm.move_distance ?? null,
    repeat_every: alarm.repeat_every ?? null,
    repeat_times: alarm.repeat_times ?? null,
    escalate_after: alarm.escalate_after ?? null,
    escalate_to: alarm.escalate_to ?? null,
    escalate_users: alarm.escalate_users ?? [],
  });
