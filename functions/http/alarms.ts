import { idParamSchema } from '../../shared/schemas/common';
import { alarmRepository, toApiAlarm } from '../lib/alarms/alarm-repository';
import { subscribeRuleRecipients, withSubscriptions } from '../lib/alarms/alarm-subscriptions';
import { parseCollectionQuery } from '../lib/http/collection-query';
import { createHttpHandler, reply, route } from '../lib/http/handler';
import { toCollection } from '../lib/http/hydra';
import { validate } from '../lib/http/validation';

/**
 * Alarm rules (spec 000 /alarm-rules, s.3, s.5, s.7). Access per route is ALARM_* in shared/routes.ts; the
 * default matrix gives client and transporter users none, so they get 403. The list is paged in id order,
 * 20 per page (the screen's page size), or all with pagination=false. Decisions: docs/decisions/0166
 * and 0167.
 */
const alarmIdOf = (params: Record<string, string | undefined>) => validate(idParamSchema, params.id);

export const ALARMS_PER_PAGE = 20;

export const handler = createHttpHandler('alarms', {
  'alarms.list': route({
    run: async ({ auth, query }) => {
      const request = parseCollectionQuery(query, { defaultItemsPerPage: ALARMS_PER_PAGE });
      const [{ items }, total] = await Promise.all([
        alarmRepository.page(auth.tenant, { page: request.page, itemsPerPage: request.itemsPerPage }),
        alarmRepository.count(auth.tenant),
      ]);
      return toCollection('/api/alarms', request, items.map(toApiAlarm), total);
    },
  }),
  'alarms.get': route({
    run: async ({ auth, params, logger }) =>
      withSubscriptions(toApiAlarm(await alarmRepository.getOrThrow(auth.tenant, alarmIdOf(params))), logger),
  }),
  'alarms.create': route({
    run: async ({ auth, body, logger }) => {
      const created = await alarmRepository.create(auth.tenant, {
        name: body.name,
        type: body.type,
        text: body.text,
        email: body.email ?? null,
      });
      // Alarm mail (issue 9): the addresses' SNS subscriptions, and their states in the answer.
      const failures = await subscribeRuleRecipients(created, logger);
      return reply(201, await withSubscriptions(toApiAlarm(created), logger, failures));
    },
  }),
  'alarms.update': route({
    run: async ({ auth, params, body, logger }) => {
      const updated = await alarmRepository.update(auth.tenant, alarmIdOf(params), body.version, (stored) => ({
        ...stored,
        name: body.name,
        type: body.type,
        text: body.text,
        ...(body.email === undefined ? {} : { email: body.email }),
      }));
      const failures = await subscribeRuleRecipients(updated, logger);
      return withSubscriptions(toApiAlarm(updated), logger, failures);
    },
  }),
  'alarms.delete': route({
    run: async ({ auth, params }) => {
      await alarmRepository.remove(auth.tenant, alarmIdOf(params));
      return reply(204);
    },
  }),
});
