import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { chromiumMissing, jestStep, report, runSteps, type Step } from './steps';

/**
 * `npm run test:quick [paths or names...]`: the edit-test loop. Lint, typecheck and the unit tests, then only the
 * integration and browser files that the change touches, side by side as `npm test` runs them. Without arguments
 * the change is what git sees changed (staged, unstaged, untracked); an argument is a path (a test file, or a
 * source file whose tests are wanted) or a name (`webhooks` runs test/*\/webhooks*.test.ts).
 *
 * A source file's tests: those jest finds importing it (--findRelatedTests), and those named after it or after
 * its folder (functions/http/webhooks.ts, functions/lib/webhooks/*: test/{integration,browser}/webhooks*.test.ts).
 */
const STACK_PROJECTS = ['integration', 'browser'] as const;

const git = (...args: string[]) =>
  execFileSync('git', args, { encoding: 'utf8' })
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

function changedPaths(): string[] {
  return [...new Set([...git('diff', '--name-only', 'HEAD'), ...git('ls-files', '--others', '--exclude-standard')])];
}

const testFilesOf = (project: string) =>
  readdirSync(path.join('test', project))
    .filter((file) => file.endsWith('.test.ts'))
    .map((file) => path.join('test', project, file));

/** Names a path stands for: its own (without extensions) and its folder's, as test files are named by feature. */
function namesOf(file: string): string[] {
  const base = path
    .basename(file)
    .replace(/\.(test\.)?[cm]?[tj]sx?$/, '')
    .replace(/\.json$/, '');
  const folder = path.basename(path.dirname(file));
  const kebab = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
  return [
    ...new Set([base, folder].map(kebab).filter((name) => name.length > 2 && !['lib', 'src', 'http'].includes(name))),
  ];
}

/** The jest files a change touches, per project. */
function touchedTests(inputs: string[]): Record<string, string[]> {
  const all = Object.fromEntries(STACK_PROJECTS.map((project) => [project, testFilesOf(project)]));
  const chosen = new Set<string>();
  const sources: string[] = [];
  for (const input of inputs) {
    if (existsSync(input) && /\.test\.ts$/.test(input)) chosen.add(path.normalize(input));
    else if (existsSync(input)) sources.push(input);
    const names = existsSync(input) ? namesOf(input) : [input];
    for (const file of Object.values(all).flat()) {
      if (names.some((name) => path.basename(file).startsWith(name))) chosen.add(file);
    }
  }
  if (sources.length > 0) {
    const related = execFileSync('npx', ['jest', '--listTests', '--findRelatedTests', ...sources], {
      encoding: 'utf8',
    });
    for (const line of related.split('\n')) if (line.trim()) chosen.add(path.relative(process.cwd(), line.trim()));
  }
  return Object.fromEntries(
    STACK_PROJECTS.map((project) => [
      project,
      [...chosen].filter((file) => file.startsWith(`test/${project}/`)).sort(),
    ]),
  );
}

async function main() {
  const started = Date.now();
  const inputs = process.argv.slice(2);
  const touched = touchedTests(inputs.length > 0 ? inputs : changedPaths());
  const missing = touched.browser?.length ? chromiumMissing() : undefined;
  if (missing) {
    console.error(missing);
    process.exit(1);
  }
  const stackSteps: Step[] = STACK_PROJECTS.filter((project) => touched[project]?.length).map((project) =>
    jestStep(project, { extra: ['--runInBand', ...(touched[project] ?? [])], after: ['typecheck', 'unit'] }),
  );
  for (const step of stackSteps) console.log(`${step.name}: ${step.command.slice(7).join(' ')}`);
  if (stackSteps.length === 0) console.log('No integration or browser file is touched by this change.');
  const results = await runSteps([
    { name: 'lint', command: ['npx', 'biome', 'check', '.'] },
    { name: 'typecheck', command: ['npm', 'run', 'typecheck'], after: ['lint'] },
    jestStep('unit', { extra: ['--maxWorkers=2'], after: ['lint'] }),
    ...stackSteps,
  ]);
  report(results, started);
  process.exit(results.every((result) => result.ok) ? 0 : 1);
}

void main();
