// Relative import: the unit tests (test/unit/web-alarm-inbox-notice.test.ts) run without the @shared alias.
import type { AlarmInboxEntry } from '../../../shared/schemas/alarm-inbox';

/**
 * The alarms of `members` (newest first) newer than `mark`, the newest id seen so far (undefined before the
 * first answer: then nothing is new), and the mark to keep.
 */
export function newAlarms(
  mark: string | null | undefined,
  members: readonly AlarmInboxEntry[],
): { mark: string | null; fresh: AlarmInboxEntry[] } {
  const top = members[0]?.id ?? null;
  if (mark === undefined) return { mark: top, fresh: [] };
  const fresh = members.filter((alarm) => mark === null || alarm.id > mark);
  return { mark: fresh.length > 0 ? top : mark, fresh };
}
