import type { RouteContract } from '../route-contracts';
import { alarmInputSchema, alarmSchema, alarmUpdateInputSchema } from '../schemas/alarm';
import {
  alarmNoticeDefaultsInputSchema,
  alarmNoticeDefaultsSchema,
  alarmNoticePreferencesInputSchema,
  alarmNoticePreferencesSchema,
} from '../schemas/alarm-notice';
import { alarmWithSubscriptionsSchema } from '../schemas/alarm-subscription';
import { paginationQuerySchema } from '../schemas/common';
import { adminsOnly, any, type RouteDef } from './route-def';

/**
 * Alarm notices (functions/lib/alarms/alarm-notices.ts): a user's own (no route names another user, so nobody
 * edits another's), and the administrators' defaults per role and per rule. Staff who read alarms, and client
 * users (told of their own customer's alarms only, functions/lib/alarms/notice-audience.ts).
 */
const NOTICE_READERS = any('ALARM_READ', 'ROLE_CLIENT');
const NOTICE_ADMINS = adminsOnly('ALARM_EDIT');

/** The alarm inbox: open alarms of the caller's scope (functions/http/alarms.ts). */
export const ALARMS_ROUTES = [
  { id: 'alarms.list', method: 'GET', path: '/api/alarms', access: any('ALARM_READ'), handler: 'alarms' },
  { id: 'alarms.get', method: 'GET', path: '/api/alarms/{id}', access: any('ALARM_READ'), handler: 'alarms' },
  { id: 'alarms.create', method: 'POST', path: '/api/alarms', access: any('ALARM_CREATE'), handler: 'alarms' },
  { id: 'alarms.update', method: 'PUT', path: '/api/alarms/{id}', access: any('ALARM_EDIT'), handler: 'alarms' },
  { id: 'alarms.delete', method: 'DELETE', path: '/api/alarms/{id}', access: any('ALARM_DELETE'), handler: 'alarms' },
  { id: 'alarmNotices.own', method: 'GET', path: '/api/alarm-notices/me', access: NOTICE_READERS, handler: 'alarms' },
  { id: 'alarmNotices.save', method: 'PUT', path: '/api/alarm-notices/me', access: NOTICE_READERS, handler: 'alarms' },
  {
    id: 'alarmNotices.reset',
    method: 'DELETE',
    path: '/api/alarm-notices/me',
    access: NOTICE_READERS,
    handler: 'alarms',
  },
  {
    id: 'alarmNotices.defaults',
    method: 'GET',
    path: '/api/alarm-notices/defaults',
    access: NOTICE_ADMINS,
    handler: 'alarms',
  },
  {
    id: 'alarmNotices.saveDefaults',
    method: 'PUT',
    path: '/api/alarm-notices/defaults',
    access: NOTICE_ADMINS,
    handler: 'alarms',
  },
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
  'alarmNotices.own': {
    summary: "The caller's alarm notices: their own choice, or the defaults of their role (own: false)",
    response: alarmNoticePreferencesSchema,
  },
  'alarmNotices.save': {
    summary: 'Choose which alarm rules one is told of, on which channels, in which hours',
    body: alarmNoticePreferencesInputSchema,
    response: alarmNoticePreferencesSchema,
  },
  'alarmNotices.reset': { summary: "Drop one's own choice: the defaults of one's role apply again" },
  'alarmNotices.defaults': {
    summary: 'The alarm notices of users without a choice of their own, per role and per rule',
    response: alarmNoticeDefaultsSchema,
  },
  'alarmNotices.saveDefaults': {
    summary: 'Set the alarm notices of users without a choice of their own, per role and per rule',
    body: alarmNoticeDefaultsInputSchema,
    response: alarmNoticeDefaultsSchema,
  },
} as const satisfies Record<(typeof ALARMS_ROUTES)[number]['id'], RouteContract>;
