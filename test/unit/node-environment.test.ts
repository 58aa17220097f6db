import { AsyncLocalStorage } from 'node:async_hooks';

// The test environment every project runs in (jest.config.js); required here for its release step.
const { releaseUsedStorages } = require('../harness/node-environment.js') as { releaseUsedStorages: () => void };

type Registered = AsyncLocalStorage<number> & { enabled: boolean };

describe('the test environment', () => {
  it('switches off at the end of a file every AsyncLocalStorage the file used, and a later use still works', async () => {
    const storage = new AsyncLocalStorage<number>() as Registered;
    const seen = await storage.run(7, async () => {
      await Promise.resolve();
      return storage.getStore();
    });
    expect(seen).toBe(7);
    expect(storage.enabled).toBe(true);

    releaseUsedStorages();
    expect(storage.enabled).toBe(false);

    expect(await storage.run(8, async () => storage.getStore())).toBe(8);
    expect(storage.enabled).toBe(true);
    releaseUsedStorages();
  });
});
