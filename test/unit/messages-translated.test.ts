import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';

/**
 * Every sentence the API or a shared schema can answer with is shown by the console through
 * translateMessage (web/src/i18n/translateMessage.ts), which looks it up in the `messages` namespace of each
 * language file. This test gathers those sentences two ways and fails on any without a translation:
 *  - from the source of functions/ and shared/: string constants in SCREAMING_CASE, the values of *MESSAGES*
 *    objects, and literals passed to the error helpers, HttpError, `message:`, `error:` and required*();
 *  - from the shared zod schemas at run time, which also yields computed texts such as tooLong(255).
 * A template literal in one of those places cannot be a key; it must be an exported constant (its value is
 * read) or be listed in DYNAMIC below with the reason it stays untranslated.
 */
const ROOT = path.resolve(__dirname, '../..');
const LANGUAGES = ['en', 'nl', 'de', 'fr'] as const;

/** Texts built per request. The console shows them as they come. */
const DYNAMIC: Record<string, string> = {
  '`An email is send to ${body.email}`': 'a 200 body; the console words its own confirmation (spec 001 s.2)',
  '`${name} must be a positive integer.`': 'a 400 for a hand-written page parameter; the console never sends one',
  '`${COLUMN_NOT_AVAILABLE}: ${id}`': 'names the column; export callers choose from the columns offered to them',
};
/** Sentence-like constants that are not messages to users. */
const NOT_MESSAGES = new Set([
  'Tracking <no-reply@tracking.local>',
  // The MQTT uplink rules' SQL (functions/lib/pipeline/topics.ts).
  "SELECT encode(*, 'base64') AS payload, topic(2) AS topicDevEui FROM 'tracking/+/uplink'",
  "SELECT encode(*, 'base64') AS payload, topic(2) AS gatewayTenant, topic(3) AS topicDevEui FROM 'tracking/+/+/uplink'",
]);

const isSentence = (text: string) => /^[A-Z0-9]/.test(text) && /\s/.test(text) && !text.includes('\n');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return name.endsWith('.ts') && !name.endsWith('.d.ts') ? [full] : [];
  });
}

const LITERAL = String.raw`('(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|\`(?:[^\`\\]|\\.)*\`)`;
const PLACES = [
  new RegExp(String.raw`\b(?:forbidden|notFound|badRequest|conflict|unauthorized)\(\s*${LITERAL}`, 'g'),
  new RegExp(String.raw`new HttpError\(\s*\d+\s*,\s*${LITERAL}`, 'g'),
  new RegExp(String.raw`\b(?:message|error):\s*${LITERAL}`, 'g'),
  new RegExp(String.raw`\brequired\w*\(\s*${LITERAL}`, 'g'),
];
const CONSTANT = new RegExp(String.raw`\bconst ([A-Z][A-Z0-9_]*)\s*=\s*${LITERAL}`, 'g');
const MESSAGE_OBJECT = /\bconst (\w*MESSAGES\w*)\s*=\s*\{([\s\S]*?)\n\}/g;

/** A literal's text, or undefined for a template with placeholders (resolved elsewhere). */
function textOf(literal: string): string | undefined {
  if (literal.startsWith('`') && literal.includes('${')) return undefined;
  return literal.slice(1, -1).replace(/\\(.)/g, '$1');
}

interface Found {
  messages: Map<string, string>;
  unresolved: string[];
}

function scanSource(found: Found) {
  for (const file of ['functions', 'shared'].flatMap((dir) => sourceFiles(path.join(ROOT, dir)))) {
    const source = readFileSync(file, 'utf8');
    const where = path.relative(ROOT, file);
    const add = (literal: string, constant?: string) => {
      const text = textOf(literal);
      if (text !== undefined) {
        if (isSentence(text) && !NOT_MESSAGES.has(text)) found.messages.set(text, where);
        return;
      }
      if (DYNAMIC[literal]) return;
      // An exported constant built from other constants has one value: read it.
      const value = constant ? (require(file) as Record<string, unknown>)[constant] : undefined;
      if (typeof value === 'string') {
        if (isSentence(value) && !NOT_MESSAGES.has(value)) found.messages.set(value, where);
      } else found.unresolved.push(`${where}: ${literal}`);
    };
    for (const place of PLACES) for (const match of source.matchAll(place)) add(match[1] as string);
    for (const match of source.matchAll(CONSTANT)) add(match[2] as string, match[1]);
    for (const match of source.matchAll(MESSAGE_OBJECT)) {
      // An exported object's values are read as they are, templates included; otherwise its literals.
      const exported = (require(file) as Record<string, unknown>)[match[1] as string];
      if (exported && typeof exported === 'object') {
        for (const value of Object.values(exported))
          if (typeof value === 'string' && isSentence(value)) found.messages.set(value, where);
      } else for (const literal of (match[2] as string).matchAll(new RegExp(LITERAL, 'g'))) add(literal[1] as string);
    }
  }
}

type Node = { _zod?: { def?: Record<string, unknown> } };

/** Custom messages of a zod v4 schema tree: the schema's own `error` and each check's. */
function walkSchema(node: unknown, messages: Set<string>, seen: Set<unknown>) {
  if (!node || typeof node !== 'object' || seen.has(node)) return;
  seen.add(node);
  const def = (node as Node)._zod?.def;
  if (!def) return;
  const errorText = (holder: Record<string, unknown> | undefined) => {
    if (typeof holder?.error !== 'function') return;
    try {
      const text = (holder.error as (issue: unknown) => unknown)({ input: undefined, code: 'custom' });
      if (typeof text === 'string') messages.add(text);
    } catch {
      // an error function that needs a real issue: its texts come from the source scan
    }
  };
  errorText(def);
  for (const check of (def.checks as Node[] | undefined) ?? []) errorText(check._zod?.def);
  const children: unknown[] = [];
  for (const key of ['innerType', 'in', 'out', 'element', 'left', 'right', 'keyType', 'valueType', 'rest'])
    children.push(def[key]);
  if (def.shape) children.push(...Object.values(def.shape as object));
  for (const key of ['options', 'items']) children.push(...((def[key] as unknown[] | undefined) ?? []));
  for (const child of children) walkSchema(child, messages, seen);
}

function schemaMessages(): Set<string> {
  const messages = new Set<string>();
  const seen = new Set<unknown>();
  for (const file of sourceFiles(path.join(ROOT, 'shared/schemas'))) {
    for (const value of Object.values(require(file) as Record<string, unknown>)) {
      walkSchema(value, messages, seen);
      // Schema factories with defaults (optionalText(), requiredEmail(), ...) hold their default messages.
      if (typeof value === 'function' && value.length === 0) {
        try {
          walkSchema((value as () => z.ZodType)(), messages, seen);
        } catch {
          // not a schema factory
        }
      }
    }
  }
  return messages;
}

const messagesOf = (language: string) =>
  (
    JSON.parse(readFileSync(path.join(ROOT, `web/src/i18n/${language}.json`), 'utf8')) as {
      messages: Record<string, string>;
    }
  ).messages;

describe('server and schema messages', () => {
  const found: Found = { messages: new Map(), unresolved: [] };
  scanSource(found);
  for (const text of schemaMessages())
    if (isSentence(text) && !found.messages.has(text)) found.messages.set(text, 'zod');

  it('finds the messages (the scan itself works)', () => {
    expect(found.unresolved).toEqual([]);
    expect(found.messages.size).toBeGreaterThan(100);
    for (const known of [
      'Tenant not found',
      'The DEVEUI is required',
      'This value is too long. It should have 255 characters or less.',
    ])
      expect(found.messages.has(known)).toBe(true);
  });

  it.each(LANGUAGES)('has a %s translation for every message', (language) => {
    const translations = messagesOf(language);
    const missing = [...found.messages]
      .filter(([text]) => typeof translations[text] !== 'string' || translations[text].trim() === '')
      .map(([text, where]) => `${where}: ${text}`);
    expect(missing).toEqual([]);
  });

  it('keeps placeholders and does not leave English in nl, de and fr', () => {
    const en = messagesOf('en');
    for (const language of ['nl', 'de', 'fr']) {
      const translations = messagesOf(language);
      const untranslated = [...found.messages.keys()].filter(
        (text) => translations[text] === text && en[text] === text && /[a-z]{4,}/.test(text),
      );
      // Product names and codes read the same in every language; whole sentences do not.
      expect(untranslated.filter((text) => text.split(' ').length > 3)).toEqual([]);
    }
  });
});
