import type { z } from 'zod';

/**
 * An entity's answer is built from an allow-list: the keys of its read schema in shared/schemas/, so a stored
 * attribute (a sort copy, a pipeline state, an index key) never reaches a client, however it got on the record.
 * Values are not parsed or changed; a key the record lacks, or holds as undefined, is left
 * out (the schema's optional keys).
 */
export function allowListOf<S extends z.ZodObject>(schema: S) {
  const keys = Object.keys(schema.shape);
  return (value: object): z.output<S> => {
    const answer: Record<string, unknown> = {};
    for (const key of keys) {
      const field = (value as Record<string, unknown>)[key];
      if (field !== undefined) answer[key] = field;
    }
    return answer as z.output<S>;
  };
}
