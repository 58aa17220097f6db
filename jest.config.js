/**
 * One runner for every kind of test. Unit tests never touch the network; integration and browser tests
 * run against the real local stack, which test/harness/global-setup.ts starts on free ports.
 */
const transform = { '^.+\\.(t|j)sx?$': ['@swc/jest', { jsc: { target: 'es2022' } }] };
// ESM-only packages that a test may import are compiled to CommonJS like our own code.
const transformIgnorePatterns = ['/node_modules/(?!(@middy|aedes|maildev|oidc-provider|flatbush|flatqueue)/)'];
// The console's alias for the code it shares with the backend (web/tsconfig.json, web/vite.config.mts).
const moduleNameMapper = { '^@shared/(.*)$': '<rootDir>/shared/$1' };
// Jest's node environment, releasing what a finished file leaves registered with async_hooks (see the file).
const testEnvironment = '<rootDir>/test/harness/node-environment.js';
const common = { transform, transformIgnorePatterns, moduleNameMapper, testEnvironment, rootDir: __dirname };

module.exports = {
  // Files run in a shuffled order whose seed is printed (test/harness/file-order-sequencer.js).
  testSequencer: '<rootDir>/test/harness/file-order-sequencer.js',
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: ['<rootDir>/test/unit/**/*.test.ts'],
      // Pure logic, but some files work hard (property tests, compression); on a loaded machine jest's 5 s tripped.
      setupFilesAfterEnv: ['<rootDir>/test/harness/long-timeout.ts'],
    },
    {
      ...common,
      displayName: 'integration',
      testMatch: ['<rootDir>/test/integration/**/*.test.ts'],
      globalSetup: '<rootDir>/test/harness/global-setup.ts',
      globalTeardown: '<rootDir>/test/harness/global-teardown.ts',
      setupFilesAfterEnv: ['<rootDir>/test/harness/long-timeout.ts'],
    },
    {
      ...common,
      displayName: 'infra',
      testMatch: ['<rootDir>/test/infra/**/*.test.ts'],
      setupFilesAfterEnv: ['<rootDir>/test/harness/long-timeout.ts'],
    },
    {
      ...common,
      displayName: 'browser',
      testMatch: ['<rootDir>/test/browser/**/*.test.ts'],
      globalSetup: '<rootDir>/test/harness/global-setup-web.ts',
      globalTeardown: '<rootDir>/test/harness/global-teardown.ts',
      setupFilesAfterEnv: ['<rootDir>/test/harness/long-timeout.ts'],
    },
  ],
};
