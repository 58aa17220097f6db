/**
 * Runs the test files in the order of TEST_ORDER (comma-separated file names), to prove a file does not depend
 * on which ran before it: `TEST_ORDER=pipeline,kpn-things npx jest --selectProjects integration --runInBand
 * --testSequencer ./test/harness/listed-order-sequencer.js test/integration/{pipeline,kpn-things}.test.ts`.
 */
const Sequencer = require('@jest/test-sequencer').default;

const rank = (file, order) => {
  const index = order.findIndex((name) => file.endsWith(`/${name}.test.ts`));
  return index === -1 ? order.length : index;
};

class ListedOrderSequencer extends Sequencer {
  sort(tests) {
    const order = (process.env.TEST_ORDER ?? '').split(',').filter(Boolean);
    return [...tests].sort((a, b) => rank(a.path, order) - rank(b.path, order));
  }
}

module.exports = ListedOrderSequencer;
