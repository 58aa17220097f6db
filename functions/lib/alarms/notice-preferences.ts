import { isStaff, ROLES } from '../../../shared/permissions';
import { ALARM_HANDLING_MESSAGES } from '../../../shared/schemas/alarm-handling';
import {
  type AlarmNoticeDefaults,
  type AlarmNoticeDefaultsInput,
  type AlarmNoticePreferences,
  alarmNoticeDefaultsSchema,
  alarmNoticePreferencesSchema,
  type NoticeSettings,
} from '../../../shared/schemas/alarm-notice';
import type { AuthContext } from '../auth/auth-context';
import type { TenantContext } from '../data/tenant-context';
import { allowListOf } from '../http/allow-list';
import { unprocessable } from '../http/errors';
import { userRepository } from '../users/user-repository';
import {
  type NoticeDefaults,
  readNoticeChoices,
  readNoticeDefaults,
  saveNoticeDefaults,
  saveOwnNotices,
} from './alarm-notice-store';
import { alarmRepository } from './alarm-repository';
import { settingsOf } from './notice-audience';

/**
 * The alarm notice routes' work (functions/http/alarms.ts): one's own choice, and the administrators' defaults.
 * The rules named must be the tenant's (another tenant's rule id is unknown here: 422).
 */
export const UNKNOWN_RULE = 'No such alarm rule';
const RULES_CAP = 1000;

async function rulesOf(ctx: TenantContext) {
  const { items } = await alarmRepository.page(ctx, { page: 1, itemsPerPage: RULES_CAP });
  return items.map((rule) => ({ id: rule.id, name: rule.name, type: rule.type }));
}

function checkRules(known: { id: number }[], named: number[], path: (index: number) => string) {
  const ids = new Set(known.map((rule) => rule.id));
  const violations = named.flatMap((id, index) =>
    ids.has(id) ? [] : [{ propertyPath: path(index), message: UNKNOWN_RULE }],
  );
  if (violations.length > 0) throw unprocessable(violations);
}

const allowedPreferences = allowListOf(alarmNoticePreferencesSchema);

export async function ownNotices(auth: AuthContext): Promise<AlarmNoticePreferences> {
  const [choices, rules] = await Promise.all([readNoticeChoices(auth.tenant), rulesOf(auth.tenant)]);
  const { settings, own } = settingsOf({ id: auth.userId, roles: auth.roles }, choices);
  return allowedPreferences({
    '@id': '/api/alarm-notices/me',
    '@type': 'AlarmNoticePreferences',
    ...settings,
    own,
    available_rules: rules,
  });
}

export async function saveOwn(auth: AuthContext, settings: NoticeSettings): Promise<AlarmNoticePreferences> {
  if (settings.rules !== 'all') checkRules(await rulesOf(auth.tenant), settings.rules, (i) => `rules[${i}]`);
  await saveOwnNotices(auth.tenant, auth.userId, settings);
  return ownNotices(auth);
}

const allowedDefaults = allowListOf(alarmNoticeDefaultsSchema);

const presentDefaults = (defaults: NoticeDefaults, rules: { id: number; name: string; type: number }[]) =>
  allowedDefaults({
    '@id': '/api/alarm-notices/defaults',
    '@type': 'AlarmNoticeDefaults',
    roles: Object.fromEntries(ROLES.map((role) => [role, defaults.roles[role] ?? null])),
    rules: defaults.rules,
    available_rules: rules,
  });

export async function noticeDefaults(ctx: TenantContext): Promise<AlarmNoticeDefaults> {
  const [defaults, rules] = await Promise.all([readNoticeDefaults(ctx), rulesOf(ctx)]);
  return presentDefaults(defaults, rules);
}

export async function saveDefaults(ctx: TenantContext, input: AlarmNoticeDefaultsInput): Promise<AlarmNoticeDefaults> {
  const rules = await rulesOf(ctx);
  checkRules(
    rules,
    input.rules.map((entry) => entry.rule),
    (i) => `rules[${i}].rule`,
  );
  for (const role of ROLES) {
    const chosen = input.roles[role]?.rules;
    if (Array.isArray(chosen)) checkRules(rules, chosen, (i) => `roles.${role}.rules[${i}]`);
  }
  const defaults: NoticeDefaults = {
    roles: Object.fromEntries(ROLES.flatMap((role) => (input.roles[role] ? [[role, input.roles[role]]] : []))),
    rules: input.rules,
  };
  await saveNoticeDefaults(ctx, defaults);
  return presentDefaults(defaults, rules);
}

/**
 * A rule's escalation users: active staff users of the tenant, as an alarm's owner (an id of another tenant is not
 * found here); 422 on the id's place otherwise.
 */
export async function checkEscalationUsers(ctx: TenantContext, ids: readonly number[] | null | undefined) {
  const violations = [];
  for (const [index, id] of (ids ?? []).entries()) {
    const user = await userRepository.get(ctx, id);
    if (!user?.active || !isStaff(user.roles))
      violations.push({ propertyPath: `escalate_users[${index}]`, message: ALARM_HANDLING_MESSAGES.ownerUnknown });
  }
  if (violations.length > 0) throw unprocessable(violations);
}
