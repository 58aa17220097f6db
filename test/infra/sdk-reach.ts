import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { parseSync } from '@swc/core';
import { REPO_ROOT } from '../../infra/constructs/handler-function';

/**
 * Which AWS SDK calls a Lambda's entry file can reach, statically. A file-level import walk is too coarse here
 * (every handler imports auth-context.ts for one check, and that import's file also holds the API-credential
 * Cognito calls), so the walk is over top-level declarations: from every top-level statement of the entry
 * file, follow each name to the top-level statement that declares it (through relative imports and
 * re-exports) and collect the `new XxxCommand(` of each statement reached. An over-approximation by design:
 * a reached declaration counts whole. Parsed with @swc/core: the project's TypeScript 7 has no JS compiler API.
 */

/** Calls that are not `new XxxCommand(`: the hand-signed presigned POST (functions/lib/attachments). */
const CALL_MARKERS: Record<string, string> = { presignPost: 'PresignedPost' };
/** Secrets are read over HTTP from the Lambda extension (functions/lib/kpn-things/secret-cipher.ts). */
const STRING_MARKERS: Record<string, string> = {
  '/secretsmanager/get': 'SecretsExtension',
  // Live push: a SigV4-signed POST to AppSync Events (functions/lib/live/sigv4.ts, service 'appsync').
  appsync: 'AppSyncEventPublish',
};

// biome-ignore lint/suspicious/noExplicitAny: swc's AST is walked generically.
type Ast = any;
interface Statement {
  file: string;
  names: Set<string>;
  calls: Set<string>;
}
interface ParsedFile {
  statements: Statement[];
  declared: Map<string, Statement[]>;
  imports: Map<string, { file: string; name: string }>;
  reexports: Map<string, { file: string; name: string }>;
  starExports: string[];
}

const parsed = new Map<string, ParsedFile>();

function resolveImport(from: string, spec: string): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), spec);
  return [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), base].find(
    (candidate) => /\.tsx?$/.test(candidate) && existsSync(candidate),
  );
}

/** Identifiers a statement mentions (not member or key names) and the SDK calls it makes. */
function scan(node: Ast, names: Set<string>, calls: Set<string>): void {
  if (Array.isArray(node)) {
    for (const child of node) scan(child, names, calls);
    return;
  }
  if (!node || typeof node !== 'object') return;
  if (node.type === 'Identifier') names.add(node.value);
  if (node.type === 'NewExpression' && node.callee?.type === 'Identifier') {
    const name: string = node.callee.value;
    if (name.endsWith('Command') || name === 'Upload') calls.add(name);
  }
  const marker = node.type === 'CallExpression' ? CALL_MARKERS[node.callee?.value] : undefined;
  if (marker) calls.add(marker);
  if (node.type === 'StringLiteral' || node.type === 'TemplateElement') {
    const text: string = node.value ?? node.raw ?? '';
    for (const [marker, call] of Object.entries(STRING_MARKERS)) if (text.includes(marker)) calls.add(call);
  }
  for (const [key, child] of Object.entries(node)) {
    if (key === 'span') continue;
    if (node.type === 'MemberExpression' && key === 'property') continue;
    if (node.type === 'KeyValueProperty' && key === 'key') continue;
    scan(child, names, calls);
  }
}

function declaredNames(item: Ast): string[] {
  const declaration = item.type === 'ExportDeclaration' ? item.declaration : item;
  if (item.type === 'ExportDefaultDeclaration' || item.type === 'ExportDefaultExpression') return ['default'];
  if (declaration.type === 'VariableDeclaration') {
    const names = new Set<string>();
    for (const d of declaration.declarations) scan(d.id, names, new Set());
    return [...names];
  }
  const id = declaration.identifier ?? declaration.id;
  return id?.value ? [id.value] : [];
}

function parseFile(file: string): ParsedFile {
  const cached = parsed.get(file);
  if (cached) return cached;
  const module = parseSync(readFileSync(file, 'utf8'), { syntax: 'typescript', tsx: file.endsWith('.tsx') });
  const result: ParsedFile = {
    statements: [],
    declared: new Map(),
    imports: new Map(),
    reexports: new Map(),
    starExports: [],
  };
  for (const item of module.body as Ast[]) {
    const source = item.source?.value ? resolveImport(file, item.source.value) : undefined;
    if (item.type === 'ImportDeclaration') {
      if (!source) continue;
      for (const s of item.specifiers)
        result.imports.set(s.local.value, {
          file: source,
          name:
            s.type === 'ImportSpecifier'
              ? (s.imported?.value ?? s.local.value)
              : s.type === 'ImportDefaultSpecifier'
                ? 'default'
                : '*',
        });
    } else if (item.type === 'ExportAllDeclaration') {
      if (source) result.starExports.push(source);
    } else if (item.type === 'ExportNamedDeclaration' && source) {
      for (const s of item.specifiers) {
        const orig = s.orig?.value ?? s.name?.value;
        result.reexports.set(s.exported?.value ?? orig, { file: source, name: orig });
      }
    } else {
      const statement: Statement = { file, names: new Set(), calls: new Set() };
      scan(item, statement.names, statement.calls);
      result.statements.push(statement);
      for (const name of declaredNames(item))
        result.declared.set(name, [...(result.declared.get(name) ?? []), statement]);
    }
  }
  parsed.set(file, result);
  return result;
}

/** The statements that declare `name` as exported by `file` (following re-exports and `export *`). */
function exported(file: string, name: string, seen = new Set<string>()): Statement[] {
  if (seen.has(`${file}#${name}`)) return [];
  seen.add(`${file}#${name}`);
  const f = parseFile(file);
  if (name === '*') return f.statements;
  const own = f.declared.get(name);
  if (own) return own;
  const re = f.reexports.get(name);
  if (re) return exported(re.file, re.name, seen);
  return f.starExports.flatMap((star) => exported(star, name, seen));
}

function referenced(statement: Statement): Statement[] {
  const file = parseFile(statement.file);
  return [...statement.names].flatMap((name) => {
    const local = file.declared.get(name);
    if (local) return local.filter((s) => s !== statement);
    const imported = file.imports.get(name);
    return imported ? exported(imported.file, imported.name) : [];
  });
}

/** SDK command class names (and markers) reachable from an entry file (path relative to the repository). */
export function reachableSdkCalls(entry: string): Set<string> {
  const queue = [...parseFile(path.join(REPO_ROOT, entry)).statements];
  const seen = new Set<Statement>();
  const calls = new Set<string>();
  while (queue.length > 0) {
    const statement = queue.pop() as Statement;
    if (seen.has(statement)) continue;
    seen.add(statement);
    for (const call of statement.calls) calls.add(call);
    queue.push(...referenced(statement));
  }
  return calls;
}
