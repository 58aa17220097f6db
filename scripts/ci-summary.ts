import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';

/**
 * Adds up the jest result files that `npm test` wrote (.test-results/*.json) and prints the one plain line
 * CI reads: "N passed, N failed". A failed step that wrote no results (lint, typecheck) counts as one failure.
 */
const dir = path.resolve('.test-results');
interface JestResults {
  numPassedTests: number;
  numFailedTests: number;
  numRuntimeErrorTestSuites: number;
  testResults: {
    name: string;
    message: string;
    assertionResults: { status: string; fullName: string; failureMessages: string[] }[];
  }[];
}

// The first line of a failure without its colours: the whole message is in the step's log above.
const firstLine = (text = '') => (stripVTControlCharacters(text).trim().split('\n')[0] ?? '').slice(0, 240);

let passed = 0;
let failed = 0;
const failures: string[] = [];
if (existsSync(dir)) {
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    const result = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as JestResults;
    passed += result.numPassedTests;
    failed += result.numFailedTests + result.numRuntimeErrorTestSuites;
    for (const suite of result.testResults) {
      const where = path.relative(process.cwd(), suite.name);
      const tests = suite.assertionResults.filter((test) => test.status === 'failed');
      for (const test of tests) failures.push(`${where} › ${test.fullName}\n    ${firstLine(test.failureMessages[0])}`);
      if (tests.length === 0 && suite.message) failures.push(`${where}\n    ${firstLine(suite.message)}`);
    }
  }
}
// Last before the totals: the end of a long log is what a reader sees first.
if (failures.length > 0) console.log(`\nFailed:\n${failures.join('\n')}\n`);
const testExitCode = Number(process.argv[2] ?? '0');
if (testExitCode !== 0 && failed === 0) failed = 1;
console.log(`${passed} passed, ${failed} failed`);
