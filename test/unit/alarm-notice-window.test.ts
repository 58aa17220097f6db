import { nextFollowUpDue } from '../../functions/lib/alarms/alarm-notices';
import { mayBeTold, noticeAudience, takesRule } from '../../functions/lib/alarms/notice-audience';
import { HOLD_HORIZON_MS, isInNoticeWindow, nextNoticeWindow } from '../../functions/lib/alarms/notice-window';
import {
  alarmNoticePreferencesInputSchema,
  NOTICE_FALLBACK,
  type NoticeSettings,
  TIME_ZONE_INVALID,
} from '../../shared/schemas/alarm-notice';
import { DEFAULT_WORKING_HOURS } from '../../shared/schemas/working-hours';

/**
 * A user's notice window (functions/lib/alarms/notice-window.ts): working hours and quiet hours on the clock of the
 * user's own time zone, across the clock changes; who takes a rule (own choice, rule default, role default); when
 * a follow-up is due next.
 */
const settings = (over: Partial<NoticeSettings>): NoticeSettings => ({ ...NOTICE_FALLBACK, rules: 'all', ...over });
const at = (iso: string) => new Date(iso);

describe('notice window', () => {
  it('is open at any hour without working or quiet hours', () => {
    expect(isInNoticeWindow(settings({}), at('2026-12-01T03:00:00Z'))).toBe(true);
  });

  it('follows working hours on the user clock, not the server clock', () => {
    const hours = settings({ working_hours: DEFAULT_WORKING_HOURS, time_zone: 'America/New_York' });
    // Tuesday 12:30 UTC is 07:30 in New York (EST): open; 11:30 UTC is 06:30 there: closed.
    expect(isInNoticeWindow(hours, at('2026-12-01T12:30:00Z'))).toBe(true);
    expect(isInNoticeWindow(hours, at('2026-12-01T11:30:00Z'))).toBe(false);
    expect(nextNoticeWindow(hours, at('2026-12-01T11:30:00Z'))?.toISOString()).toBe('2026-12-01T12:00:00.000Z');
  });

  it('keeps quiet hours over midnight and opens at their end', () => {
    const quiet = settings({ quiet_hours: { from: '22:00', to: '07:00' }, time_zone: 'Europe/Amsterdam' });
    expect(isInNoticeWindow(quiet, at('2026-12-01T21:30:00Z'))).toBe(false); // 22:30 in Amsterdam
    expect(isInNoticeWindow(quiet, at('2026-12-01T05:59:00Z'))).toBe(false); // 06:59
    expect(isInNoticeWindow(quiet, at('2026-12-01T06:00:00Z'))).toBe(true); // 07:00
    expect(nextNoticeWindow(quiet, at('2026-12-01T21:30:00Z'))?.toISOString()).toBe('2026-12-02T06:00:00.000Z');
  });

  it('opens at the same clock time on both sides of the spring-forward night', () => {
    const quiet = settings({ quiet_hours: { from: '22:00', to: '07:00' }, time_zone: 'Europe/Amsterdam' });
    // Saturday 28 March 2026 23:00 (CET, UTC+1); Sunday 29 March the clocks go 02:00 → 03:00 (CEST, UTC+2).
    expect(nextNoticeWindow(quiet, at('2026-03-28T22:00:00Z'))?.toISOString()).toBe('2026-03-29T05:00:00.000Z');
    // The night after, a whole hour later in UTC than the night before.
    expect(nextNoticeWindow(quiet, at('2026-03-27T22:00:00Z'))?.toISOString()).toBe('2026-03-28T06:00:00.000Z');
  });

  it('opens a window edge that falls in the skipped hour at the first minute the clock shows after it', () => {
    const quiet = settings({ quiet_hours: { from: '00:00', to: '02:30' }, time_zone: 'Europe/Amsterdam' });
    // 01:59 CET is 00:59 UTC; the next minute reads 03:00 CEST: out of the quiet hours.
    expect(nextNoticeWindow(quiet, at('2026-03-29T00:30:00Z'))?.toISOString()).toBe('2026-03-29T01:00:00.000Z');
  });

  it('opens once on the autumn night whose 02:30 shows twice', () => {
    const quiet = settings({ quiet_hours: { from: '01:00', to: '02:30' }, time_zone: 'Europe/Amsterdam' });
    // 25 October 2026: 03:00 CEST goes back to 02:00 CET. 01:00 CEST is 23:00 UTC the day before; the first
    // 02:30 (CEST) is 00:30 UTC: the window opens there, the second 02:00-02:30 (CET) is quiet again.
    expect(nextNoticeWindow(quiet, at('2026-10-24T23:10:00Z'))?.toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(isInNoticeWindow(quiet, at('2026-10-25T01:10:00Z'))).toBe(false);
  });

  it('finds no window when the hours never open', () => {
    const closed = settings({
      working_hours: { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] },
    });
    expect(nextNoticeWindow(closed, at('2026-12-01T12:00:00Z'))).toBeNull();
    expect(HOLD_HORIZON_MS).toBeGreaterThan(7 * 24 * 3_600_000);
  });
});

describe('notice preferences', () => {
  it('takes an IANA time zone and refuses anything else', () => {
    const parse = (time_zone: string) => alarmNoticePreferencesInputSchema.safeParse({ ...NOTICE_FALLBACK, time_zone });
    expect(parse('Asia/Kolkata').success).toBe(true);
    expect(parse('UTC').success).toBe(true);
    const refused = parse('Mars/Olympus');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => issue.message)).toEqual([TIME_ZONE_INVALID]);
  });

  it('refuses quiet hours that start and end at once', () => {
    const parsed = alarmNoticePreferencesInputSchema.safeParse({
      ...NOTICE_FALLBACK,
      quiet_hours: { from: '22:00', to: '22:00' },
    });
    expect(parsed.success).toBe(false);
  });
});

describe('who takes a rule', () => {
  const admin = { id: 1, email: 'a@x', roles: ['ROLE_ADMIN'], active: true };
  const user = { id: 2, email: 'u@x', roles: ['ROLE_USER'], active: true };
  const client = { id: 3, email: 'c@x', roles: ['ROLE_CLIENT'], active: true, client_id: 7 };
  const choices = {
    users: new Map([[3, settings({ rules: [5] })]]),
    defaults: {
      roles: { ROLE_USER: settings({ rules: [5, 6] }) },
      rules: [{ rule: 6, roles: ['ROLE_ADMIN' as const] }],
    },
  };

  it('own choice first, then the rule default, then the role default', () => {
    expect(takesRule(client, choices, 5)).toBe(true);
    expect(takesRule(user, choices, 5)).toBe(true);
    // Rule 6 has a default naming admins only: it decides over the users' role default.
    expect(takesRule(user, choices, 6)).toBe(false);
    expect(takesRule(admin, choices, 6)).toBe(true);
    expect(takesRule(admin, choices, 5)).toBe(false);
  });

  it("tells a client user only of their own customer's alarms, and a transporter of none", () => {
    expect(mayBeTold(client, 7)).toBe(true);
    expect(mayBeTold(client, 8)).toBe(false);
    expect(mayBeTold(client, null)).toBe(false);
    expect(mayBeTold({ ...user, roles: ['ROLE_TRANSPORTER'] }, 7)).toBe(false);
    expect(mayBeTold({ ...user, active: false }, 7)).toBe(false);
    expect(noticeAudience([admin, user, client], choices, 5, 8).map((t) => t.user.id)).toEqual([2]);
  });
});

describe('follow-up due times', () => {
  const start = '2026-12-01T10:00:00.000Z';
  it('takes the next repeat or the escalation, whichever comes first, and none once both are done', () => {
    const entry = {
      start,
      repeat: { every: 10, times: 2 },
      repeated: 0,
      escalate: { after: 15, to: [], users: [] },
      escalated: false,
    };
    expect(nextFollowUpDue(entry)).toBe('2026-12-01T10:10:00.000Z');
    expect(nextFollowUpDue({ ...entry, repeated: 1 })).toBe('2026-12-01T10:15:00.000Z');
    expect(nextFollowUpDue({ ...entry, repeated: 1, escalated: true })).toBe('2026-12-01T10:20:00.000Z');
    expect(nextFollowUpDue({ ...entry, repeated: 2, escalated: true })).toBeNull();
  });
});
