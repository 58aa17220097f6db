import {
  alarmKindOf,
  countBy,
  countByProfile,
  judgeZone,
  stockState,
  transitionsOf,
} from '../../functions/lib/zone-stock/stock-counts';
import {
  STOCK_LIMIT_EMPTY,
  STOCK_MIN_ABOVE_MAX,
  STOCK_PROFILE_TWICE,
  stockLimitsInputSchema,
} from '../../shared/schemas/zone-stock';

const reel = { id: 1, name: 'Reel' };
const drum = { id: 2, name: 'Drum' };

describe('zone stock evaluator', () => {
  it('counts an asset once under each of its profiles, and one without under null', () => {
    const counts = countByProfile([{ profiles: [reel, drum] }, { profiles: [reel, reel] }, { profiles: [] }]);
    expect(counts.get(1)?.count).toBe(2);
    expect(counts.get(2)?.count).toBe(1);
    expect(counts.get(null)).toEqual({ id: null, name: null, count: 1 });
  });

  it('orders other counts most first, then by value, null last', () => {
    expect(countBy(['b', null, 'a', 'b', 'a', 'c'], (v) => v)).toEqual([
      { value: 'a', count: 2 },
      { value: 'b', count: 2 },
      { value: 'c', count: 1 },
      { value: null, count: 1 },
    ]);
  });

  it('judges below the minimum, above the maximum, within both and at the bounds', () => {
    expect(stockState(1, { min: 2, max: 4 })).toBe('below');
    expect(stockState(2, { min: 2, max: 4 })).toBe('ok');
    expect(stockState(4, { min: 2, max: 4 })).toBe('ok');
    expect(stockState(5, { min: 2, max: 4 })).toBe('above');
    expect(stockState(0, { min: null, max: 0 })).toBe('ok');
    expect(stockState(9, { min: 3, max: null })).toBe('ok');
    expect(stockState(9, undefined)).toBe('ok');
  });

  it('names the bound crossed and a profile nobody inside holds by its definition', () => {
    const counts = countByProfile([{ profiles: [reel] }]);
    const judged = judgeZone(
      counts,
      [
        { profile: 1, min: 2, max: null },
        { profile: 2, min: null, max: 0 },
      ],
      new Map([[2, 'Drum']]),
    );
    expect(judged).toEqual([
      { profile: 1, profileName: 'Reel', count: 1, state: 'below', limit: 2 },
      { profile: 2, profileName: 'Drum', count: 0, state: 'ok', limit: null },
    ]);
  });

  it('moves only changed states: a missing state is ok, removed limits end an alarm', () => {
    const stored = new Map([
      [1, 'below' as const],
      [3, 'above' as const],
    ]);
    const judged = [
      { profile: 1, state: 'below' as const },
      { profile: 2, state: 'above' as const },
    ];
    expect(transitionsOf(stored, judged)).toEqual([
      { profile: 2, from: 'ok', to: 'above' },
      { profile: 3, from: 'above', to: 'ok' },
    ]);
    expect(transitionsOf(new Map([[1, 'below' as const]]), [{ profile: 1, state: 'above' as const }])).toEqual([
      { profile: 1, from: 'below', to: 'above' },
    ]);
    expect([alarmKindOf('below'), alarmKindOf('above'), alarmKindOf('ok')]).toEqual([4, 5, null]);
  });

  it('validates limits: min <= max, one bound at least, each profile once', () => {
    const result = stockLimitsInputSchema.safeParse({
      version: 0,
      limits: [
        { profile: 1, min: 3, max: 2 },
        { profile: 2, min: null, max: null },
        { profile: 1, min: 0, max: 1 },
      ],
    });
    expect(result.success).toBe(false);
    const issues = result.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(issues).toEqual(
      expect.arrayContaining([
        `limits.0.min: ${STOCK_MIN_ABOVE_MAX}`,
        `limits.1.min: ${STOCK_LIMIT_EMPTY}`,
        `limits.2.profile: ${STOCK_PROFILE_TWICE}`,
      ]),
    );
    expect(
      stockLimitsInputSchema.safeParse({ version: 3, limits: [{ profile: 1, min: 0, max: 1_000_000 }] }).success,
    ).toBe(true);
  });
});
