import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { MESSAGES } from '../../../shared/errors';
import { badRequest, HttpError, payloadTooLarge } from './errors';

/** JSON bodies above this answer 413 (files never pass through the API: they go straight to S3). */
export const MAX_JSON_BODY_BYTES = 1024 * 1024;

/**
 * The request body as JSON: empty is undefined, malformed is 400, too large 413, non-JSON 415. A route that takes
 * more (a bulk upsert, `rawBody`) reads its own body with its own bound, which stays under Lambda's 6 MB.
 */
export function readJsonBody(
  event: Pick<APIGatewayProxyEventV2, 'body' | 'isBase64Encoded' | 'headers'>,
  maxBytes = MAX_JSON_BODY_BYTES,
): unknown {
  if (event.body === undefined || event.body === null || event.body === '') return undefined;
  const text = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  if (Buffer.byteLength(text, 'utf8') > maxBytes) throw payloadTooLarge();
  const contentType = event.headers?.['content-type'] ?? 'application/json';
  if (!/json/i.test(contentType)) throw new HttpError(415, 'The request body must be JSON.');
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest(MESSAGES.malformedJson);
  }
}
