import { z } from 'zod';

/** The media type of the API's error answers (functions/lib/http/error-response.ts), RFC 7807. */
export const PROBLEM_JSON = 'application/problem+json';

/**
 * The API's error format: API Platform's pre-3.1 Hydra keys plus the RFC 7807 keys of later versions, so
 * old and new clients both read it (integrations.md section 4, "Compatibility recommendation").
 */
export const violationSchema = z.object({ propertyPath: z.string(), message: z.string() });
export type Violation = z.infer<typeof violationSchema>;

export const errorBodySchema = z.object({
  '@context': z.string(),
  '@type': z.string(),
  'hydra:title': z.string(),
  'hydra:description': z.string(),
  type: z.string(),
  title: z.string(),
  detail: z.string(),
  status: z.number().int(),
  violations: z.array(violationSchema).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const STATUS_TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  412: 'Precondition Failed',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  428: 'Precondition Required',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  502: 'Bad Gateway',
};

export function errorBody(status: number, detail: string, violations?: Violation[]): ErrorBody {
  const isViolation = status === 422 && violations !== undefined;
  return {
    '@context': isViolation ? '/api/contexts/ConstraintViolationList' : '/api/contexts/Error',
    '@type': isViolation ? 'ConstraintViolationList' : 'hydra:Error',
    'hydra:title': 'An error occurred',
    'hydra:description': detail,
    type: `/errors/${status}`,
    title: STATUS_TITLES[status] ?? 'An error occurred',
    detail,
    status,
    ...(violations ? { violations } : {}),
  };
}

/** "name: The name is required\nemail: Must be a valid email", as API Platform words hydra:description. */
export const describeViolations = (violations: Violation[]) =>
  violations.map((v) => (v.propertyPath ? `${v.propertyPath}: ${v.message}` : v.message)).join('\n');

/** Messages the API answers with; the console shows them as they come (spec 000/001 section 8). */
export const MESSAGES = {
  signInFailed: 'User not found or wrong password',
  missingToken: 'Full authentication is required to access this resource.',
  invalidToken: 'Invalid or expired token.',
  forbidden: 'Access Denied.',
  notFound: 'Not Found',
  malformedJson: 'Syntax error: the request body is not valid JSON.',
  staleVersion: 'The resource was changed by someone else. Reload it and apply your changes again.',
  versionRequired: 'The version is required',
  bodyTooLarge: 'The request body is too large.',
  notImplemented: 'This feature is not available yet.',
  internal: 'Internal Server Error',
  mustBeNumber: 'Must be a number',
  invalidDate: 'Invalid date format',
  requiredFields: 'Fill all the required fields',
  /** 429 of a throttled route or API credential; the Retry-After header says when to come back. */
  tooManyRequests: 'Too many requests. Try again later.',
  /** 429 of sign-in after too many failures, for the account or the address it came from (never says which). */
  signInLocked: 'Too many failed sign-ins. Try again later.',
} as const;
