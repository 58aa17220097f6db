import {
  type SessionUser,
  type SignInAnswer,
  type SignInInput,
  type SignInResponse,
  sessionUserSchema,
  signInAnswerSchema,
  type VerifyResponse,
  verifyResponseSchema,
} from '@shared/schemas/session';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../api/apiClient';

/**
 * POST /user/sign-in; `email` holds the username or the e-mail (spec 001 s.7). The answer is the session, or
 * the ask for the second factor's code or setup (the password was right).
 */
export async function signInRequest(credentials: SignInInput): Promise<SignInAnswer> {
  return signInAnswerSchema.parse(await api.post('/user/sign-in', credentials, { auth: false }));
}

export const isSession = (answer: SignInAnswer): answer is SignInResponse & { recovery_codes?: string[] } =>
  !('second_factor' in answer);

/** POST /user/verify: a new token and refresh token, usually with the current user. */
export async function verifyRequest(refreshToken: string): Promise<VerifyResponse> {
  return verifyResponseSchema.parse(await api.post('/user/verify', { refresh_token: refreshToken }, { auth: false }));
}

/**
 * POST /user/sign-out: Cognito revokes the refresh token, so a copy of it (the browser's storage is readable by
 * any script of the page) cannot renew the session afterwards. Best effort: signing out never waits for it.
 */
export async function revokeRequest(refreshToken: string): Promise<void> {
  await api.post('/user/sign-out', { refresh_token: refreshToken }, { auth: false });
}

export async function fetchCurrentUser(): Promise<SessionUser> {
  return sessionUserSchema.parse(await api.get('/api/me'));
}

/** Role names of the tenant (GET /api/roles), fetched after login for role pickers. */
export const roleNamesQuery = queryOptions({
  queryKey: ['roles', 'names'],
  queryFn: async () => (await api.get<{ 'hydra:member': string[] }>('/api/roles'))['hydra:member'],
  staleTime: 5 * 60_000,
});
