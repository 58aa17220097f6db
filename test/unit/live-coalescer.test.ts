import { Coalescer } from '../../functions/lib/live/coalescer';
import { mergeMapChanges } from '../../functions/lib/live/map-delta';
import { chunkChanges } from '../../functions/lib/live/publisher';
import type { LiveChange } from '../../shared/schemas/live';

/** A clock the test moves; `sleep` advances it at once (no real waiting). */
function harness(minIntervalMs = 1000) {
  let time = 10_000;
  const sent: { channel: string; changes: LiveChange[]; at: number }[] = [];
  const coalescer = new Coalescer({
    minIntervalMs,
    now: () => time,
    sleep: async (ms) => {
      time += ms;
    },
    send: async (channel, changes) => {
      sent.push({ channel, changes, at: time });
    },
  });
  return { coalescer, sent, advance: (ms: number) => (time += ms) };
}
const marker = (id: number, lat: number) =>
  ({ t: 'asset', id, m: [id, 'A', null, lat, 5, 1, 0] }) satisfies LiveChange as Extract<LiveChange, { t: 'asset' }>;

describe('live coalescer', () => {
  it('sends one message a channel a flush, later changes of an id replacing earlier ones', async () => {
    const { coalescer, sent } = harness();
    coalescer.add('/live/t1/staff', [marker(1, 52), marker(2, 52)]);
    coalescer.add('/live/t1/staff', [marker(1, 53), { t: 'device', id: 1, asset: 1 }]);
    coalescer.add('/live/t1/c3', [marker(2, 52)]);
    await coalescer.flush();
    expect(sent).toHaveLength(2);
    const staff = sent.find((s) => s.channel === '/live/t1/staff');
    // Asset 1 once, with its latest marker, after asset 2 (its last change came later); the device is its own id.
    expect(staff?.changes).toEqual([marker(2, 52), marker(1, 53), { t: 'device', id: 1, asset: 1 }]);
  });

  it('treats a removal as the latest word on an asset', async () => {
    const { coalescer, sent } = harness();
    coalescer.add('/live/t1/staff', [marker(1, 52), { t: 'removed', id: 1 }]);
    await coalescer.flush();
    expect(sent[0]?.changes).toEqual([{ t: 'removed', id: 1 }]);
  });

  it('sends a channel at most once an interval, waiting out the rest at the next flush', async () => {
    const { coalescer, sent, advance } = harness(1000);
    coalescer.add('/live/t1/staff', [marker(1, 52)]);
    await coalescer.flush();
    advance(300);
    coalescer.add('/live/t1/staff', [marker(1, 53)]);
    await coalescer.flush();
    expect(sent.map((s) => s.at - (sent[0]?.at ?? 0))).toEqual([0, 1000]);
    // Nothing pending: a flush sends nothing.
    await coalescer.flush();
    expect(sent).toHaveLength(2);
  });

  it('shares one message between concurrent flushes of the same process', async () => {
    const { coalescer, sent } = harness(1000);
    coalescer.add('/live/t1/staff', [marker(1, 52)]);
    await coalescer.flush();
    coalescer.add('/live/t1/staff', [marker(2, 52)]);
    const first = coalescer.flush();
    coalescer.add('/live/t1/staff', [marker(3, 52)]);
    await Promise.all([first, coalescer.flush()]);
    expect(sent).toHaveLength(2);
    expect(sent[1]?.changes.map((c) => c.id)).toEqual([2, 3]);
  });

  it('never rejects when sending fails', async () => {
    const coalescer = new Coalescer({ minIntervalMs: 0, send: () => Promise.reject(new Error('down')) });
    coalescer.add('/live/t1/staff', [marker(1, 52)]);
    await expect(coalescer.flush()).resolves.toBeUndefined();
  });

  it('splits a large message into events under the per-event budget', () => {
    const changes = Array.from({ length: 100 }, (_, i) => marker(i + 1, 52));
    const chunks = chunkChanges(changes, 1000);
    expect(chunks.flat()).toEqual(changes);
    for (const chunk of chunks) expect(Buffer.byteLength(JSON.stringify(chunk))).toBeLessThanOrEqual(1000);
  });
});

describe('the map delta’s merge of the change log', () => {
  it('keeps each asset’s last word: its newest marker, or removed (deleted, out of view or without a position)', () => {
    const merged = mergeMapChanges([
      { cursor: '1', changes: [marker(1, 52), marker(2, 52), { t: 'device', id: 9, asset: 1 }] },
      { cursor: '2', changes: [marker(1, 53), { t: 'removed', id: 2 }, { t: 'asset', id: 3, m: null }] },
      { cursor: '3', changes: [marker(2, 54), { t: 'alarm', id: 'x', asset: 1, ack: false }] },
    ]);
    expect(merged).toEqual({ markers: [marker(1, 53).m, marker(2, 54).m], removed: [3] });
  });
});
