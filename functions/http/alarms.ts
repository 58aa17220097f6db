import {
  AFTER_HOURS_TYPE,
  type AlarmInput,
  type AlarmType,
  DURATION_UNITS,
  type FollowUpInput,
} from '../../shared/schemas/alarm';
import { removeOwnNotices } from '../lib/alarms/alarm-notice-store';
import { type AlarmRecord, alarmRepository, toApiAlarm } from '../lib/alarms/alarm-repository';
import { subscribeRuleRecipients, withSubscriptions } from '../lib/alarms/alarm-subscriptions';
import {
  checkEscalationUsers,
  noticeDefaults,
  ownNotices,
  saveDefaults,
  saveOwn,
} from '../lib/alarms/notice-preferences';
import { parseCollectionQuery } from '../lib/http/collection-query';
import { createHttpHandler, reply, route } from '../lib/http/handler';
import { toCollection } from '../lib/http/hydra';
import { isTimeRule, requestTimerReplan } from '../lib/time-rules/timer-replan';

/**
 * Alarm rules (spec 000 /alarm-rules, s.3, s.5, s.7). Access per route is ALARM_* in shared/routes.ts; the
 * default matrix gives client and transporter users none, so they get 403. The list is paged in id order,
 * 20 per page (the screen's page size), or all with pagination=false. Decisions: docs/decisions/0166
 * and 0167.
 */
/** An absent duration keeps the stored one while the type stays a time rule (decision 0017); others take none. */
const durationOnSave = (stored: AlarmRecord, body: { type: AlarmType; duration?: number | null }) => {
  if (!DURATION_UNITS[body.type]) return null;
  if (body.duration !== undefined) return body.duration;
  return stored.type === body.type ? (stored.duration ?? null) : null;
};

/** Moved outside working hours (type 10): its working hours and distance; the other types keep none. */
const afterHoursOf = (body: Pick<AlarmInput, 'type' | 'working_hours' | 'move_distance'>) =>
  body.type === AFTER_HOURS_TYPE
    ? { working_hours: body.working_hours ?? null, move_distance: body.move_distance ?? null }
    : { working_hours: null, move_distance: null };

/** Repeat and escalation as given; an absent field keeps the stored value (a client that does not know them). */
const followUpOf = (stored: Partial<AlarmRecord>, body: FollowUpInput) => ({
  repeat_every: body.repeat_every === undefined ? (stored.repeat_every ?? null) : body.repeat_every,
  repeat_times: body.repeat_times === undefined ? (stored.repeat_times ?? null) : body.repeat_times,
  escalate_after: body.escalate_after === undefined ? (stored.escalate_after ?? null) : body.escalate_after,
  escalate_to: body.escalate_to === undefined ? (stored.escalate_to ?? null) : body.escalate_to,
  escalate_users: body.escalate_users === undefined ? (stored.escalate_users ?? []) : (body.escalate_users ?? []),
});

export const ALARMS_PER_PAGE = 20;

export const handler = createHttpHandler('alarms', {
  'alarms.list': route({
    run: async ({ auth, rawQuery }) => {
      const request = parseCollectionQuery(rawQuery, { defaultItemsPerPage: ALARMS_PER_PAGE });
      const [{ items }, total] = await Promise.all([
        alarmRepository.page(auth.tenant, { page: request.page, itemsPerPage: request.itemsPerPage }),
        alarmRepository.count(auth.tenant),
      ]);
      return toCollection('/api/alarms', request, items.map(toApiAlarm), total);
    },
  }),
  'alarms.get': route({
    run: async ({ auth, params, logger }) =>
      withSubscriptions(toApiAlarm(await alarmRepository.getOrThrow(auth.tenant, params.id)), logger),
  }),
  'alarms.create': route({
    run: async ({ auth, body, logger }) => {
      await checkEscalationUsers(auth.tenant, body.escalate_users);
      const created = await alarmRepository.create(auth.tenant, {
        name: body.name,
        type: body.type,
        text: body.text,
        email: body.email ?? null,
        duration: DURATION_UNITS[body.type] ? (body.duration ?? null) : null,
        ...afterHoursOf(body),
        ...followUpOf({}, body),
      });
      if (isTimeRule(created.type)) await requestTimerReplan(auth.tenant);
      // Alarm mail: the addresses' SNS subscriptions, and their states in the answer.
      const failures = await subscribeRuleRecipients(created, logger);
      return reply(201, await withSubscriptions(toApiAlarm(created), logger, failures));
    },
  }),
  'alarms.update': route({
    run: async ({ auth, params, body, logger }) => {
      await checkEscalationUsers(auth.tenant, body.escalate_users);
      let before: AlarmRecord | undefined;
      const updated = await alarmRepository.update(auth.tenant, params.id, body.version, (stored) => {
        before = stored;
        return {
          ...stored,
          name: body.name,
          type: body.type,
          text: body.text,
          ...(body.email === undefined ? {} : { email: body.email }),
          duration: durationOnSave(stored, body),
          ...afterHoursOf(body),
          ...followUpOf(stored, body),
        };
      });
      // A time rule's duration or type moves the due times of the tenant's timers (functions/lib/time-rules).
      if (isTimeRule(updated.type) || (before && isTimeRule(before.type))) await requestTimerReplan(auth.tenant);
      const failures = await subscribeRuleRecipients(updated, logger);
      return withSubscriptions(toApiAlarm(updated), logger, failures);
    },
  }),
  'alarmNotices.own': route({ run: async ({ auth }) => ownNotices(auth) }),
  'alarmNotices.save': route({ run: async ({ auth, body }) => saveOwn(auth, body) }),
  'alarmNotices.reset': route({
    run: async ({ auth }) => {
      await removeOwnNotices(auth.tenant, auth.userId);
      return reply(204);
    },
  }),
  'alarmNotices.defaults': route({ run: async ({ auth }) => noticeDefaults(auth.tenant) }),
  'alarmNotices.saveDefaults': route({ run: async ({ auth, body }) => saveDefaults(auth.tenant, body) }),
  'alarms.delete': route({
    run: async ({ auth, params }) => {
      const { id } = params;
      const stored = await alarmRepository.get(auth.tenant, id);
      await alarmRepository.remove(auth.tenant, id);
      if (stored && isTimeRule(stored.type)) await requestTimerReplan(auth.tenant);
      return reply(204);
    },
  }),
});
