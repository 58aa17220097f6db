import type { AlarmInboxEntry } from '../../shared/schemas/alarm-inbox';
import { newAlarms } from '../../web/src/alarm-inbox/newAlarms';

/** Which inbox answers announce a new alarm (web/src/alarm-inbox/newAlarms.ts). */
const entry = (id: string) => ({ id }) as AlarmInboxEntry;
const ids = (entries: AlarmInboxEntry[]) => entries.map((e) => e.id);
const A = '20261126T080000000Z-1-aaaaaaaaaaaa';
const B = '20261126T090000000Z-1-bbbbbbbbbbbb';
const C = '20261126T100000000Z-2-cccccccccccc';

describe('new alarm notice', () => {
  it('announces nothing on the first answer, only sets the mark', () => {
    expect(newAlarms(undefined, [entry(B), entry(A)])).toEqual({ mark: B, fresh: [] });
    expect(newAlarms(undefined, [])).toEqual({ mark: null, fresh: [] });
  });

  it('announces the alarms newer than the newest seen, newest first', () => {
    expect(ids(newAlarms(A, [entry(C), entry(B), entry(A)]).fresh)).toEqual([C, B]);
    expect(newAlarms(A, [entry(C), entry(B), entry(A)]).mark).toBe(C);
    expect(ids(newAlarms(null, [entry(A)]).fresh)).toEqual([A]);
  });

  it('is quiet when an alarm was acknowledged or an older one moved up into the page', () => {
    expect(newAlarms(C, [entry(B), entry(A)])).toEqual({ mark: C, fresh: [] });
    expect(newAlarms(B, [])).toEqual({ mark: B, fresh: [] });
  });
});
