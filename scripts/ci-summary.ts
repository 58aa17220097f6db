import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Adds up the jest result files that `npm test` wrote (.test-results/*.json) and prints the one plain line
 * CI reads: "N passed, N failed". A failed step that wrote no results (lint, typecheck) counts as one failure.
 */
const dir = path.resolve('.test-results');
let passed = 0;
let failed = 0;
if (existsSync(dir)) {
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    const result = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as {
      numPassedTests: number;
      numFailedTests: number;
      numRuntimeErrorTestSuites: number;
    };
    passed += result.numPassedTests;
    failed += result.numFailedTests + result.numRuntimeErrorTestSuites;
  }
}
const testExitCode = Number(process.argv[2] ?? '0');
if (testExitCode !== 0 && failed === 0) failed = 1;
console.log(`${passed} passed, ${failed} failed`);
