import { BatchCodecTime, CODEC_BUDGET, MinuteAccount } from '../../functions/lib/pipeline/codecs/codec-budget';
import {
  cachedCodecCount,
  clearCodecCache,
  compiledCodec,
  isCached,
  MAX_CACHED_CODECS,
  release,
  STRIKES,
  struckOut,
  TENANT_CODEC_SLOTS,
} from '../../functions/lib/pipeline/codecs/codec-cache';
import { decoderFor } from '../../functions/lib/pipeline/codecs/profile-decoder';
import { CompiledCodec } from '../../functions/lib/pipeline/codecs/sandbox';
import { fromCodecLane } from '../../functions/lib/pipeline/queue/codec-lane';
import { DEMO_CODEC } from '../../scripts/seed/demo-codec';

/** Each tenant's share of codec time and of the compile cache (codec-budget.ts, codec-cache.ts). */
const budget = { slowRunMs: 25, tenantBatchMs: 100, tenantMinuteMs: 300, batchMs: 250 };

describe('a batch’s codec time (BatchCodecTime)', () => {
  it('stops a tenant at its batch share; other tenants go on', () => {
    const time = new BatchCodecTime({ lane: false, minutes: new MinuteAccount(), budget });
    time.charge('A', 60);
    expect(time.allows('A')).toBe(true);
    time.charge('A', 45);
    expect(time.allows('A')).toBe(false);
    expect(time.allows('B')).toBe(true);
  });

  it('stops every tenant when the batch has used its whole share', () => {
    const time = new BatchCodecTime({ lane: false, minutes: new MinuteAccount(), budget });
    for (const tenant of ['A', 'B', 'C']) time.charge(tenant, 90);
    expect(time.allows('D')).toBe(false);
  });

  it('keeps a tenant’s minute across batches of the container, and forgets it the next minute', () => {
    let now = Date.parse('2026-11-30T10:00:05Z');
    const minutes = new MinuteAccount(() => now);
    for (let batch = 0; batch < 4; batch++) new BatchCodecTime({ lane: false, minutes, budget }).charge('A', 80);
    expect(minutes.spentBy('A')).toBe(320);
    expect(new BatchCodecTime({ lane: false, minutes, budget }).allows('A')).toBe(false);
    expect(new BatchCodecTime({ lane: false, minutes, budget }).allows('B')).toBe(true);
    // The lane is where a tenant over its minute runs: there only the batch shares hold.
    expect(new BatchCodecTime({ lane: true, minutes, budget }).allows('A')).toBe(true);
    now += 60_000;
    expect(new BatchCodecTime({ lane: false, minutes, budget }).allows('A')).toBe(true);
  });

  it('ignores what is no time (a cached codec’s compile, NaN)', () => {
    const minutes = new MinuteAccount();
    const time = new BatchCodecTime({ lane: false, minutes, budget });
    time.charge('A', 0);
    time.charge('A', Number.NaN);
    expect(minutes.spentBy('A')).toBe(0);
  });

  it('has budgets far inside the processor’s limits', () => {
    // A batch of 10 that each compile (250 ms) and run (50 ms) once stays under the batch share's order.
    expect(CODEC_BUDGET.batchMs).toBeLessThanOrEqual(30_000 / 10);
    expect(CODEC_BUDGET.slowRunMs).toBeLessThan(50);
    expect(CODEC_BUDGET.tenantBatchMs).toBeLessThan(CODEC_BUDGET.batchMs);
  });
});

describe('the codec lane is told by the records’ event source', () => {
  const record = (arn: string) => ({ eventSourceARN: arn }) as Parameters<typeof fromCodecLane>[0][number];
  it('a lane batch comes from the lane queue; the uplink queue’s is no lane', () => {
    expect(fromCodecLane([record('arn:aws:sqs:eu-west-1:1:dev-tracking-uplinks-codec-lane.fifo')])).toBe(true);
    expect(fromCodecLane([record('arn:aws:sqs:eu-west-1:1:dev-tracking-uplinks.fifo')])).toBe(false);
    expect(fromCodecLane([])).toBe(false);
  });
});

describe('each tenant’s share of the compile cache', () => {
  it(`lets a tenant rotating many profiles hold only ${TENANT_CODEC_SLOTS} slots: another tenant’s codec stays`, async () => {
    clearCodecCache();
    const { codec: held } = await compiledCodec('2:1:1', DEMO_CODEC);
    for (let profile = 1; profile <= 100; profile++) await compiledCodec(`1:${profile}:1`, DEMO_CODEC);
    expect(isCached('2:1:1')).toBe(true);
    expect((await compiledCodec('2:1:1', DEMO_CODEC)).codec).toBe(held);
    expect(cachedCodecCount()).toBe(TENANT_CODEC_SLOTS + 1);
    // Its own most recent ones are the ones kept.
    expect(isCached('1:100:1')).toBe(true);
    expect(isCached('1:96:1')).toBe(false);
  });

  it(`still holds at most ${MAX_CACHED_CODECS} in all, and charges a compile only to the call that compiled`, async () => {
    clearCodecCache();
    for (let tenant = 1; tenant <= 40; tenant++) await compiledCodec(`${tenant}:1:1`, DEMO_CODEC);
    expect(cachedCodecCount()).toBe(MAX_CACHED_CODECS);
    const [first, second] = await Promise.all([
      compiledCodec('50:1:1', DEMO_CODEC),
      compiledCodec('50:1:1', DEMO_CODEC),
    ]);
    expect(first.compileMs).toBeGreaterThan(0);
    expect(second.compileMs).toBe(0);
  });
});

describe('a slow run that succeeds', () => {
  it('counts a strike like an interrupted one: a codec busy for most of its deadline is refused after 3 in a row', async () => {
    clearCodecCache();
    const key = '3:1:1';
    const { codec } = await compiledCodec(key, DEMO_CODEC);
    if (!(codec instanceof CompiledCodec)) throw new Error('no codec');
    release(key, codec, CODEC_BUDGET.slowRunMs - 1);
    expect(struckOut(key)).toBe(false);
    for (let run = 0; run < STRIKES; run++) release(key, codec, CODEC_BUDGET.slowRunMs + 1);
    expect(struckOut(key)).toBe(true);
    // Its runtime was sound: it stayed cached until struck out.
    expect(isCached(key)).toBe(true);
  });

  it('is forgiven by a quick run (a loaded machine’s pause); interrupted runs are not', async () => {
    clearCodecCache();
    const key = '3:2:1';
    const { codec } = await compiledCodec(key, DEMO_CODEC);
    if (!(codec instanceof CompiledCodec)) throw new Error('no codec');
    for (let run = 0; run < 10; run++) {
      release(key, codec, CODEC_BUDGET.slowRunMs + 1);
      release(key, codec, CODEC_BUDGET.slowRunMs + 1);
      release(key, codec, 0.1);
    }
    expect(struckOut(key)).toBe(false);
    const broken = { broken: true } as CompiledCodec;
    release(key, broken, 50);
    release(key, broken, 50);
    release(key, codec, 0.1);
    expect(struckOut(key)).toBe(false);
    // Two interrupted runs and one slow success are three strikes.
    release(key, codec, CODEC_BUDGET.slowRunMs + 1);
    expect(struckOut(key)).toBe(true);
  });

  it('is struck through the decoder, which charges each run to its tenant', async () => {
    clearCodecCache();
    const busy = `function decodeUplink(input) {
      var until = Date.now() + ${CODEC_BUDGET.slowRunMs + 5};
      while (Date.now() < until) {}
      return { data: { latitude: 52, longitude: 5 } };
    }`;
    const profile = { key: '4:1:1', codec: busy, field_paths: {} };
    const charged: number[] = [];
    const time = { charge: (tenant: string, ms: number) => (tenant === '4' ? charged.push(ms) : undefined) };
    for (let run = 0; run < STRIKES; run++)
      expect((await decoderFor(profile, time))('00', 2, new Date()).ok).toBe(true);
    expect(struckOut(profile.key)).toBe(true);
    expect((await decoderFor(profile, time))('00', 2, new Date())).toEqual({
      ok: false,
      reason: "Codec error: the profile's codec hit its limits 3 times; fix it and save the profile",
    });
    // One compile and three runs, each at least the busy time.
    expect(charged).toHaveLength(1 + STRIKES);
    expect(charged.slice(1).every((ms) => ms >= CODEC_BUDGET.slowRunMs)).toBe(true);
  });
});
