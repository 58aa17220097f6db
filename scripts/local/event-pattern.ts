import type { EventPattern, PatternValue } from '../../infra/pipeline-rules';

/**
 * EventBridge content filtering for the local bus, for the syntax infra/pipeline-rules.ts may use: a field's
 * list matches when any entry matches (exact value, prefix, anything-but, exists); nested objects match
 * nested fields; an array in the event matches when any of its elements does; every field of the pattern
 * must match (AND).
 */
export function matchesPattern(pattern: EventPattern, event: unknown): boolean {
  if (!isRecord(event)) return false;
  return Object.entries(pattern).every(([field, expected]) => {
    const actual = event[field];
    if (Array.isArray(expected)) return matchesField(expected, actual);
    return matchesPattern(expected, actual);
  });
}

function matchesField(expected: PatternValue[], actual: unknown): boolean {
  const values = Array.isArray(actual) ? actual : [actual];
  return expected.some((rule) => {
    if (isRecord(rule) && 'exists' in rule) return rule.exists === (actual !== undefined);
    if (actual === undefined) return false;
    return values.some((value) => matchesValue(rule, value));
  });
}

function matchesValue(rule: PatternValue, value: unknown): boolean {
  if (!isRecord(rule)) return rule === value;
  if ('prefix' in rule) return typeof value === 'string' && value.startsWith(rule.prefix);
  if ('anything-but' in rule) {
    const excluded = rule['anything-but'];
    return !(Array.isArray(excluded) ? excluded : [excluded]).some((x) => x === value);
  }
  return false;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
