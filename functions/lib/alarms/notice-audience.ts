import { isClientUser, isStaff, ROLE_RANK, type RoleName } from '../../../shared/permissions';
import { NOTICE_FALLBACK, type NoticeSettings } from '../../../shared/schemas/alarm-notice';
import type { NoticeChoices, NoticeDefaults } from './alarm-notice-store';

/**
 * Who is told of an alarm of a rule (docs/decisions/0316-alarm-notices-per-user-held-repeated-and-escalated-by-one-due-job.md).
 * A user's own choice decides for them; without one, a rule's default (the roles told of it) decides whether they
 * take the rule, and their highest role's default decides the rest (or, for the rules, when the rule has no
 * default). A client user is told only of their own customer's alarms, whatever they or the defaults chose; a
 * transporter, and a deactivated user, of nothing.
 */
export interface NoticeUser {
  id: number;
  email: string;
  roles: string[];
  active: boolean;
  client_id?: number;
}

export interface NoticeTarget {
  user: NoticeUser;
  settings: NoticeSettings;
}

const isRole = (role: string): role is RoleName => role in ROLE_RANK;

/** The default of the user's highest role that has one. */
export function roleDefaultOf(roles: readonly string[], defaults: NoticeDefaults): NoticeSettings | null {
  const ranked = roles.filter(isRole).sort((a, b) => ROLE_RANK[b] - ROLE_RANK[a]);
  for (const role of ranked) {
    const settings = defaults.roles[role];
    if (settings) return settings;
  }
  return null;
}

/** The settings that apply to a user: their own, else their role's default, else the fallback (told nothing). */
export function settingsOf(user: Pick<NoticeUser, 'id' | 'roles'>, choices: NoticeChoices) {
  const own = choices.users.get(user.id);
  if (own) return { settings: own, own: true };
  return { settings: roleDefaultOf(user.roles, choices.defaults) ?? NOTICE_FALLBACK, own: false };
}

const takes = (rules: NoticeSettings['rules'], ruleId: number) => rules === 'all' || rules.includes(ruleId);

export function takesRule(user: Pick<NoticeUser, 'id' | 'roles'>, choices: NoticeChoices, ruleId: number): boolean {
  const own = choices.users.get(user.id);
  if (own) return takes(own.rules, ruleId);
  const ruleDefault = choices.defaults.rules.find((entry) => entry.rule === ruleId);
  if (ruleDefault) return ruleDefault.roles.some((role) => user.roles.includes(role));
  const roleDefault = roleDefaultOf(user.roles, choices.defaults);
  return roleDefault ? takes(roleDefault.rules, ruleId) : false;
}

/** Whether the user may be told of an alarm of this customer (null: an alarm of no customer) at all. */
export function mayBeTold(user: NoticeUser, alarmClientId: number | null): boolean {
  if (!user.active) return false;
  if (isClientUser(user.roles)) return user.client_id !== undefined && user.client_id === alarmClientId;
  return isStaff(user.roles);
}

export function noticeAudience(
  users: readonly NoticeUser[],
  choices: NoticeChoices,
  ruleId: number,
  alarmClientId: number | null,
): NoticeTarget[] {
  return users
    .filter((user) => mayBeTold(user, alarmClientId) && takesRule(user, choices, ruleId))
    .map((user) => ({ user, settings: settingsOf(user, choices).settings }))
    .filter((target) => target.settings.channels.length > 0);
}

/** Whether anyone chose anything: without a choice or a default, an alarm needs no read of the users. */
export const anyNoticeChoice = (choices: NoticeChoices) =>
  choices.users.size > 0 || choices.defaults.rules.length > 0 || Object.values(choices.defaults.roles).some(Boolean);
