import type { RouteContract } from '../route-contracts';
import { alarmInputSchema, alarmSchema, alarmUpdateInputSchema } from '../schemas/alarm';
import { alarmWithSubscriptionsSchema } from '../schemas/alarm-subscription';
import { paginationQuerySchema } from '../schemas/common';
import { any, type RouteDef } from './route-def';

/** The alarm inbox: open alarms of the caller's scope (functions/http/alarms.ts). */
export const ALARMS_ROUTES = [
  { id: 'alarms.list', method: 'GET', path: '/api/alarms', access: any('ALARM_READ'), handler: 'alarms' },
  { id: 'alarms.get', method: 'GET', path: '/api/alarms/{id}', access: any('ALARM_READ'), handler: 'alarms' },
  { id: 'alarms.create', method: 'POST', path: '/api/alarms', access: any('ALARM_CREATE'), handler: 'alarms' },
  { id: 'alarms.update', method: 'PUT', path: '/api/alarms/{id}', access: any('ALARM_EDIT'), handler: 'alarms' },
  { id: 'alarms.delete', method: 'DELETE', path: '/api/alarms/{id}', access: any('ALARM_DELETE'), handler: 'alarms' },
] as const satisfies readonly RouteDef[];

export const ALARMS_CONTRACTS = {
  'alarms.list': { summary: 'List alarm rules', query: paginationQuerySchema, collection: alarmSchema },
  'alarms.get': { summary: 'Get an alarm rule', response: alarmWithSubscriptionsSchema },
  'alarms.create': {
    summary: 'Create an alarm rule',
    body: alarmInputSchema,
    response: alarmWithSubscriptionsSchema,
    status: 201,
  },
  'alarms.update': {
    summary: 'Update an alarm rule',
    body: alarmUpdateInputSchema,
    response: alarmWithSubscriptionsSchema,
  },
  'alarms.delete': { summary: 'Delete an alarm rule' },
} as const satisfies Record<(typeof ALARMS_ROUTES)[number]['id'], RouteContract>;
