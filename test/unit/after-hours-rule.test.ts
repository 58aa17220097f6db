import type { DeviceRecord } from '../../functions/lib/devices/device-repository';
import {
  type AfterHoursRule,
  afterHoursEffects,
  afterHoursStep,
  EPISODE_STILL_MS,
  provesMove,
} from '../../functions/lib/pipeline/after-hours';
import type { Fix } from '../../functions/lib/pipeline/contracts';
import { type PipelineAsset, uplinkEffects } from '../../functions/lib/pipeline/processor/uplink-effects';
import { alarmInputSchema, MOVE_DISTANCE_INVALID, MOVE_DISTANCE_NOT_TAKEN } from '../../shared/schemas/alarm';
import {
  DEFAULT_WORKING_HOURS,
  INTERVAL_EMPTY,
  INTERVAL_INVALID,
  INTERVALS_OVERLAP,
  isWithinWorkingHours,
  openedBetween,
  TOO_MANY_INTERVALS,
  WORKING_HOURS_NOT_TAKEN,
  WORKING_HOURS_REQUIRED,
  type WorkingHours,
  workingHoursSchema,
} from '../../shared/schemas/working-hours';

/** Moved outside working hours (functions/lib/pipeline/after-hours.ts, shared/schemas/working-hours.ts). */
const closed: WorkingHours = { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] };
const hours = (days: Partial<WorkingHours>): WorkingHours => ({ ...closed, ...days });
const open = (at: string, h: WorkingHours = DEFAULT_WORKING_HOURS) => isWithinWorkingHours(h, new Date(at));
const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('working hours on the clock in Amsterdam', () => {
  it('reads the wall clock in winter (UTC+1) and in summer (UTC+2)', () => {
    // Monday 23 March 2026, winter time: 06:30 UTC is 07:30 in Amsterdam.
    expect(open('2026-03-23T06:30:00Z')).toBe(true);
    expect(open('2026-03-23T05:30:00Z')).toBe(false);
    expect(open('2026-03-23T16:59:00Z')).toBe(true);
    expect(open('2026-03-23T17:00:00Z')).toBe(false);
    // Monday 30 March 2026, summer time since Sunday: 05:30 UTC is already 07:30, 16:30 UTC is 18:30.
    expect(open('2026-03-30T05:30:00Z')).toBe(true);
    expect(open('2026-03-30T04:30:00Z')).toBe(false);
    expect(open('2026-03-30T16:30:00Z')).toBe(false);
    // Saturday and Sunday are closed all day.
    expect(open('2026-03-28T10:00:00Z')).toBe(false);
  });

  it('follows the spring-forward night (02:00 becomes 03:00) and the autumn night (02:00-03:00 twice)', () => {
    const night = hours({ sun: ['01:00-04:00'] });
    expect(open('2026-03-29T00:30:00Z', night)).toBe(true); // 01:30 CET
    expect(open('2026-03-29T01:30:00Z', night)).toBe(true); // 03:30 CEST
    expect(open('2026-03-29T02:00:00Z', night)).toBe(false); // 04:00 CEST
    const twice = hours({ sun: ['02:00-03:00'] });
    expect(open('2026-10-25T00:30:00Z', twice)).toBe(true); // 02:30 CEST
    expect(open('2026-10-25T01:30:00Z', twice)).toBe(true); // 02:30 CET, the second time
    expect(open('2026-10-25T02:30:00Z', twice)).toBe(false); // 03:30 CET
  });

  it('takes 24:00 as the end of the day', () => {
    const evening = hours({ sat: ['20:00-24:00'] });
    expect(open('2026-03-28T22:59:00Z', evening)).toBe(true); // Saturday 23:59 CET
    expect(open('2026-03-28T23:00:00Z', evening)).toBe(false); // Sunday 00:00
  });

  it('finds an opening between two instants, and none when they miss the interval', () => {
    const short = hours({ mon: ['20:10-20:20'] });
    expect(openedBetween(short, new Date('2026-03-23T19:00:00Z'), new Date('2026-03-23T19:30:00Z'))).toBe(true);
    expect(openedBetween(short, new Date('2026-03-23T19:21:00Z'), new Date('2026-03-23T19:59:00Z'))).toBe(false);
  });
});

describe('the working hours schema', () => {
  const parse = (mon: unknown) => workingHoursSchema.safeParse({ ...closed, mon });

  it('takes the console text of a day and answers the intervals', () => {
    expect(parse('07:00-12:00, 13:00–18:00').data?.mon).toEqual(['07:00-12:00', '13:00-18:00']);
    expect(parse('').data?.mon).toEqual([]);
    expect(workingHoursSchema.parse({ mon: ['07:00-18:00'] }).sun).toEqual([]);
  });

  it('refuses what is not an interval, an empty or reversed one, overlaps and too many', () => {
    expect(messages(parse('7-18'))).toEqual([INTERVAL_INVALID]);
    expect(messages(parse(['25:00-26:00']))).toEqual([INTERVAL_INVALID]);
    expect(messages(parse('18:00-07:00'))).toEqual([INTERVAL_EMPTY]);
    expect(messages(parse('08:00-08:00'))).toEqual([INTERVAL_EMPTY]);
    expect(messages(parse('07:00-12:00, 11:00-18:00'))).toEqual([INTERVALS_OVERLAP]);
    expect(messages(parse('01:00-02:00,03:00-04:00,05:00-06:00,07:00-08:00,09:00-10:00'))).toEqual([
      TOO_MANY_INTERVALS,
    ]);
  });

  it('is required for the type and refused beside the others, as is the distance', () => {
    const rule = { name: 'Night', text: 'Moved', email: null };
    expect(messages(alarmInputSchema.safeParse({ ...rule, type: 10 }))).toEqual([WORKING_HOURS_REQUIRED]);
    expect(
      alarmInputSchema.safeParse({ ...rule, type: 10, working_hours: DEFAULT_WORKING_HOURS, move_distance: '300' }).data
        ?.move_distance,
    ).toBe(300);
    expect(
      messages(
        alarmInputSchema.safeParse({ ...rule, type: 10, working_hours: DEFAULT_WORKING_HOURS, move_distance: 10 }),
      ),
    ).toEqual([MOVE_DISTANCE_INVALID]);
    expect(
      messages(
        alarmInputSchema.safeParse({ ...rule, type: 1, working_hours: DEFAULT_WORKING_HOURS, move_distance: 200 }),
      ),
    ).toEqual([WORKING_HOURS_NOT_TAKEN, MOVE_DISTANCE_NOT_TAKEN]);
  });
});

describe('what counts as a move', () => {
  const last = { latitude: 52, longitude: 5, radius: 30 };
  /** A fix `metres` north of the last position. */
  const north = (metres: number, accuracy: number, source: Fix['source'] = 'gnss'): Fix => ({
    latitude: 52 + metres / 111_195,
    longitude: 5,
    accuracy,
    source,
  });

  it('is a fix beyond the distance plus both accuracy radii', () => {
    expect(provesMove(last, north(200 + 30 + 20 + 5, 20), 200)).toBe(true);
    expect(provesMove(last, north(200 + 30 + 20 - 5, 20), 200)).toBe(false);
    // Without a distance on the rule: 200 m.
    expect(provesMove(last, north(240, 5), null)).toBe(true);
  });

  it('is never jitter of a coarse fix, nor a network estimate however far', () => {
    expect(provesMove(last, north(400, 250), 200)).toBe(false);
    expect(provesMove(last, north(5000, 100, 'network'), 200)).toBe(false);
    expect(provesMove(undefined, north(5000, 5), 200)).toBe(false);
  });

  it('needs a fix: an uplink without one, or a short way, proves nothing', () => {
    expect(provesMove(last, undefined, 200)).toBe(false);
    expect(provesMove(last, north(100, 5), 200)).toBe(false);
  });
});

describe('one alarm per episode', () => {
  const rule: AfterHoursRule = { id: 4, working_hours: DEFAULT_WORKING_HOURS };
  // Monday 23 March 2026 in Amsterdam (UTC+1): 20:00, 20:20, 20:40 and 22:00 local; Tuesday 08:00 local.
  const evening = ['2026-03-23T19:00:00.000Z', '2026-03-23T19:20:00.000Z', '2026-03-23T19:40:00.000Z'];

  it('raises at the first move outside the hours and not again while the asset keeps moving', () => {
    const first = afterHoursStep(rule, undefined, evening[0] as string, true);
    expect(first).toEqual({ raise: true, lastMove: evening[0] });
    const second = afterHoursStep(rule, first.lastMove, evening[1] as string, true);
    expect(second).toEqual({ raise: false, lastMove: evening[1] });
    // Still for 20 minutes: the episode stays open, and the next move raises nothing.
    const still = afterHoursStep(rule, second.lastMove, evening[2] as string, false);
    expect(still).toEqual({ raise: false, lastMove: evening[1] });
  });

  it('re-arms after the asset stood still for an hour', () => {
    const later = new Date(Date.parse(evening[0] as string) + EPISODE_STILL_MS).toISOString();
    expect(afterHoursStep(rule, evening[0], later, false)).toEqual({ raise: false, lastMove: undefined });
    expect(afterHoursStep(rule, evening[0], later, true)).toEqual({ raise: true, lastMove: later });
  });

  it('re-arms when the working hours began since the last move, and a move within them raises nothing', () => {
    expect(afterHoursStep(rule, evening[0], '2026-03-24T07:00:00.000Z', true)).toEqual({
      raise: false,
      lastMove: undefined,
    });
    const short: AfterHoursRule = { id: 5, working_hours: hours({ mon: ['20:10-20:20'] }) };
    expect(afterHoursStep(short, evening[0], evening[2] as string, true).raise).toBe(true);
  });

  it('keeps one episode per rule and drops a deleted rule', () => {
    const other: AfterHoursRule = { id: 6, working_hours: DEFAULT_WORKING_HOURS, move_distance: 5000 };
    const step = afterHoursEffects(
      [rule, other],
      { '9': evening[0] as string },
      evening[1] as string,
      (r) => r.id === 4,
    );
    expect(step).toEqual({ episodes: { '4': evening[1] }, raised: [4], changed: true });
    expect(afterHoursEffects([rule], step.episodes, evening[2] as string, () => false).changed).toBe(false);
  });
});

describe('the processor and the rule', () => {
  const rule: AfterHoursRule = { id: 4, working_hours: DEFAULT_WORKING_HOURS };
  const here = { latitude: 52, longitude: 5 };
  const last = { ...here, radius: 10, date: '2026-11-23T16:00:00.000Z', type: 'still' as const, geo_zone: null };
  const device = { id: 11, name: 'Tag 11', is_sabotaged: false, battery_level_low: false } as DeviceRecord;
  const asset = (extra: Partial<PipelineAsset>) =>
    ({ id: 5, name: 'Drum 5', devices: [], last_event: last, ...extra }) as unknown as PipelineAsset;
  // Monday 23 November 2026, 21:00 in Amsterdam: closed. 2 km north of the last position.
  const run = (extra: Partial<PipelineAsset>) =>
    uplinkEffects({
      tenantId: '1',
      uplink: {
        tenant: '1',
        devEui: 'A41163C212345678',
        source: 'mqtt',
        measuredAt: '2026-11-23T20:00:00.000Z',
        receivedAt: '2026-11-23T20:00:05.000Z',
      },
      decoded: { eventType: 'moving', fix: { latitude: 52.018, longitude: 5, accuracy: 10, source: 'gnss' } },
      device,
      asset: asset(extra),
      statuses: {},
      afterHours: [rule],
    });

  it('raises the rule’s alarm for a move from where the asset rested, and keeps the episode on the asset', () => {
    const effects = run({ rest_position: { ...here, radius: 10, since: last.date } });
    expect(effects.alarms.map((alarm) => [alarm.kind, alarm.ruleId])).toEqual([[10, 4]]);
    expect(effects.asset?.set.after_hours).toEqual({ '4': '2026-11-23T20:00:00.000Z' });
  });

  it('raises nothing for the first fix of a tag without a rest position (tags swapped): no evidence of a move', () => {
    const effects = run({});
    expect(effects.alarms).toEqual([]);
    expect(effects.asset?.set.after_hours).toBeUndefined();
  });
});
