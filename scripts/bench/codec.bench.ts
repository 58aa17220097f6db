import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { clearCodecCache } from '../../functions/lib/pipeline/codecs/codec-cache';
import { decoderFor } from '../../functions/lib/pipeline/codecs/profile-decoder';
import { CODEC_LIMITS, CompiledCodec, quickJs } from '../../functions/lib/pipeline/codecs/sandbox';
import { DEMO_CODEC, encodeDemoPayload } from '../seed/demo-codec';
import { markdownTable } from './markdown-table';

/**
 * Payload codecs: µs per uplink of a vendor-sized codec in the warm sandbox (decode + mapping, what
 * the processor adds per uplink), the cost of a first compile (cold process: WebAssembly instantiation; then per
 * profile version), and that codecs over a limit are cut: a loop for ever at the deadline, megabyte allocations
 * at the memory limit. Pure CPU in this process. `npx tsx scripts/bench/codec.bench.ts` writes the section into
 * docs/performance.md (BENCH_DRY_RUN=true only prints); `npm run bench` runs it as BENCH_SECTIONS=codec.
 */
const DOC = path.resolve(__dirname, '../../docs/performance.md');
const WARM_UPLINKS = 5000;
const COMPILES = 30;

/** A vendor-sized codec: the demo layout plus the lookup tables and helpers real codecs carry (~24 KB). */
const VENDOR_CODEC = `${DEMO_CODEC}
var ERROR_TEXTS = {${Array.from({ length: 600 }, (_, i) => `e${i}: 'vendor error text number ${i}'`).join(', ')}};
${Array.from({ length: 40 }, (_, i) => `function helper${i}(b, o) { return ((b[o] << 8) | b[o + 1]) * ${i + 1} / 10; }`).join('\n')}
`;
const LOOPING = 'function decodeUplink(input) { while (true) {} }';
const BIG_ALLOCATING = 'function decodeUplink(input) { var a = []; while (true) { a.push(new Array(1e5).fill(1)); } }';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
const ms = (from: bigint) => Number(process.hrtime.bigint() - from) / 1e6;

async function compileTimes() {
  let started = process.hrtime.bigint();
  await quickJs();
  const engine = ms(started);
  const times: number[] = [];
  for (let i = 0; i < COMPILES; i++) {
    started = process.hrtime.bigint();
    const codec = await CompiledCodec.compile(VENDOR_CODEC);
    times.push(ms(started));
    if (codec instanceof CompiledCodec) codec.dispose();
    else throw new Error(codec.error);
  }
  return { engine, first: times[0] as number, median: median(times.slice(1)) };
}

async function warmMicroseconds() {
  clearCodecCache();
  const decode = await decoderFor({ key: 'bench:101:1', codec: VENDOR_CODEC, field_paths: {} });
  const { hex, fPort } = encodeDemoPayload({ latitude: 52.0907, longitude: 5.1214, batteryMv: 3600, motion: true });
  for (let i = 0; i < 500; i++) decode(hex, fPort, new Date());
  const runs: number[] = [];
  for (let run = 0; run < 5; run++) {
    const started = process.hrtime.bigint();
    for (let i = 0; i < WARM_UPLINKS; i++) {
      const result = decode(hex, fPort, new Date());
      if (!result.ok) throw new Error(result.reason);
    }
    runs.push((ms(started) * 1000) / WARM_UPLINKS);
  }
  return median(runs);
}

async function cut(source: string) {
  const codec = await CompiledCodec.compile(source);
  if (!(codec instanceof CompiledCodec)) throw new Error(codec.error);
  const started = process.hrtime.bigint();
  const { errors } = codec.decode({ bytes: [1], fPort: 2, recvTime: new Date() });
  const took = ms(started);
  codec.dispose();
  return { took, error: errors[0] ?? '(no error)' };
}

export async function benchCodec(): Promise<string> {
  const compile = await compileTimes();
  const warm = await warmMicroseconds();
  const loop = await cut(LOOPING);
  const allocating = await cut(BIG_ALLOCATING);
  const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const load = os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' / ');
  return [
    '## Payload codecs (`scripts/bench/codec.bench.ts`)',
    '',
    `Run ${when} UTC, Node.js ${process.version}, ${os.cpus().length} cores shared (load average ${load}). ` +
      `The vendor-sized codec is the demo GT-2 layout (scripts/seed/demo-codec.ts) with ${Math.round(VENDOR_CODEC.length / 1024)} KB of ` +
      'tables and helpers, as published codecs carry. Warm: decode + mapping of a 12-byte position uplink through ' +
      `the processor's decoder (compiled once, cached), median of 5 runs of ${WARM_UPLINKS.toLocaleString('en-US')}. ` +
      `Limits: ${CODEC_LIMITS.timeMs} ms per decode, ${CODEC_LIMITS.compileTimeMs} ms per compile, ` +
      `${CODEC_LIMITS.memoryBytes / 1024 / 1024} MB, ${CODEC_LIMITS.stackBytes / 1024} KB stack, ${CODEC_LIMITS.outputBytes / 1024} KB of JSON.`,
    '',
    ...markdownTable(
      [{ heading: 'measure' }, { heading: 'value', align: 'right' }],
      [
        [
          'engine instantiation, once per process (WebAssembly in the bundle, warm-up run included)',
          `${compile.engine.toFixed(1)} ms`,
        ],
        ['first compile of the codec (new runtime + context, parse, top level)', `${compile.first.toFixed(2)} ms`],
        [`compile of a new profile version after that (median of ${COMPILES - 1})`, `${compile.median.toFixed(2)} ms`],
        ['warm decode + mapping per uplink', `${warm.toFixed(1)} µs`],
        ['a loop for ever, cut at', `${loop.took.toFixed(1)} ms ("${loop.error}")`],
        ['megabyte arrays in a loop, cut at', `${allocating.took.toFixed(0)} ms ("${allocating.error}")`],
      ],
    ),
    '',
    'QuickJS checks the deadline between slices of bytecode: a loop of cheap steps stops at the deadline, but ' +
      'a loop whose single steps are megabyte operations runs until the memory limit stops it, which is the ' +
      "second figure (it grows with the machine's load: QuickJS collects garbage on every allocation near the " +
      'limit). codec-cache.ts gives each profile version three strikes per container, and a run over 500 ms uses ' +
      'all three at once; after that its uplinks are rejected at once until the profile is saved again, so a bad ' +
      'codec costs one such run per warm container. A hard wall-clock stop (the sandbox in a worker thread, ' +
      'terminated at the deadline) is the next step if that is too much.',
  ].join('\n');
}

/** The text between the section's markers, or the block appended (index.ts replaceSection, which runs its main). */
function writeSection(content: string): void {
  const [start, end] = ['<!-- bench:codec -->', '<!-- /bench:codec -->'];
  const document = readFileSync(DOC, 'utf8');
  const block = `${start}\n${content.trim()}\n${end}`;
  const from = document.indexOf(start);
  const to = document.indexOf(end);
  const next =
    from >= 0 && to > from
      ? document.slice(0, from) + block + document.slice(to + end.length)
      : `${document.trimEnd()}\n\n${block}\n`;
  writeFileSync(DOC, next);
  execFileSync(process.execPath, [require.resolve('@biomejs/biome/bin/biome'), 'format', '--write', DOC]);
}

if (require.main === module) {
  benchCodec()
    .then((section) => {
      console.log(section);
      if (process.env.BENCH_DRY_RUN !== 'true') writeSection(section);
      process.exit(0);
    })
    .catch((error) => {
      console.error(error);
      process.exit(1);
    });
}
