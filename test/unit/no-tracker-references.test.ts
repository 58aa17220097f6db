import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT, textFiles } from './repo-text-files';

/**
 * Code, tests, scripts and docs say why, not which tracker issue asked for it: the next reader has no tracker, so
 * a comment, a heading or a decision record keeps the reason and drops the number. Spec sections ("spec 000
 * s.2"), decision records (docs/decisions/NNNN-*.md) and other projects' public issues by name ("Traccar #2053")
 * are not tracker numbers and stay. docs/ and README.md are walked too, decision records included.
 */
const root = REPO_ROOT;
const FOLDERS = ['functions', 'web', 'shared', 'scripts', 'infra', 'test', 'docs'];
/** The configuration files at the root, which carry comments too. */
const ROOT_FILES = ['README.md', 'jest.config.js', 'cdk.json', 'package.json', 'tsconfig.json'];
// "issue N" in any case, plural, or with "-" or "#" before the number; not "issued", "zod issues", "Traccar #N".
const TRACKER_REFERENCE = /\bissues?[\s-]+#?\d+/i;

/** `file:line: text` for every line that names a tracker issue. */
function trackerReferences(file: string): string[] {
  const relative = path.relative(root, file).split(path.sep).join('/');
  return readFileSync(file, 'utf8')
    .split('\n')
    .flatMap((line, i) => (TRACKER_REFERENCE.test(line) ? [`${relative}:${i + 1}: ${line.trim()}`] : []));
}

describe('tracker references', () => {
  it('the pattern finds tracker numbers and leaves specs, decisions and other projects alone', () => {
    const n = 13; // a number of the tracker, kept out of this file's own lines
    const found = [
      `// Issue ${n}, item ${n}: why`,
      `(issue ${n})`,
      `issues ${n}, 15`,
      `x-issue-${n}.md`,
      `issue #${n}`,
    ];
    const kept = [
      'spec 000 s.2',
      'docs/decisions/0240-tests-that-do-not-depend-on-order-timing-or-easy-passes.md',
      'Traccar #2053',
      'traccar-web #1326',
      'zod issues',
    ];
    expect(found.filter((text) => !TRACKER_REFERENCE.test(text))).toEqual([]);
    expect(kept.filter((text) => TRACKER_REFERENCE.test(text))).toEqual([]);
  });

  it('are not in code, tests, scripts or docs: comments, test names and headings keep the reason, not the number', () => {
    const files = [
      ...ROOT_FILES.map((name) => path.join(root, name)),
      ...FOLDERS.flatMap((folder) => textFiles(path.join(root, folder))),
    ];
    expect(files.length).toBeGreaterThan(1000);
    expect(files.filter((file) => file.endsWith('.md')).length).toBeGreaterThan(280);
    expect(files.flatMap(trackerReferences)).toEqual([]);
  });
});
