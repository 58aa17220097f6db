import { describeViolations, MESSAGES, type Violation } from '../../../shared/errors';

/** An error meant for the client: the error handler turns it into the Hydra error body with this status. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly violations?: Violation[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message: string = MESSAGES.missingToken) =>
  new HttpError(401, message, undefined, { 'www-authenticate': 'Bearer' });
export const forbidden = (message: string = MESSAGES.forbidden) => new HttpError(403, message);
export const notFound = (message: string = MESSAGES.notFound) => new HttpError(404, message);
export const conflict = (message: string = MESSAGES.staleVersion) => new HttpError(409, message);
/** 412: the `If-Match` of the request names another version than the stored one (RFC 9110 s.13.1.1). */
export const preconditionFailed = (message: string = MESSAGES.staleVersion) => new HttpError(412, message);
export const payloadTooLarge = () => new HttpError(413, MESSAGES.bodyTooLarge);
export const notImplemented = () => new HttpError(501, MESSAGES.notImplemented);
/** 429: `retryAfterSeconds` becomes the Retry-After header (RFC 9110 s.10.2.3), whole seconds, at least 1. */
export const tooManyRequests = (retryAfterSeconds: number, message: string = MESSAGES.tooManyRequests) =>
  new HttpError(429, message, undefined, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
export const unprocessable = (violations: Violation[]) =>
  new HttpError(422, describeViolations(violations), violations);
