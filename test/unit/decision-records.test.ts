import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * Decision records: one short file per decision in docs/decisions/, with an index. The old
 * single file contradicted itself because decisions were edited in place; records are superseded instead, so
 * the format, the supersede links and the index are what keeps them one consistent place.
 */
const root = path.resolve(__dirname, '../..');
const dir = path.join(root, 'docs/decisions');
const files = readdirSync(dir).filter((name) => name.endsWith('.md') && name !== 'README.md');
const numbered = files.filter((name) => /^\d{4}-/.test(name));
const pending = files.filter((name) => name.startsWith('new-'));
const read = (name: string) => readFileSync(path.join(dir, name), 'utf8');
const index = readFileSync(path.join(dir, 'README.md'), 'utf8');

const SECTIONS = ['## Context', '## Decision', '## Consequences'];
const NUMBERED_STATUS = /^Status: (accepted|superseded by (\d{4}))$/m;
// Records written on other branches before they get their number (docs/decisions/README.md says how).
const PENDING_STATUS = /^Status: accepted$/m;

/** Each section is present once, in order, and has text before the next one. */
function sectionProblems(text: string): string[] {
  const at = SECTIONS.map((heading) => text.split('\n').indexOf(heading));
  const problems = SECTIONS.filter((_, i) => at[i] === -1).map((heading) => `missing "${heading}"`);
  if (problems.length > 0) return problems;
  if (at.some((line, i) => i > 0 && line < (at[i - 1] ?? 0))) return ['sections out of order'];
  const lines = text.split('\n');
  return SECTIONS.filter((_, i) => {
    const body = lines.slice((at[i] ?? 0) + 1, at[i + 1] ?? lines.length).join('\n');
    return body.trim() === '';
  }).map((heading) => `empty "${heading}"`);
}

/** Source and documentation files of the repository, without dependencies and build output. */
function repositoryFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    if (['node_modules', '.git', '.local', 'dist', 'cdk.out', 'test-results'].includes(name)) return [];
    const full = path.join(folder, name);
    if (statSync(full).isDirectory()) return repositoryFiles(full);
    return /\.(ts|tsx|mts|cjs|js|md|json)$/.test(name) && name !== 'package-lock.json' ? [full] : [];
  });
}

describe('decision records', () => {
  it('live in docs/decisions/ only: the old single file does not come back', () => {
    expect(existsSync(path.join(root, 'docs', 'decisions.md'))).toBe(false);
    expect(numbered.length).toBeGreaterThan(200);
  });

  it('are referred to by record, never by the old file', () => {
    const oldPath = ['docs', 'decisions.md'].join('/');
    const referring = repositoryFiles(root)
      .filter((file) => readFileSync(file, 'utf8').includes(oldPath))
      .map((file) => path.relative(root, file));
    expect(referring).toEqual([]);
  });

  it('are named NNNN-kebab-title.md (or new-<slug>.md until merged), numbers unique and without gaps', () => {
    const badNames = files.filter((name) => !/^(\d{4}-[a-z0-9]+(-[a-z0-9]+)*|new-[a-z0-9-]+)\.md$/.test(name));
    expect(badNames).toEqual([]);
    const numbers = numbered.map((name) => Number(name.slice(0, 4))).sort((a, b) => a - b);
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
  });

  it.each(numbered)('%s has its number as heading, a valid status and the three sections', (name) => {
    const text = read(name);
    expect(text.split('\n')[0]).toMatch(new RegExp(`^# ${name.slice(0, 4)}\\. \\S`));
    expect(text).toMatch(NUMBERED_STATUS);
    expect(sectionProblems(text)).toEqual([]);
  });

  it.each(pending.length > 0 ? pending : ['(none)'])(
    '%s (not numbered yet) has a title, status and sections',
    (name) => {
      if (name === '(none)') return;
      const text = read(name);
      expect(text.split('\n')[0]).toMatch(/^# \S/);
      expect(text).toMatch(PENDING_STATUS);
      expect(sectionProblems(text)).toEqual([]);
    },
  );

  it('are superseded only by an existing, later record', () => {
    const byNumber = new Map(numbered.map((name) => [name.slice(0, 4), name]));
    const broken = numbered.flatMap((name) => {
      const by = read(name).match(NUMBERED_STATUS)?.[2];
      if (!by) return [];
      if (!byNumber.has(by)) return [`${name}: superseded by ${by}, which does not exist`];
      return Number(by) > Number(name.slice(0, 4)) ? [] : [`${name}: superseded by ${by}, which is not later`];
    });
    expect(broken).toEqual([]);
  });

  it('are all listed in the index, with the status the record states', () => {
    // Table rows `| [NNNN](file) | title | status | area |`, however the formatter pads the cells.
    const rows = new Map(
      index
        .split('\n')
        .map((line) => line.split('|').map((cell) => cell.trim()))
        .map((cells) => [cells[1]?.match(/^\[[^\]]+\]\(([^)]+\.md)\)$/)?.[1], cells[3]] as const)
        .filter((row): row is readonly [string, string] => row[0] !== undefined && row[1] !== undefined)
        .map(([file, status]) => [file, status.replace(/\[(\d{4})\]\([^)]+\)/, '$1')]),
    );
    const unlisted = files.filter((name) => !rows.has(name));
    expect(unlisted).toEqual([]);
    const deadRows = [...rows.keys()].filter((file) => !files.includes(file));
    expect(deadRows).toEqual([]);
    const wrongStatus = files.filter((name) => {
      const status = read(name).match(/^Status: (.+)$/m)?.[1];
      return rows.get(name) !== status;
    });
    expect(wrongStatus).toEqual([]);
  });

  it('are linked from the index and from each other only to files that exist', () => {
    const dead = ['README.md', ...files].flatMap((name) =>
      [...read(name).matchAll(/\]\(((?:\d{4}|new)-[^)]+\.md)\)/g)]
        .map((link) => link[1] ?? '')
        .filter((target) => !files.includes(target))
        .map((target) => `${name} -> ${target}`),
    );
    expect(dead).toEqual([]);
  });
});
