import { handlingOf, refusalOf, stateAfter } from '../../functions/lib/alarms/alarm-handling-record';

describe('alarm handling record', () => {
  it('reads an alarm recorded before handling: open, or acknowledged with that one step, version 1', () => {
    expect(handlingOf({ acknowledgedAt: null, acknowledgedBy: null })).toEqual({
      state: 'open',
      owner: null,
      resolvedAt: null,
      resolvedBy: null,
      history: [],
      version: 1,
    });
    const at = '2026-11-01T10:00:00.000Z';
    expect(handlingOf({ acknowledgedAt: at, acknowledgedBy: 'user' })).toMatchObject({
      state: 'acknowledged',
      history: [{ step: 'acknowledged', at, by: 'user', comment: null, owner: null }],
      version: 1,
    });
  });

  it('keeps what a handled alarm stores', () => {
    const owner = { id: 3, username: 'user' };
    const stored = { state: 'resolved' as const, owner, resolvedAt: 'x', resolvedBy: 'admin', history: [], version: 4 };
    expect(handlingOf({ ...stored, acknowledgedAt: 'y' })).toEqual(stored);
  });

  it('refuses every step on a resolved alarm and a second acknowledgement; an assignment keeps the state', () => {
    expect(refusalOf('resolved', 'assigned')).toBe('alreadyResolved');
    expect(refusalOf('resolved', 'resolved')).toBe('alreadyResolved');
    expect(refusalOf('acknowledged', 'acknowledged')).toBe('alreadyAcknowledged');
    expect(refusalOf('open', 'resolved')).toBeNull();
    expect(refusalOf('acknowledged', 'assigned')).toBeNull();
    expect(stateAfter('acknowledged', 'assigned')).toBe('acknowledged');
    expect(stateAfter('open', 'resolved')).toBe('resolved');
  });
});
