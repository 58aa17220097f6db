import { frontendSettingListQuerySchema, SETTING_NAMES } from '../../shared/schemas/settings';
import { readSecondFactorPolicy, saveSecondFactorPolicy } from '../lib/auth/second-factor-policy';
import { unprocessable } from '../lib/http/errors';
import { createHttpHandler, reply, route } from '../lib/http/handler';
import { toCollection } from '../lib/http/hydra';
import { validate } from '../lib/http/validation';
import { readRetentionSettings, saveRetentionSettings } from '../lib/settings/retention-settings';
import {
  createSetting,
  defaultColorsSetting,
  listSettings,
  settingRepository,
  toApiSetting,
} from '../lib/settings/setting-repository';
import { type TenantRecord, tenantRepository } from '../lib/tenants/tenant-repository';

/** Frontend settings (tenant colours, asset table columns) and the public tenant logo (spec 001 s.2, s.7). */
const SETTING_NAME_FIXED = 'The name of a setting cannot be changed';

const collection = <T>(members: T[]) =>
  toCollection(
    '/api/frontend-settings',
    { page: 1, itemsPerPage: Math.max(1, members.length), paginate: false, params: new URLSearchParams() },
    members,
    members.length,
  );

/** Administrators' policies, read and written by routes of their own, not frontend settings. */
const POLICY_SETTINGS = new Set<string>([SETTING_NAMES.retention, SETTING_NAMES.secondFactor]);

export const handler = createHttpHandler('settings', {
  'settings.list': route({
    run: async ({ auth, rawQuery }) => {
      const { name } = validate(frontendSettingListQuerySchema, Object.fromEntries(new URLSearchParams(rawQuery)));
      // The mail settings name the tenant's report address: only for those who may edit them.
      const stored = (await listSettings(auth.tenant))
        .filter((setting) => (!name || setting.name === name) && !POLICY_SETTINGS.has(setting.name))
        .filter((setting) => setting.name !== SETTING_NAMES.notifications || auth.hasAny('STYLING_EDIT'));
      const members = stored.map(toApiSetting);
      const wantsColors = !name || name === SETTING_NAMES.colors;
      if (wantsColors && !stored.some((setting) => setting.name === SETTING_NAMES.colors)) {
        members.push(defaultColorsSetting());
      }
      return collection(members);
    },
  }),
  'settings.create': route({
    run: async ({ auth, body }) => reply(201, toApiSetting(await createSetting(auth.tenant, body.name, body.data))),
  }),
  'settings.update': route({
    run: async ({ auth, params, body }) => {
      const { id } = params;
      const current = await settingRepository.getOrThrow(auth.tenant, id);
      if (current.name !== body.name) throw unprocessable([{ propertyPath: 'name', message: SETTING_NAME_FIXED }]);
      const updated = await settingRepository.update(auth.tenant, id, body.version, () => ({
        name: current.name,
        data: body.data,
      }));
      return toApiSetting(updated);
    },
  }),
  'settings.retention': route({ run: ({ auth }) => readRetentionSettings(auth.tenant) }),
  'settings.saveRetention': route({ run: ({ auth, body }) => saveRetentionSettings(auth.tenant, body) }),
  'settings.secondFactor': route({ run: ({ auth }) => readSecondFactorPolicy(auth.tenant) }),
  'settings.saveSecondFactor': route({ run: ({ auth, body }) => saveSecondFactorPolicy(auth, body) }),
  'settings.logo': route({
    // Public (no authorizer on AWS, so no claims): the tenant comes from the `tenant` query (its subdomain) only.
    run: async ({ query }) => {
      const subdomain = query.tenant;
      const tenant: TenantRecord | undefined = subdomain ? await tenantRepository.bySubdomain(subdomain) : undefined;
      return { url: tenant?.icon || null };
    },
  }),
});
