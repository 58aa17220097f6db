import { CognitoIdentityProviderServiceException } from '@aws-sdk/client-cognito-identity-provider';
import { MESSAGES, type Violation } from '../../../shared/errors';
import {
  PASSWORD_NEEDS_DIGIT,
  PASSWORD_NEEDS_LOWERCASE,
  PASSWORD_NEEDS_SYMBOL,
  PASSWORD_NEEDS_UPPERCASE,
  PASSWORD_TOO_SHORT,
  RESET_CODE_EXPIRED,
  RESET_CODE_WRONG,
} from '../../../shared/schemas/session';
import { USERNAME_IS_EMAIL } from '../../../shared/schemas/user';
import { type HttpError, notFound, tooManyRequests, unauthorized, unprocessable } from '../http/errors';

export const USERNAME_TAKEN = 'This username is already taken';
export const EMAIL_TAKEN = 'This email is already in use';
export const COGNITO_REFUSED_VALUE = 'The user directory refused a value of this request';
/** Cognito does not say when to come back; a few seconds lets its per-second quotas recover. */
const COGNITO_RETRY_SECONDS = 5;

/** Cognito's policy text ("Password does not conform to policy: Password not long enough") as our messages. */
function passwordMessage(message: string): string {
  const reasons: [RegExp, string][] = [
    [/long enough/i, PASSWORD_TOO_SHORT],
    [/lowercase/i, PASSWORD_NEEDS_LOWERCASE],
    [/uppercase/i, PASSWORD_NEEDS_UPPERCASE],
    [/numeric/i, PASSWORD_NEEDS_DIGIT],
    [/symbol/i, PASSWORD_NEEDS_SYMBOL],
  ];
  return reasons.find(([pattern]) => pattern.test(message))?.[1] ?? PASSWORD_TOO_SHORT;
}

const violation = (propertyPath: string, message: string): Violation[] => [{ propertyPath, message }];

/**
 * The one mapping of Cognito's refusals to the API's answers: every error a call in functions/lib can meet that
 * is the caller's doing (a taken name, a weak password, a wrong code, a throttle) becomes a 4xx, never a 500.
 * Call sites that expect an error (UserNotFoundException on delete) still catch it themselves first; the error
 * handler (functions/lib/http/error-response.ts) applies this to whatever reaches it.
 * Undefined: not Cognito's, or a fault of ours (InternalErrorException, ResourceNotFoundException of the pool).
 */
export function cognitoClientError(error: unknown): HttpError | undefined {
  if (!isCognitoError(error)) return undefined;
  switch (error.name) {
    case 'UsernameExistsException':
      return unprocessable(violation('username', USERNAME_TAKEN));
    case 'AliasExistsException':
      return unprocessable(violation('email', EMAIL_TAKEN));
    case 'InvalidPasswordException':
      return unprocessable(violation('password', passwordMessage(error.message)));
    case 'InvalidParameterException':
      return /email format/i.test(error.message)
        ? unprocessable(violation('username', USERNAME_IS_EMAIL))
        : unprocessable([{ propertyPath: '', message: COGNITO_REFUSED_VALUE }]);
    case 'CodeMismatchException':
      return unprocessable(violation('code', RESET_CODE_WRONG));
    case 'ExpiredCodeException':
      return unprocessable(violation('code', RESET_CODE_EXPIRED));
    case 'UserNotFoundException':
      return notFound();
    case 'NotAuthorizedException':
    case 'UserNotConfirmedException':
    case 'PasswordResetRequiredException':
      return unauthorized(MESSAGES.signInFailed);
    case 'LimitExceededException':
    case 'TooManyRequestsException':
    case 'TooManyFailedAttemptsException':
      return tooManyRequests(COGNITO_RETRY_SECONDS);
    default:
      return undefined;
  }
}

/** For `.catch(throwAsClientError)`: throws the mapped 4xx, or the error unchanged. */
export function throwAsClientError(error: unknown): never {
  throw cognitoClientError(error) ?? error;
}

/** Cognito's service errors only: other services share names (DynamoDB's LimitExceededException is ours). */
function isCognitoError(error: unknown): error is Error {
  return error instanceof CognitoIdentityProviderServiceException;
}
