/**
 * The order of test files in a run: shuffled by a seed, so that a file that depends on what ran before it
 * fails in some run rather than passing by luck. The seed is printed; `TEST_SEED=<n>` replays a run's order.
 * `TEST_ORDER=a,b` (file names without .test.ts) puts those files first, in that order, to try a suspected
 * pair: `TEST_ORDER=pipeline,kpn-things npx jest --selectProjects integration --runInBand
 * test/integration/{pipeline,kpn-things}.test.ts`. jest.config.js makes this every project's sequencer.
 */
const path = require('node:path');
const Sequencer = require('@jest/test-sequencer').default;
/** Seconds a file took when measured alone (test-file-seconds.json); a file not listed counts as a median one. */
const FILE_SECONDS = require('./test-file-seconds.json');
const MEDIAN_FILE_SECONDS = 8;

/** mulberry32: a small seeded generator, so one seed gives one order on every machine. */
function randomFrom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const nameOf = (file) =>
  file
    .split('/')
    .pop()
    .replace(/\.test\.ts$/, '');

class FileOrderSequencer extends Sequencer {
  /**
   * `--shard=i/n`: the files go to the shard with the fewest seconds so far, heaviest first, so each shard
   * (a jest process with a stack of its own) takes about the same time. Jest's own split, by a hash of the path,
   * put the fuzz sweep and most of the slow files in one half. Which shard a file lands in never depends on the
   * seed; the order within a shard does (sort, below).
   */
  shard(tests, { shardIndex, shardCount }) {
    const secondsOf = (test) =>
      FILE_SECONDS[path.relative(test.context.config.rootDir, test.path)] ?? MEDIAN_FILE_SECONDS;
    const heaviestFirst = [...tests].sort((a, b) => secondsOf(b) - secondsOf(a) || (a.path < b.path ? -1 : 1));
    const load = Array.from({ length: shardCount }, () => 0);
    return heaviestFirst.filter((test) => {
      const lightest = load.indexOf(Math.min(...load));
      load[lightest] += secondsOf(test);
      return lightest === shardIndex - 1;
    });
  }

  sort(tests) {
    const seed = Number(process.env.TEST_SEED ?? Math.floor(Math.random() * 2 ** 31));
    const listed = (process.env.TEST_ORDER ?? '').split(',').filter(Boolean);
    const random = randomFrom(seed);
    // Sorted by path first, so the shuffle starts from the same list whatever order the files were found in.
    const shuffled = [...tests].sort((a, b) => (a.path < b.path ? -1 : 1));
    for (let i = shuffled.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [shuffled[i], shuffled[j]] = [shuffled[j], shuffled[i]];
    }
    const rank = (test) => {
      const index = listed.indexOf(nameOf(test.path));
      return index === -1 ? listed.length : index;
    };
    const ordered = shuffled.sort((a, b) => rank(a) - rank(b));
    const project = ordered[0]?.context.config.displayName?.name ?? '';
    process.stderr.write(
      `Test files of ${project || 'this run'} in shuffled order, seed ${seed} (replay: TEST_SEED=${seed})\n`,
    );
    return ordered;
  }
}

module.exports = FileOrderSequencer;
