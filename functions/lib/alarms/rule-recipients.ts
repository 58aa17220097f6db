import type { AlarmRecord } from './alarm-repository';

/**
 * A rule's e-mail addresses: the Email field may hold several, separated by commas, semicolons or spaces.
 * Duplicates (ignoring case) count once.
 */
export function ruleRecipients(rule: Pick<AlarmRecord, 'email'>): string[] {
  const seen = new Set<string>();
  return (rule.email ?? '')
    .split(/[\s,;]+/)
    .map((address) => address.trim())
    .filter((address) => {
      const key = address.toLowerCase();
      if (!address || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}
