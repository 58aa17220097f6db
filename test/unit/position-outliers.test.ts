import type { DeviceRecord } from '../../functions/lib/devices/device-repository';
import type { Fix } from '../../functions/lib/pipeline/contracts';
import { checkFix } from '../../functions/lib/pipeline/plausibility';
import { type FixTrack, NEIGHBOUR_WINDOW_MS, screenPosition } from '../../functions/lib/pipeline/position-rule';
import { trackChanges } from '../../functions/lib/pipeline/processor/fix-effects';

/**
 * Recorded-style tracks through the position screen (functions/lib/pipeline/position-rule.ts), one uplink after
 * the other as the processor runs them: each fix's verdict, the outliers marked, and what the rule of the last
 * accepted fix alone (checkFix, the rule before the screen judged against two neighbours) would have done.
 */
const DEPOT = { latitude: 52.0318, longitude: 5.0946 }; // a depot in Nieuwegein
const T0 = Date.parse('2026-11-23T06:00:00.000Z');
const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString();

/** `north` and `east` metres from `from`. */
function offset(from: { latitude: number; longitude: number }, north: number, east: number) {
  const latitude = from.latitude + north / 111_320;
  return { latitude, longitude: from.longitude + east / (111_320 * Math.cos((latitude * Math.PI) / 180)) };
}
const gnss = (place: { latitude: number; longitude: number }, accuracy = 10): Fix => ({
  ...place,
  accuracy,
  source: 'gnss',
});
const network = (place: { latitude: number; longitude: number }, accuracy: number): Fix => ({
  ...place,
  accuracy,
  source: 'network',
});

type Step = { minutes: number; fix: Fix };
type Verdict = 'kept' | 'dropped';

/** Runs the steps as uplinks of one device: the verdicts, the steps marked as outliers, and the rule alone's. */
function replay(steps: Step[]) {
  const device = {} as DeviceRecord;
  const verdicts: Verdict[] = [];
  const outliers: number[] = [];
  let last: { fix: Fix; at: string } | undefined;
  const alone: Verdict[] = [];
  steps.forEach((step, i) => {
    const track: FixTrack = { last: device.last_fix, suspect: device.suspect_fix };
    const screen = screenPosition([step.fix], track, at(step.minutes));
    verdicts.push(screen.fix ? 'kept' : 'dropped');
    if (screen.outlier) outliers.push(screen.outlier.last.event_id as number);
    // The event id is the step's index: the outvoted fix's event is the step it names.
    Object.assign(device, trackChanges(screen, device, i));
    const today = checkFix(step.fix, last, at(step.minutes)).ok;
    alone.push(today ? 'kept' : 'dropped');
    if (today) last = { fix: step.fix, at: at(step.minutes) };
  });
  return { verdicts, outliers, alone, device };
}

/** Fixes every `every` minutes from `from`, moving `speedKmh` north-east, GNSS noise of a few metres. */
function drive(
  from: { latitude: number; longitude: number },
  count: number,
  every: number,
  speedKmh: number,
  start = 0,
) {
  return Array.from({ length: count }, (_, i): Step => {
    const metres = (speedKmh / 3.6) * every * 60 * i;
    const noise = ((i * 37) % 11) - 5;
    return { minutes: start + i * every, fix: gnss(offset(from, metres * 0.6 + noise, metres * 0.8 - noise)) };
  });
}

describe('one wrong fix does not hold a tag hostage (recorded-style tracks)', () => {
  it('drops a single multipath outlier in a walk and keeps every fix around it', () => {
    // A courier on foot at 5 km/h, a fix every 30 s; the sixth jumps 2.5 km east, still claiming 8 m.
    const walk = drive(DEPOT, 12, 0.5, 5);
    const outlier = walk[5] as Step;
    walk[5] = { ...outlier, fix: gnss(offset(outlier.fix, 0, 2_500), 8) };
    const run = replay(walk);
    expect(run.verdicts.map((v, i) => (v === 'dropped' ? i : -1)).filter((i) => i >= 0)).toEqual([5]);
    expect(run.outliers).toEqual([]);
    expect(run.device.suspect_fix).toBeUndefined();
  });

  it('outvotes a network fix claiming 20 m 30 km off, taken as the first fix of the morning', () => {
    // The tag rests at the depot overnight; its first uplink of the day is a network solve that put it 30 km
    // away with a radius of 20 m (KPN LoRa geolocation carries the network's radius, typically 300 m and more).
    const evening = drive(DEPOT, 3, 15, 0);
    const wrong: Step = { minutes: 14 * 60, fix: network(offset(DEPOT, 18_000, 24_000), 20) };
    const morning = drive(DEPOT, 4, 5, 0, 14 * 60 + 5);
    const run = replay([...evening, wrong, ...morning]);
    expect(run.verdicts).toEqual(['kept', 'kept', 'kept', 'kept', 'dropped', 'kept', 'kept', 'kept']);
    expect(run.outliers).toEqual([3]);
    // The rule alone holds the depot's fixes off until 30 km at 150 km/h have passed: 12 minutes.
    expect(run.alone).toEqual(['kept', 'kept', 'kept', 'kept', 'dropped', 'dropped', 'kept', 'kept']);
    expect(run.device.last_fix).toMatchObject({ latitude: morning[3]?.fix.latitude, confirmed: true });
  });

  it('drops the same network fix during the day, between two depot fixes, and marks nothing', () => {
    const day = drive(DEPOT, 5, 5, 0);
    day.splice(3, 0, { minutes: 12, fix: network(offset(DEPOT, 18_000, 24_000), 20) });
    const run = replay(day);
    expect(run.verdicts).toEqual(['kept', 'kept', 'kept', 'dropped', 'kept', 'kept']);
    expect(run.outliers).toEqual([]);
  });

  it('keeps a real motorway trip at 120 km/h with a fix every 15 minutes, each one confirmed', () => {
    const run = replay(drive(DEPOT, 10, 15, 120));
    expect(run.verdicts).toEqual(Array(10).fill('kept'));
    expect(run.device.last_fix?.confirmed).toBe(true);
  });

  it('keeps a tag switched off at the depot and switched on 200 km away after a truck ride of three hours', () => {
    const depot = drive(DEPOT, 3, 15, 0);
    const site = offset(DEPOT, 160_000, 120_000); // 200 km north-east
    const arrival = drive(site, 4, 15, 0, 30 + 180);
    const run = replay([...depot, ...arrival]);
    expect(run.verdicts).toEqual(Array(7).fill('kept'));
    expect(run.outliers).toEqual([]);
  });

  it('keeps alternating GNSS (10 m) and network (1-3 km) fixes of a van in town; drops a solve far beyond its radius', () => {
    // A van at 30 km/h, a fix every 2 minutes; every other one a network solve off by up to 80 % of its radius.
    const steps = drive(DEPOT, 16, 2, 30).map((step, i): Step => {
      if (i % 2 === 0) return step;
      const radius = 1_000 + ((i * 700) % 2_000);
      return { ...step, fix: network(offset(step.fix, 0.8 * radius * (i % 4 === 1 ? 1 : -1), 0), radius) };
    });
    expect(replay(steps).verdicts).toEqual(Array(16).fill('kept'));
    // A solve 12 km off claiming 1 km, a minute after a GNSS fix: over 600 km/h beyond both radii.
    const bad = {
      minutes: (steps[8] as Step).minutes + 1,
      fix: network(offset((steps[8] as Step).fix, 12_000, 0), 1_000),
    };
    const run = replay([...steps.slice(0, 9), bad, ...steps.slice(9)]);
    expect(run.verdicts.filter((v) => v === 'dropped')).toHaveLength(1);
    expect(run.verdicts[9]).toBe('dropped');
    expect(run.outliers).toEqual([]);
  });

  it('two wrong fixes that agree do not hijack a confirmed track: the next good fix goes on from it', () => {
    // A walk with a fix every minute (each confirmed by the one before), then the same wrong network solve
    // twice, 40 km off and claiming 50 m, then the walk again.
    const walk = drive(DEPOT, 8, 1, 5);
    const wrong = (minutes: number): Step => ({ minutes, fix: network(offset(DEPOT, 40_000, 0), 50) });
    const steps = [...walk.slice(0, 5), wrong(4.5), wrong(4.8), ...walk.slice(5)];
    const run = replay(steps);
    // Both wrong fixes are dropped: they agree with each other, but two dropped fixes outvote only an
    // unconfirmed fix, and the walk's last fix agreed with the one before it.
    expect(run.verdicts).toEqual([
      'kept',
      'kept',
      'kept',
      'kept',
      'kept',
      'dropped',
      'dropped',
      'kept',
      'kept',
      'kept',
    ]);
    expect(run.outliers).toEqual([]);
    expect(run.device.suspect_fix).toBeUndefined();
  });

  it('two agreeing wrong fixes do take an unconfirmed fix over, and the good fixes take it back three later', () => {
    // The first fix after a night stands alone: nothing tells it from two wrong fixes that agree. The filter
    // goes with the pair (and marks the good fix); the good fixes after them, agreeing, outvote the pair's last.
    const evening: Step = { minutes: -10 * 60, fix: gnss(DEPOT) };
    const morning: Step = { minutes: 0, fix: gnss(DEPOT) };
    const wrong = (minutes: number): Step => ({ minutes, fix: network(offset(DEPOT, 40_000, 0), 50) });
    const good = drive(DEPOT, 4, 2, 0, 5);
    const run = replay([evening, morning, wrong(1), wrong(2), ...good]);
    expect(run.verdicts).toEqual(['kept', 'kept', 'dropped', 'kept', 'dropped', 'dropped', 'kept', 'kept']);
    expect(run.outliers).toEqual([1, 3]);
  });
});

describe('the screen is bounded', () => {
  const far = network(offset(DEPOT, 0, 900_000), 100); // 900 km east: a solve of a gateway abroad

  it('counts a dropped fix older than an hour as nothing', () => {
    // A wrong fix taken after a night, a good one dropped, two hours of silence, then good ones again.
    const steps: Step[] = [
      { minutes: 0, fix: gnss(DEPOT) },
      { minutes: 12 * 60, fix: far },
      { minutes: 12 * 60 + 5, fix: gnss(DEPOT) },
      { minutes: 12 * 60 + 5 + NEIGHBOUR_WINDOW_MS / 60_000 + 60, fix: gnss(DEPOT) },
      { minutes: 12 * 60 + 5 + NEIGHBOUR_WINDOW_MS / 60_000 + 75, fix: gnss(DEPOT) },
    ];
    const run = replay(steps);
    expect(run.verdicts).toEqual(['kept', 'kept', 'dropped', 'dropped', 'kept']);
    expect(run.outliers).toEqual([1]);
  });

  it('starves no tag: fixes that agree with nothing are taken again 12 hours after the last accepted one', () => {
    // Every half hour a fix 2,000 to 3,000 km north or south, each on the other side from the one before.
    const scatter = Array.from({ length: 30 }, (_, i): Step => {
      const north = (i % 2 === 0 ? 1 : -1) * 1_000_000 * (2 + (i % 3) / 2);
      return { minutes: 30 * (i + 1), fix: gnss(offset(DEPOT, north, 0)) };
    });
    const run = replay([{ minutes: 0, fix: gnss(DEPOT) }, ...scatter]);
    const firstKept = run.verdicts.indexOf('kept', 1);
    expect(run.verdicts.slice(1, firstKept).every((v) => v === 'dropped')).toBe(true);
    expect((scatter[firstKept - 1] as Step).minutes).toBe(12 * 60 + 30);
    expect(run.outliers).toEqual([]);
  });

  it('lets a late uplink (older than the last event) neither move the suspect nor outvote anything', () => {
    const steps = [
      { minutes: 0, fix: gnss(DEPOT) },
      { minutes: 12 * 60, fix: far },
    ];
    const { device } = replay([...steps, { minutes: 12 * 60 + 5, fix: gnss(DEPOT) }]);
    const track: FixTrack = { last: device.last_fix, suspect: device.suspect_fix };
    // Agrees with the suspect, is refused by the last fix: in order it would outvote; late, it is only dropped.
    const late = screenPosition([gnss(DEPOT)], track, at(12 * 60 + 3), true);
    expect(late).toMatchObject({ fix: undefined, track, dropped: [{ source: 'gnss', reason: expect.any(String) }] });
    expect(late.outlier).toBeUndefined();
    expect(screenPosition([gnss(DEPOT)], track, at(12 * 60 + 7)).outlier).toBeDefined();
  });
});
