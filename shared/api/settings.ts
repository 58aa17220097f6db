import { z } from 'zod';
import type { RouteContract } from '../route-contracts';
import { retentionInputSchema, retentionSettingsSchema } from '../schemas/retention';
import { secondFactorPolicyInputSchema, secondFactorPolicySettingsSchema } from '../schemas/second-factor';
import {
  frontendSettingInputSchema,
  frontendSettingListQuerySchema,
  frontendSettingSchema,
  frontendSettingUpdateInputSchema,
  logoQuerySchema,
} from '../schemas/settings';
import { ADMINS, any, type RouteDef } from './route-def';

const logo = z.object({ url: z.string().nullable() });

/** Styling, logo, stored settings, retention and second-factor rules of the tenant (functions/http/settings.ts). */
export const SETTINGS_ROUTES = [
  // spec 001: styling, logo, stored settings (spec 000 reads table settings from the same list)
  { id: 'settings.list', method: 'GET', path: '/api/frontend-settings', access: 'authenticated', handler: 'settings' },
  {
    id: 'settings.create',
    method: 'POST',
    path: '/api/frontend-settings',
    access: any('STYLING_EDIT'),
    handler: 'settings',
  },
  {
    id: 'settings.update',
    method: 'PUT',
    path: '/api/frontend-settings/{id}',
    access: any('STYLING_EDIT'),
    handler: 'settings',
  },
  { id: 'settings.logo', method: 'GET', path: '/api/logo', access: 'public', handler: 'settings' },
  // How long the tenant keeps each kind of record (shared/schemas/retention.ts): administrators only.
  {
    id: 'settings.retention',
    method: 'GET',
    path: '/api/retention-settings',
    access: any(...ADMINS),
    handler: 'settings',
  },
  {
    id: 'settings.saveRetention',
    method: 'PUT',
    path: '/api/retention-settings',
    access: any(...ADMINS),
    handler: 'settings',
  },
  // Which roles must use a second factor (shared/schemas/second-factor.ts): administrators only.
  {
    id: 'settings.secondFactor',
    method: 'GET',
    path: '/api/second-factor-settings',
    access: any(...ADMINS),
    handler: 'settings',
  },
  {
    id: 'settings.saveSecondFactor',
    method: 'PUT',
    path: '/api/second-factor-settings',
    access: any(...ADMINS),
    handler: 'settings',
  },
] as const satisfies readonly RouteDef[];

export const SETTINGS_CONTRACTS = {
  'settings.list': {
    summary: 'Stored settings',
    query: frontendSettingListQuerySchema,
    collection: frontendSettingSchema,
  },
  'settings.create': {
    summary: 'Store a setting',
    body: frontendSettingInputSchema,
    response: frontendSettingSchema,
    status: 201,
    errors: [409],
  },
  'settings.update': {
    summary: 'Update a setting',
    body: frontendSettingUpdateInputSchema,
    response: frontendSettingSchema,
  },
  'settings.logo': {
    summary: 'The logo of the tenant whose subdomain is the `tenant` query (public: a token sent along is not read)',
    query: logoQuerySchema,
    response: logo,
  },
  'settings.retention': {
    summary: 'How long the tenant keeps each kind of record (the defaults, version null, until saved)',
    response: retentionSettingsSchema,
  },
  'settings.saveRetention': {
    summary: 'Save the retention periods (applies to what is written from then on)',
    body: retentionInputSchema,
    response: retentionSettingsSchema,
  },
  'settings.secondFactor': {
    summary: 'Which roles must use a second factor',
    response: secondFactorPolicySettingsSchema,
  },
  'settings.saveSecondFactor': {
    summary: 'Require a second factor of roles (their next sign-in sets it up)',
    body: secondFactorPolicyInputSchema,
    response: secondFactorPolicySettingsSchema,
    errors: [409, 422],
  },
} as const satisfies Record<(typeof SETTINGS_ROUTES)[number]['id'], RouteContract>;
