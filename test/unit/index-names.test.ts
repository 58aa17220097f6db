import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ACCESS_PATTERNS } from '../../shared/access-patterns';
import { TABLE } from '../../shared/table';
import { type Quasi, quasiText, syntaxTreeOf, walk } from './code-syntax';
import { REPO_ROOT, textFiles } from './repo-text-files';

/**
 * The indexes are overloaded: `gsi1` is the tenants by subdomain in one file and the alarm rules by type in the
 * next, so a raw index name at a call site says nothing of what it reads, and a moved pattern is found by
 * reading every query. Code names the pattern (ACCESS_PATTERNS, shared/access-patterns.ts), the one file that
 * maps a meaning to an index. Pure: it parses the code with swc (so comments, which name indexes in prose, are
 * never taken for code) and calls nothing.
 */
const FOLDERS = ['functions', 'scripts', 'shared'];
const DECLARING = ['shared/access-patterns.ts'];
const CODE = /\.(ts|tsx|mts|cts|js|cjs|mjs)$/;
const INDEX_NAME = /^gsi\d+$/;

/** The raw index names of a source text: string literals, and template literals without a `${}`, that are a whole `gsiN`. */
function rawIndexNames(source: string, tsx = false): string[] {
  const found: string[] = [];
  walk(syntaxTreeOf(source, tsx), (node) => {
    if (node.type === 'StringLiteral' && INDEX_NAME.test(String(node.value))) found.push(String(node.value));
    // A template in a type position holds its `${}` parts as `types`.
    const parts = (node.expressions ?? node.types ?? []) as unknown[];
    if (node.type === 'TemplateLiteral' && parts.length === 0) {
      const text = (node.quasis as Quasi[]).map(quasiText).join('');
      if (INDEX_NAME.test(text)) found.push(text);
    }
  });
  return found;
}

const codeFiles = () =>
  FOLDERS.flatMap((folder) => textFiles(path.join(REPO_ROOT, folder)))
    .map((file) => path.relative(REPO_ROOT, file).split(path.sep).join('/'))
    .filter((file) => CODE.test(file));

describe('index names', () => {
  it('finds a raw index name in a string or a plain template, not in a comment, a key attribute or a built name', () => {
    const source = [
      "const a = { IndexName: 'gsi1' };",
      'const b = [`gsi12`, "gsi3"];',
      '// reads gsi4 by subdomain',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: source text the parser reads, a name built with ${}
      "const c = { KeyConditionExpression: 'gsi1pk = :pk', name: `gsi${n}`, key: 'gsi5sk' };",
    ].join('\n');
    expect(rawIndexNames(source)).toEqual(['gsi1', 'gsi12', 'gsi3']);
  });

  it('has no raw index name in functions/, scripts/ or shared/ outside the declared access patterns', () => {
    const files = codeFiles();
    // The walk reaches the code that queries indexes (an empty walk would pass anything).
    expect(files).toEqual(expect.arrayContaining(['functions/lib/clients/client-queries.ts', ...DECLARING]));
    const offenders = files
      .filter((file) => !DECLARING.includes(file))
      .flatMap((file) => {
        const names = rawIndexNames(readFileSync(path.join(REPO_ROOT, file), 'utf8'), file.endsWith('x'));
        return names.map((name) => `${file}: '${name}' (name the access pattern: ACCESS_PATTERNS)`);
      });
    expect(offenders).toEqual([]);
  });

  it('declares every access pattern on an index of shared/table.ts', () => {
    const indexes = new Set(TABLE.indexes.map((index) => index.name));
    const unknown = Object.entries(ACCESS_PATTERNS).filter(([, index]) => !indexes.has(index));
    expect(Object.keys(ACCESS_PATTERNS).length).toBeGreaterThan(0);
    expect(unknown).toEqual([]);
  });
});
