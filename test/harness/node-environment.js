/**
 * Jest's node environment, which also switches off, when a test file is done, every AsyncLocalStorage the file
 * used. On Node 20 an AsyncLocalStorage once used stays registered with async_hooks for the life of the process,
 * and every promise, timer and socket made afterwards is offered to each registered one. Jest's test runner makes
 * one per test file (jest-circus's test execution context), and so do libraries a file loads into its own module
 * registry (Playwright, the Lambda invoke store, our audit change notes), so in a process that runs many files one
 * after another each file paid for all the files before it: a hundred thousand awaited promises took 0.1 s in a
 * run's first file and 1 s in its thirtieth, and the integration project's test process spent a seventh of its
 * CPU there. A storage switched off is registered again by its next `run` or `enterWith`, so one that outlives the
 * file (none does) would go on working. The environment is plain JavaScript, as jest loads it before any
 * transform.
 */
const { AsyncLocalStorage } = require('node:async_hooks');
const { TestEnvironment } = require('jest-environment-node');

const USED = Symbol.for('tracking.test.usedAsyncLocalStorages');

/** The storages used since the last file ended, collected by wrapping the two methods that register one. */
function usedStorages() {
  const prototype = AsyncLocalStorage.prototype;
  if (!prototype[USED]) {
    const used = new Set();
    for (const method of ['run', 'enterWith']) {
      const original = prototype[method];
      prototype[method] = function registered(...args) {
        used.add(this);
        return original.apply(this, args);
      };
    }
    Object.defineProperty(prototype, USED, { value: used });
  }
  return prototype[USED];
}

/** Switches off every storage used since the last call: none is offered the next file's promises any more. */
function releaseUsedStorages() {
  const used = usedStorages();
  for (const storage of used) storage.disable();
  used.clear();
}

class NodeEnvironmentReleasingStorages extends TestEnvironment {
  async teardown() {
    await super.teardown();
    releaseUsedStorages();
  }
}

usedStorages();
module.exports = NodeEnvironmentReleasingStorages;
module.exports.releaseUsedStorages = releaseUsedStorages;
