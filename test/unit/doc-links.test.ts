import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT, textFiles } from './repo-text-files';

/**
 * Pointers lead somewhere: every relative link in docs/ and README.md, and every repo path that a doc or a code
 * comment names (`docs/security.md`, a handler under functions/http/, ...), is a file that exists. A renamed or deleted file
 * takes its pointers with it; the next reader cannot ask where it went. Globs and placeholders
 * (`functions/http/*.ts`, `shared/api/<module>.ts`, `${dir}/x.ts`) are patterns, not pointers, and are skipped.
 */
const root = REPO_ROOT;
const FOLDERS = ['docs', 'functions', 'web/src', 'shared', 'scripts', 'infra', 'test'];
// `](target)`, optionally `](<target>)` or with a title; the target up to `#anchor`.
const MARKDOWN_LINK = /\]\(<?([^)\s>]+)>?(?:\s+"[^"]*")?\)/g;
// A path from the repository root: not the tail of a longer path (`../shared/x.ts`) nor an alias (`@shared/x`).
const REPO_PATH =
  /(?<![\w./@-])(?:docs|functions|web\/src|shared|scripts|infra|test)\/[^\s`'"()[\]|,;:]*\.(?:tsx|ts|mts|md|json|cjs|js)\b/g;
const PATTERN = /[*<>{}$…]/;

const relative = (file: string) => path.relative(root, file).split(path.sep).join('/');

/** `file:line -> target` for each pointer in a file, with the path it resolves to. */
function pointers(file: string): { where: string; resolved: string }[] {
  const isMarkdown = file.endsWith('.md');
  return readFileSync(file, 'utf8')
    .split('\n')
    .flatMap((line, i) => {
      const at = `${relative(file)}:${i + 1}`;
      const links = isMarkdown
        ? [...line.matchAll(MARKDOWN_LINK)]
            .map((match) => (match[1] ?? '').split('#')[0] ?? '')
            .filter((target) => target !== '' && !/^[a-z][a-z+.-]*:/i.test(target) && !PATTERN.test(target))
            .map((target) => ({
              where: `${at} -> ${target}`,
              resolved: path.resolve(path.dirname(file), decodeURI(target)),
            }))
        : [];
      const named = [...line.matchAll(REPO_PATH)]
        .map((match) => match[0])
        .filter((target) => !PATTERN.test(target))
        .map((target) => ({ where: `${at} -> ${target}`, resolved: path.join(root, target) }));
      return [...links, ...named];
    });
}

describe('pointers in docs and comments', () => {
  const files = [path.join(root, 'README.md'), ...FOLDERS.flatMap((folder) => textFiles(path.join(root, folder)))];
  const all = files.flatMap(pointers);

  it('are found: links in the docs and repo paths in docs and code', () => {
    expect(files.length).toBeGreaterThan(1000);
    expect(all.filter((pointer) => pointer.where.startsWith('docs/')).length).toBeGreaterThan(500);
    expect(all.filter((pointer) => pointer.where.startsWith('functions/')).length).toBeGreaterThan(100);
  });

  it('the path pattern takes whole paths and leaves globs, placeholders and longer paths alone', () => {
    const line =
      'see docs/security.md, `functions/http/*.ts`, shared/api/<module>.ts, ../shared/x.ts and @shared/y.ts.';
    const found = [...line.matchAll(REPO_PATH)].map((match) => match[0]);
    expect(found.filter((target) => !PATTERN.test(target))).toEqual(['docs/security.md']);
  });

  it('all lead to a file that exists', () => {
    const dangling = all.filter((pointer) => !existsSync(pointer.resolved)).map((pointer) => pointer.where);
    expect(dangling).toEqual([]);
  });
});
