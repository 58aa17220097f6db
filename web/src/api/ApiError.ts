import type { Violation } from '@shared/errors';

/**
 * A failed API call. `message` is the server's text (`detail`, else `hydra:description`), `violations` the
 * per-field messages of a 422. status 0 means the server was not reached.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    message: string,
    readonly violations: readonly Violation[] = [],
  ) {
    super(message);
  }

  /** The first message for a field, e.g. `violationFor('email')`. */
  violationFor(propertyPath: string): string | undefined {
    return this.violations.find((v) => v.propertyPath === propertyPath)?.message;
  }

  static async fromResponse(response: Response): Promise<ApiError> {
    const body = await response.json().catch(() => null);
    return ApiError.fromBody(response.status, body, response.statusText);
  }

  static fromBody(status: number, body: unknown, fallbackMessage = ''): ApiError {
    const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
    const text = (key: string) => (typeof fields[key] === 'string' && fields[key] !== '' ? fields[key] : undefined);
    const message = text('detail') ?? text('hydra:description') ?? text('message') ?? text('title') ?? fallbackMessage;
    const bodyStatus = typeof fields.status === 'number' ? fields.status : status;
    return new ApiError(bodyStatus, message, readViolations(fields.violations));
  }
}

function readViolations(value: unknown): Violation[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: unknown) => {
    if (typeof item !== 'object' || item === null) return [];
    const { propertyPath, message } = item as Record<string, unknown>;
    if (typeof message !== 'string') return [];
    return [{ propertyPath: typeof propertyPath === 'string' ? propertyPath : '', message }];
  });
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;
