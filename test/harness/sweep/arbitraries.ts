import fc from 'fast-check';
import { z } from 'zod';

/**
 * fast-check bodies for the fuzz sweep (test/integration/sweep-fuzz.test.ts), built from a route's zod body
 * schema through zod's own JSON Schema output, so any schema of shared/ works without a hand-written
 * generator: valid bodies, almost valid ones (one field dropped, of the wrong type, huge, hostile, an unknown
 * key), hostile whole bodies, and raw texts that are not JSON at all.
 */
export type JsonSchema = { [key: string]: unknown };

export interface BodyCase {
  kind: 'valid' | 'almost valid' | 'hostile' | 'raw';
  text: string;
  contentType?: string;
}

export const jsonSchemaOf = (schema: z.ZodType): JsonSchema =>
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;

const HUGE = [70_000, 300_000];
const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

/** Strings that have broken parsers, databases, templates and mail headers before. */
const nastyString = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\ud800',
    '\udfff\ud800',
    '\u202e\u0041\u0301\u0301\u0301',
    '👩‍👩‍👧‍👦🏳️‍🌈',
    '%s%n%x',
    "' OR 1=1 --",
    '<script>alert(1)</script>',
    '../../../../etc/passwd',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a log4j lookup, sent as text on purpose
    '${jndi:ldap://x}',
    '{{7*7}}',
    'a@b\r\nBcc: victim@example.com',
    '__proto__',
    '99999999999999999999999',
    'NaN',
    '-0',
  ),
  fc.constantFrom(...HUGE).map((length) => 'x'.repeat(length)),
);

/** Numbers at the edges of every integer and float type. */
const edgeNumber = fc.oneof(
  fc.constantFrom(0, -0, -1, 1.5, 2 ** 31 - 1, 2 ** 31, 2 ** 32, 2 ** 53, 2 ** 53 + 2, -(2 ** 53) - 2),
  fc.constantFrom(Number.MAX_VALUE, -Number.MAX_VALUE, Number.MIN_VALUE, 1e-7, 1e21),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

/** Any value of a type a field did not ask for, deep nesting and prototype keys included. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  nastyString,
  edgeNumber,
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom([], {}, [null], JSON.parse('{"__proto__":{"admin":true}}')),
  fc.integer({ min: 20, max: 2000 }).map((depth) => JSON.parse(nested(depth))),
  fc.jsonValue({ maxDepth: 3 }),
);

/** Mostly plain addresses (zod's e-mail rule refuses much of what RFC 5322 allows), some exotic ones. */
const emailAddress = fc.oneof(
  { arbitrary: fc.stringMatching(/^[a-z][a-z0-9.]{0,12}[a-z0-9]@[a-z]{2,10}\.example$/), weight: 4 },
  { arbitrary: fc.emailAddress(), weight: 1 },
);

const stringFor = (schema: JsonSchema, name: string): fc.Arbitrary<string> => {
  const min = (schema.minLength as number | undefined) ?? 0;
  const max = Math.min((schema.maxLength as number | undefined) ?? 60, min + 60);
  if (typeof schema.pattern === 'string') return fc.stringMatching(new RegExp(schema.pattern));
  if (schema.format === 'email' || /email/i.test(name)) return emailAddress.filter((e) => e.length <= max);
  if (schema.format === 'date-time' || /date|scheduled|_at$/i.test(name)) {
    return fc
      .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
      .map((d) => d.toISOString());
  }
  if (/password|secret/i.test(name)) return fc.string({ minLength: 8, maxLength: 20 }).map((s) => `Aa1!${s}`);
  return fc.string({ minLength: min, maxLength: max });
};

const numberFor = (schema: JsonSchema, integer: boolean): fc.Arbitrary<number> => {
  const lower = (schema.minimum as number | undefined) ?? ((schema.exclusiveMinimum as number | undefined) ?? -1e6) + 1;
  const upper = Math.min((schema.maximum as number | undefined) ?? 1e9, 1e9);
  return integer
    ? fc.integer({ min: Math.ceil(lower), max: Math.max(Math.ceil(lower), Math.floor(upper)) })
    : fc.double({ min: lower, max: Math.max(lower, upper), noNaN: true, noDefaultInfinity: true });
};

function objectFor(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const record = Object.fromEntries(
    Object.entries(properties).map(([key, value]) => [key, validValue(value, depth + 1, key)]),
  );
  return fc.record(record, { requiredKeys: (schema.required as string[] | undefined) ?? [] });
}

function arrayFor(schema: JsonSchema, depth: number, name: string): fc.Arbitrary<unknown> {
  if (Array.isArray(schema.prefixItems)) {
    return fc.tuple(...(schema.prefixItems as JsonSchema[]).map((item) => validValue(item, depth + 1, name)));
  }
  const minLength = (schema.minItems as number | undefined) ?? 0;
  const maxLength = Math.min((schema.maxItems as number | undefined) ?? minLength + 4, minLength + 4);
  const items = (schema.items ?? {}) as JsonSchema;
  return fc.array(validValue(items, depth + 1, name), { minLength, maxLength });
}

/** A value the JSON Schema accepts (refinements it cannot say, such as an e-mail rule, aside). */
export function validValue(schema: JsonSchema, depth = 0, name = ''): fc.Arbitrary<unknown> {
  if (depth > 8) return fc.constant(null);
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  const alternatives = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (alternatives?.length) return fc.oneof(...alternatives.map((option) => validValue(option, depth + 1, name)));
  if (Array.isArray(schema.allOf) && schema.allOf.length) return validValue(schema.allOf[0] as JsonSchema, depth, name);
  if (Array.isArray(schema.type)) {
    return fc.oneof(...(schema.type as string[]).map((type) => validValue({ ...schema, type }, depth, name)));
  }
  switch (schema.type) {
    case 'object':
      return objectFor(schema, depth);
    case 'array':
      return arrayFor(schema, depth, name);
    case 'string':
      return stringFor(schema, name);
    case 'integer':
      return numberFor(schema, true);
    case 'number':
      return numberFor(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

type Change = 'drop' | 'wrong type' | 'huge' | 'unknown key';

/** One field of a valid body changed: dropped, of another type, huge, or an unknown (prototype) key added. */
function almost(value: unknown, keys: string[], pick: number, change: Change, hostile: unknown): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return hostile;
  const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  const key = keys.length ? (keys[pick % keys.length] as string) : `field${pick}`;
  if (change === 'drop') delete copy[key];
  else if (change === 'wrong type') copy[key] = hostile;
  else if (change === 'huge') copy[key] = 'x'.repeat(HUGE[pick % HUGE.length] as number);
  else Object.defineProperty(copy, pick % 2 ? '__proto__' : `unexpected_${pick}`, { value: hostile, enumerable: true });
  return copy;
}

/** Texts no JSON body parser should answer with a 5xx. */
const rawText: fc.Arbitrary<BodyCase> = fc.oneof(
  fc
    .constantFrom(
      '',
      ' ',
      '{',
      '{"a":',
      '}',
      'null',
      'true',
      '"text"',
      '\uFEFF{}',
      '{"a":1,"a":2}',
      '{"version":1e400}',
      '{"name":"\u0000"}',
      '\u0000\u0000',
      '{"name":"\\ud800"}',
      `{"a":${nested(100_000)}}`,
      ' '.repeat(900_000),
    )
    .map((text): BodyCase => ({ kind: 'raw', text })),
  fc
    .constantFrom(
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/xml',
    )
    .map((contentType): BodyCase => ({ kind: 'raw', text: 'a=1&b=%00&c', contentType })),
  fc.string({ unit: 'binary', maxLength: 200 }).map((text): BodyCase => ({ kind: 'raw', text })),
);

/** The top-level field names of a body schema, through unions too. */
const topKeys = (json: JsonSchema): string[] => [
  ...new Set([
    ...Object.keys((json.properties ?? {}) as object),
    ...(((json.anyOf ?? json.oneOf) as JsonSchema[] | undefined) ?? []).flatMap(topKeys),
  ]),
];

const asJson =
  (kind: BodyCase['kind']) =>
  (value: unknown): BodyCase => ({ kind, text: JSON.stringify(value) ?? '' });

/** Bodies for a route: from its schema when it has one, else hostile and raw ones only. */
export function bodyCases(schema: z.ZodType | undefined): fc.Arbitrary<BodyCase> {
  const hostile = hostileValue.map(asJson('hostile'));
  if (!schema) return fc.oneof({ arbitrary: hostile, weight: 3 }, { arbitrary: rawText, weight: 2 });
  const json = jsonSchemaOf(schema);
  const valid = validValue(json);
  const keys = topKeys(json);
  const changes: Change[] = ['drop', 'wrong type', 'huge', 'unknown key'];
  const almostValid = fc
    .tuple(valid, fc.nat(), fc.constantFrom(...changes), hostileValue)
    .map(([value, pick, change, other]) => almost(value, keys, pick, change, other))
    .map(asJson('almost valid'));
  return fc.oneof(
    { arbitrary: valid.map(asJson('valid')), weight: 3 },
    { arbitrary: almostValid, weight: 10 },
    { arbitrary: hostile, weight: 5 },
    { arbitrary: rawText, weight: 2 },
  );
}
