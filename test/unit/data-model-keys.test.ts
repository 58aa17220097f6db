import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { TABLE } from '../../shared/table';
import { type Quasi, quasiText, type SyntaxNode, syntaxTreeOf, walk } from './code-syntax';
import { REPO_ROOT } from './repo-text-files';

/**
 * docs/data-model.md's key table ("Keys of every item") is the one place a reader learns what each item's keys
 * are, so it is checked against the code and cannot drift:
 *  - it names every index of shared/table.ts and no other;
 *  - each row's key words (the upper-case words of its keys, `ASSET`, `ALARMS`, `CLAIM`) are string literals of
 *    the files the row says build them;
 *  - every key word the code under functions/ builds keys from is in the table, or in KNOWN_UNLISTED with a reason.
 * Pure: it reads files and parses TypeScript (swc, the parser jest already compiles with); no service is called.
 */
const DOC = 'docs/data-model.md';
const HEADING = '## Keys of every item';
const COLUMNS = ['item', 'PK', 'SK', 'index keys', 'TTL', 'keys built in'];
const CODE = 'functions';

/**
 * Key words the code builds keys from that the table does not hold as a word of its own, each with the reason.
 * Empty is the goal: a new key word belongs in the table.
 */
const KNOWN_UNLISTED: Record<string, string> = {};

const read = (relative: string) => readFileSync(path.join(REPO_ROOT, relative), 'utf8');

// A key word: upper case, digits and `_`, at least one letter (`ASSET`, `LOAN_DAY`, `_GRAMS`). Keys join them
// with `#`; lower-case text in a key is data (`staff`), never a kind.
const KEY_WORD = /^[A-Z0-9_]*[A-Z][A-Z0-9_]*$/;
const words = (text: string) => [...text.matchAll(/[A-Za-z0-9_]+/g)].filter((match) => KEY_WORD.test(match[0]));
const wordsOf = (text: string) => words(text).map((match) => match[0]);

interface Row {
  item: string;
  keys: string[];
  indexCell: string;
  ttl: string;
  files: string[];
}

/** The key table's rows: the first markdown table after the heading. */
function keyTable(): { header: string[]; rows: Row[] } {
  const lines = read(DOC).split('\n');
  const start = lines.indexOf(HEADING);
  if (start < 0) throw new Error(`${DOC} has no "${HEADING}"`);
  const first = lines.findIndex((line, i) => i > start && line.startsWith('|'));
  const end = lines.findIndex((line, i) => i > first && !line.startsWith('|'));
  // Cells split on `|` not escaped as `\|`.
  const cells = (line: string) =>
    line
      .slice(1, -1)
      .split(/(?<!\\)\|/)
      .map((cell) => cell.trim());
  const [header = [], , ...body] = lines.slice(first, end).map(cells);
  const spans = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((match) => match[1] ?? '');
  const rows = body.map(([item = '', pk = '', sk = '', indexCell = '', ttl = '', files = '']) => ({
    item,
    keys: [...spans(pk), ...spans(sk), ...spans(indexCell)],
    indexCell,
    ttl,
    files: files.split(',').map((file) => file.trim()),
  }));
  return { header, rows };
}

/** `gsi8…gsi12` names five indexes; `gsi1` one. */
function indexNames(cell: string): string[] {
  return [...cell.matchAll(/\bgsi(\d+)(?:…gsi(\d+))?\b/g)].flatMap((match) => {
    const from = Number(match[1]);
    const to = Number(match[2] ?? match[1]);
    return Array.from({ length: to - from + 1 }, (_, i) => `gsi${from + i}`);
  });
}

// The words of a key without its placeholders (`<assetId>`) and the tenant prefix `T#<t>#`, which
// `tenantPrefix` (functions/lib/data/keys.ts) builds for every tenant row.
const keyWords = (key: string) => wordsOf(key.replace(/^T#<t>#/, '').replace(/<[^<>]*>/g, ' '));

// --- The code side: swc's AST, so comments (which quote keys too) are never taken for code.

const parse = (relative: string) => syntaxTreeOf(read(relative), relative.endsWith('x'));

/** Every string literal and template text of a file. */
function literalTexts(relative: string): string[] {
  const texts: string[] = [];
  walk(parse(relative), (node) => {
    if (node.type === 'StringLiteral') texts.push(String(node.value));
    if (node.type === 'TemplateLiteral') texts.push(...(node.quasis as Quasi[]).map(quasiText));
  });
  return texts;
}

/** The key builders of functions/lib/data/keys.ts and the argument that names a type (`'ASSET'`). */
const TYPE_ARGUMENT: Record<string, number> = {
  typePartition: 1,
  itemKey: 1,
  counterKey: 1,
  itemSortKey: 0,
  globalCounterKey: 0,
};
const KEY_PROPERTY = /^(pk|sk|gsi\d+pk|gsi\d+sk)$/;

const calleeName = (node: SyntaxNode) => {
  const callee = node.callee as SyntaxNode;
  return callee?.type === 'Identifier' ? String(callee.value) : undefined;
};
const argument = (node: SyntaxNode, index: number) =>
  (node.arguments as { expression: SyntaxNode }[] | undefined)?.[index]?.expression;

/**
 * The key words the code builds keys from, found four ways (each catches what the others cannot see):
 *  1. a word touching `#` in any string or template text (`'DEVEUI#'`, `` `#${id}#ALARMS` ``): `#` joins key
 *     parts here and appears in no other string of functions/ (colours and anchors live in web/);
 *  2. the word right after a `${tenantPrefix(ctx)}` in a template (`` `${tenantPrefix(ctx)}JOB` ``);
 *  3. the type a key builder of data/keys.ts is given (`itemKey(ctx, 'ASSET', id)`), or `createRepository`'s
 *     `type`, as a literal or a `const` of one (`GEO_ZONE_TYPE`); a type passed through a generic helper is
 *     found where it is named;
 *  4. a whole string given as `pk`, `sk` or an index key (`sk: 'CLAIM'`).
 */
function codeKeyWords(files: string[]): Map<string, Set<string>> {
  const asts = files.map((file) => ({ file, ast: parse(file) }));
  const constants = new Map<string, string>();
  for (const { ast } of asts)
    walk(ast, (node) => {
      const init = node.init as SyntaxNode | undefined;
      const id = node.id as SyntaxNode | undefined;
      if (node.type === 'VariableDeclarator' && id?.type === 'Identifier' && init?.type === 'StringLiteral')
        constants.set(String(id.value), String(init.value));
    });
  const found = new Map<string, Set<string>>();
  const add = (word: string, file: string) => found.set(word, (found.get(word) ?? new Set()).add(file));
  const addAll = (text: string, file: string) => {
    for (const word of wordsOf(text)) add(word, file);
  };
  const typeText = (node: SyntaxNode | undefined): string => {
    if (node?.type === 'StringLiteral') return String(node.value);
    if (node?.type === 'Identifier') return constants.get(String(node.value)) ?? '';
    if (node?.type === 'TemplateLiteral') return (node.quasis as Quasi[]).map(quasiText).join(' ');
    return '';
  };
  for (const { file, ast } of asts)
    walk(ast, (node) => {
      if (node.type === 'StringLiteral' || node.type === 'TemplateLiteral') {
        const texts = node.type === 'StringLiteral' ? [String(node.value)] : (node.quasis as Quasi[]).map(quasiText);
        for (const text of texts)
          for (const match of words(text)) {
            const after = match.index + match[0].length;
            if (text[match.index - 1] === '#' || text[after] === '#') add(match[0], file);
          }
      }
      if (node.type === 'TemplateLiteral') {
        // A template literal type (`${IndexName}pk`) has `types`, not `expressions`: it builds no key.
        const expressions = (node.expressions ?? []) as SyntaxNode[];
        const quasis = node.quasis as Quasi[];
        expressions.forEach((expression, i) => {
          const next = words(quasiText(quasis[i + 1] ?? { raw: '' }))[0];
          if (expression.type === 'CallExpression' && calleeName(expression) === 'tenantPrefix' && next?.index === 0)
            add(next[0], file);
        });
      }
      if (node.type === 'CallExpression') {
        const name = calleeName(node) ?? '';
        if (name in TYPE_ARGUMENT) addAll(typeText(argument(node, TYPE_ARGUMENT[name] ?? 0)), file);
        const model = argument(node, 0);
        if (name === 'createRepository' && model?.type === 'ObjectExpression')
          for (const property of model.properties as SyntaxNode[]) {
            const key = property.key as SyntaxNode | undefined;
            if (property.type === 'KeyValueProperty' && key?.value === 'type')
              addAll(typeText(property.value as SyntaxNode), file);
          }
      }
      const key = node.key as SyntaxNode | undefined;
      const value = node.value as SyntaxNode | undefined;
      if (node.type === 'KeyValueProperty' && KEY_PROPERTY.test(String(key?.value)) && value?.type === 'StringLiteral')
        addAll(String(value.value), file);
    });
  return found;
}

const codeFiles = (folder: string) =>
  readdirSync(path.join(REPO_ROOT, folder), { recursive: true })
    .map(String)
    .filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.d.ts'))
    .map((file) => path.join(folder, file).split(path.sep).join('/'));

describe(`${DOC}: the key table`, () => {
  const { header, rows } = keyTable();
  const listed = new Set(rows.flatMap((row) => row.keys.flatMap((key) => wordsOf(key.replace(/<[^<>]*>/g, ' ')))));
  let found = new Map<string, Set<string>>();
  beforeAll(() => {
    found = codeKeyWords(codeFiles(CODE));
  });

  it('has its columns and a row for every kind of item', () => {
    expect(header).toEqual(COLUMNS);
    expect(rows.length).toBeGreaterThan(40);
    expect(rows.filter((row) => row.keys.length < 2).map((row) => row.item)).toEqual([]);
  });

  it('names every index of shared/table.ts, and only those', () => {
    const named = new Set(rows.flatMap((row) => indexNames(row.indexCell)));
    const defined = TABLE.indexes.map((index) => index.name);
    expect([...named].filter((name) => !defined.includes(name))).toEqual([]);
    expect(defined.filter((name) => !named.has(name))).toEqual([]);
  });

  it("gives each row's keys the TTL attribute of the table, set by the row's files", () => {
    const ttl = TABLE.timeToLiveAttribute;
    const wrong = rows.filter((row) => row.ttl !== '—' && !row.ttl.includes(`\`${ttl}\``));
    expect(wrong.map((row) => `${row.item}: ${row.ttl}`)).toEqual([]);
    const unset = rows.filter((row) => row.ttl !== '—' && !row.files.some((file) => read(file).includes(ttl)));
    expect(unset.map((row) => row.item)).toEqual([]);
  });

  it("finds each row's key words as string literals of the files it names", () => {
    const missing = rows.flatMap((row) => {
      const absent = row.files.filter((file) => !existsSync(path.join(REPO_ROOT, file)));
      if (absent.length > 0) return [`${row.item}: no file ${absent.join(', ')}`];
      const literal = new Set(row.files.flatMap(literalTexts).flatMap(wordsOf));
      return [...new Set(row.keys.flatMap(keyWords))]
        .filter((word) => !literal.has(word))
        .map((word) => `${row.item}: ${word} not in ${row.files.join(', ')}`);
    });
    expect(missing).toEqual([]);
  });

  it(`holds every key word the code under ${CODE}/ builds keys from`, () => {
    // The detection itself still sees keys: a key built in the tenant prefix, a claim, a sort key prefix, a type.
    expect([...found.keys()]).toEqual(expect.arrayContaining(['T', 'COUNTER', 'CLAIM', 'EV', 'WHMSG', 'ASSET']));
    const unlisted = [...found]
      .filter(([word]) => !listed.has(word) && !(word in KNOWN_UNLISTED))
      .map(([word, files]) => `${word} (${[...files].join(', ')})`);
    expect(unlisted).toEqual([]);
  });

  it('keeps no exception the table or the code has made unneeded', () => {
    expect(Object.keys(KNOWN_UNLISTED).filter((word) => !found.has(word) || listed.has(word))).toEqual([]);
  });
});
