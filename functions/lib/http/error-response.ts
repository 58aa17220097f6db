import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { errorBody, MESSAGES, PROBLEM_JSON } from '../../../shared/errors';
import { HttpError } from './errors';

/** Any thrown value -> the API's error format. Client mistakes are HttpErrors; anything else is a 500. */
export function errorResponse(error: unknown): APIGatewayProxyStructuredResultV2 {
  const known = error instanceof HttpError ? error : new HttpError(500, MESSAGES.internal);
  return {
    statusCode: known.status,
    headers: { 'content-type': `${PROBLEM_JSON}; charset=utf-8`, ...known.headers },
    body: JSON.stringify(errorBody(known.status, known.message, known.violations)),
  };
}
