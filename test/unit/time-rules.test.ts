import {
  conditionStarts,
  earliestDue,
  overdueFrom,
  planTimer,
  timeRulesByType,
  timerWriteNeeded,
} from '../../functions/lib/time-rules/conditions';
import {
  alarmInputSchema,
  DURATION_DAYS_INVALID,
  DURATION_HOURS_INVALID,
  DURATION_NOT_TAKEN,
  DURATION_REQUIRED,
} from '../../shared/schemas/alarm';

/** The time rules' conditions, when a timer is written, and what a timer fires and when. */
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const T0 = Date.parse('2026-03-02T08:00:00.000Z');
const at = (ms: number) => new Date(T0 + ms).toISOString();

const zone = { id: 4, name: 'Depot' };
const outside = { state: 'outside' as const, pending: 0, zoneId: 4, since: at(0) };

describe('time-rule conditions', () => {
  it('reads each condition from the asset: outside its own zone, idle, at another site, overdue', () => {
    const starts = conditionStarts({
      geo_zone: zone,
      devices: [{ id: 1 }],
      zone_membership: outside,
      rest_position: { since: at(-DAY) },
      site: { zoneId: 9, zoneName: 'Site', since: at(HOUR) },
      scheduled: '2026-03-01T12:00:00.000Z',
    });
    expect(starts).toEqual({ 6: at(0), 7: at(-DAY), 8: at(HOUR), 9: '2026-03-02T12:00:00.000Z' });
  });

  it('is back inside its own zone: not outside, not overdue; its own zone is no site; no tag, not idle', () => {
    const inside = { state: 'inside' as const, pending: 0, zoneId: 4 };
    expect(
      conditionStarts({
        geo_zone: zone,
        devices: [],
        zone_membership: inside,
        rest_position: { since: at(0) },
        site: { zoneId: 4, since: at(0) },
        scheduled: '2026-03-01T12:00:00.000Z',
      }),
    ).toEqual({});
    // A state about another zone is unknown for this one: not outside; not back either (overdue).
    expect(
      conditionStarts({
        geo_zone: zone,
        zone_membership: { ...outside, zoneId: 5 },
        scheduled: '2026-03-01T12:00:00.000Z',
      }),
    ).toEqual({
      9: overdueFrom('2026-03-01T12:00:00.000Z'),
    });
    // Without an own zone "back" cannot be judged: no overdue.
    expect(conditionStarts({ scheduled: '2026-03-01T12:00:00.000Z' })).toEqual({});
  });

  it('writes the timer when a condition begins or ends, not when a short rest restarts (a moving asset)', () => {
    expect(timerWriteNeeded({}, { 7: at(0) })).toBe(true);
    expect(timerWriteNeeded({ 6: at(0) }, {})).toBe(true);
    expect(timerWriteNeeded({ 7: at(0) }, { 7: at(0) })).toBe(false);
    // Moved again within the day: no idle rule can have fired (the smallest duration is a day).
    expect(timerWriteNeeded({ 7: at(0) }, { 7: at(5 * HOUR) })).toBe(false);
    expect(timerWriteNeeded({ 7: at(0) }, { 7: at(DAY) })).toBe(true);
    // A new scheduled date always moves overdue.
    expect(timerWriteNeeded({ 9: at(0) }, { 9: at(DAY) })).toBe(true);
    expect(earliestDue({ 6: at(0), 7: at(-DAY) })).toBe(at(0));
    expect(earliestDue({ 6: at(0) })).toBe(at(HOUR));
  });
});

describe('time-rule planning', () => {
  const rules = timeRulesByType([
    { id: 1, type: 6, duration: 2 },
    { id: 2, type: 6, duration: 10 },
    { id: 3, type: 7, duration: 3 },
    { id: 4, type: 9, duration: null },
    { id: 5, type: 1 },
    // Saved before rules had a duration, without one: never fires.
    { id: 6, type: 8, duration: null },
  ]);

  it('is due at the earliest rule not fired; fires each rule once per start', () => {
    const starts = { 6: at(0), 7: at(0) };
    expect(planTimer(starts, {}, rules, new Date(T0 + HOUR))).toMatchObject({ fire: [], due: at(2 * HOUR) });
    const first = planTimer(starts, {}, rules, new Date(T0 + 3 * HOUR));
    expect(first.fire.map((f) => [f.rule.id, f.at])).toEqual([[1, at(2 * HOUR)]]);
    expect(first.fired).toEqual({ 6: { start: at(0), rules: [1], at: at(2 * HOUR) } });
    expect(first.due).toBe(at(10 * HOUR));
    // A rerun at the same time fires nothing more.
    expect(planTimer(starts, first.fired, rules, new Date(T0 + 3 * HOUR)).fire).toEqual([]);
    const later = planTimer(starts, first.fired, rules, new Date(T0 + 4 * DAY));
    expect(later.fire.map((f) => f.rule.id)).toEqual([2, 3]);
    expect(later.due).toBeUndefined();
  });

  it('clears what fired when the condition ended or restarted', () => {
    const fired = { 6: { start: at(0), rules: [1], at: at(2 * HOUR) } };
    const ended = planTimer({}, fired, rules, new Date(T0 + 5 * HOUR));
    expect(ended.cleared).toEqual([{ type: 6, entry: fired[6] }]);
    expect(ended.fired).toEqual({});
    const restarted = planTimer({ 6: at(4 * HOUR) }, fired, rules, new Date(T0 + 5 * HOUR));
    expect(restarted.cleared).toHaveLength(1);
    expect(restarted.due).toBe(at(6 * HOUR));
  });

  it('fires overdue when the scheduled day is over, plus its grace', () => {
    const start = overdueFrom('2026-03-01T12:00:00.000Z');
    expect(planTimer({ 9: start }, {}, rules, new Date(Date.parse(start) - 1)).due).toBe(start);
    expect(planTimer({ 9: start }, {}, rules, new Date(start)).fire).toHaveLength(1);
    const grace = timeRulesByType([{ id: 7, type: 9, duration: 6 }]);
    expect(planTimer({ 9: start }, {}, grace, new Date(start)).due).toBe(
      new Date(Date.parse(start) + 6 * HOUR).toISOString(),
    );
  });
});

describe('the duration of a rule', () => {
  const rule = { name: 'R', text: 'T', email: null };
  const messages = (input: Record<string, unknown>) => {
    const result = alarmInputSchema.safeParse({ ...rule, ...input });
    return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
  };

  it('is required for 6-8, optional for 9, refused for the others, bounded, whole', () => {
    expect(messages({ type: 6 })).toEqual([['duration', DURATION_REQUIRED]]);
    expect(messages({ type: 7, duration: '' })).toEqual([['duration', DURATION_REQUIRED]]);
    expect(messages({ type: 9 })).toEqual([]);
    expect(messages({ type: 1, duration: 3 })).toEqual([['duration', DURATION_NOT_TAKEN]]);
    expect(messages({ type: 1, duration: null })).toEqual([]);
    expect(messages({ type: 6, duration: 8761 })).toEqual([['duration', DURATION_HOURS_INVALID]]);
    expect(messages({ type: 6, duration: 0 })).toEqual([['duration', DURATION_HOURS_INVALID]]);
    expect(messages({ type: 8, duration: 1.5 })).toEqual([['duration', DURATION_DAYS_INVALID]]);
    expect(messages({ type: 8, duration: 366 })).toEqual([['duration', DURATION_DAYS_INVALID]]);
    expect(messages({ type: 8, duration: '365' })).toEqual([]);
    expect(messages({ type: 6, duration: 1e308 })).toEqual([['duration', DURATION_HOURS_INVALID]]);
  });
});
