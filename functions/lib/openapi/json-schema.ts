import { z } from 'zod';
import { errorBodySchema } from '../../../shared/errors';
import { hydraCollectionSchema } from '../../../shared/schemas/common';

/** A JSON Schema (2020-12, the dialect of OpenAPI 3.1) as zod writes it. */
export type JsonSchema = Record<string, unknown>;

/** zod writes every integer's JavaScript range (±2^53-1) as bounds; they say nothing to a client. */
function dropSafeIntegerBounds(schema: JsonSchema) {
  if (schema.minimum === Number.MIN_SAFE_INTEGER) delete schema.minimum;
  if (schema.maximum === Number.MAX_SAFE_INTEGER) delete schema.maximum;
}

/**
 * zod's own JSON Schema output: what a client may send (`input`: before defaults and preprocessing) or what the
 * API answers (`output`). Parts JSON Schema cannot say (a custom refinement's logic, a transform) become
 * "any", which is true of them; the messages the API answers for them are in its 422 violations.
 */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
    override: ({ jsonSchema }) => dropSafeIntegerBounds(jsonSchema as JsonSchema),
  }) as JsonSchema;
  return rest;
}

/** Does a body carry `version` (optimistic concurrency, 409 when stale)? Looks through unions too. */
export function hasVersionProperty(schema: JsonSchema): boolean {
  const properties = schema.properties as Record<string, unknown> | undefined;
  if (properties && 'version' in properties) return true;
  return (['anyOf', 'oneOf', 'allOf'] as const).some((key) =>
    ((schema[key] as JsonSchema[] | undefined) ?? []).some(hasVersionProperty),
  );
}

/** API Platform's Hydra collection around the members of a list (integrations.md s.4). */
export const hydraCollectionOf = (member: z.ZodType) =>
  hydraCollectionSchema(member).extend({
    '@context': z.string(),
    '@id': z.string(),
    '@type': z.literal('hydra:Collection'),
  });

export const errorJsonSchema = () => jsonSchemaOf(errorBodySchema, 'output');
