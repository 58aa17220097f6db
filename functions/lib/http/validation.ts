import type { z } from 'zod';
import type { Violation } from '../../../shared/errors';
import { unprocessable } from './errors';

/** zod issues -> API Platform violations ({propertyPath: 'a.b[0]', message}). */
export function toViolations(error: z.ZodError): Violation[] {
  return error.issues.map((issue) => ({
    propertyPath: issue.path
      .map((part, i) => (typeof part === 'number' ? `[${part}]` : `${i === 0 ? '' : '.'}${String(part)}`))
      .join(''),
    message: issue.message,
  }));
}

/** Validate with a shared schema; a failure answers 422 with the schema's messages. */
export function validate<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw unprocessable(toViolations(result.error));
  return result.data;
}
