/**
 * The order of test files in a run: shuffled by a seed, so that a file that depends on what ran before it
 * fails in some run rather than passing by luck. The seed is printed; `TEST_SEED=<n>` replays a run's order.
 * `TEST_ORDER=a,b` (file names without .test.ts) puts those files first, in that order, to try a suspected
 * pair: `TEST_ORDER=pipeline,kpn-things npx jest --selectProjects integration --runInBand
 * test/integration/{pipeline,kpn-things}.test.ts`. jest.config.js makes this every project's sequencer.
 */
const Sequencer = require('@jest/test-sequencer').default;

// The seed's generator is the demo data's (scripts/seed/prng.ts); jest loads a sequencer untransformed, so tsx
// loads the TypeScript module.
const { mulberry32 } = require('tsx/cjs/api').require('../../scripts/seed/prng.ts', __filename);

const nameOf = (file) =>
  file
    .split('/')
    .pop()
    .replace(/\.test\.ts$/, '');

class FileOrderSequencer extends Sequencer {
  sort(tests) {
    const seed = Number(process.env.TEST_SEED ?? Math.floor(Math.random() * 2 ** 31));
    const listed = (process.env.TEST_ORDER ?? '').split(',').filter(Boolean);
    const random = mulberry32(seed);
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
