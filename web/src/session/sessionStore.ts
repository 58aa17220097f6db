import { ApiError } from '../api/ApiError';
import { registerAuthHooks } from '../api/apiClient';
import { errorMessage } from '../api/errorMessage';
import { notifyError } from '../common/notifications/notificationStore';
import { fetchCurrentUser, isSession, revokeRequest, signInRequest, verifyRequest } from './sessionApi';
import { clearStoredSession, readStoredSession, writeStoredSession } from './sessionPersistence';
import { SESSION_STORAGE_KEY, type SessionUser, type SignInResponse, type StoredSession } from './sessionTypes';

/**
 * The session state machine of spec 001 s.4, outside React so the API client can read the token and renew it.
 * restoring: a stored session is being renewed (spinner); signedIn: user and token known; signedOut.
 */
export type SessionStatus = 'restoring' | 'signedIn' | 'signedOut';

export interface SessionState {
  status: SessionStatus;
  session: StoredSession | null;
}

let state: SessionState = { status: 'signedOut', session: null };
const listeners = new Set<() => void>();
const signOutListeners = new Set<() => void>();
let refreshing: Promise<boolean> | null = null;
let initialised = false;

function setState(next: SessionState) {
  state = next;
  for (const listener of listeners) listener();
}

export const getSessionState = () => state;

export function subscribeToSession(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Called on every sign-out, e.g. to drop cached queries of the previous user. */
export function onSignOut(listener: () => void) {
  signOutListeners.add(listener);
  return () => signOutListeners.delete(listener);
}

export function startSession(result: SignInResponse, stayLoggedIn: boolean) {
  const session = { ...result, stayLoggedIn };
  writeStoredSession(session);
  setState({ status: 'signedIn', session });
}

/**
 * Ends the session here; `revoke` (the user's own sign-out) also revokes its refresh token at the server. A
 * refresh that failed or another tab's sign-out has nothing left to revoke.
 */
export function signOut({ revoke = true }: { revoke?: boolean } = {}) {
  const refreshToken = state.session?.refresh_token;
  if (revoke && refreshToken) revokeRequest(refreshToken).catch(() => undefined);
  clearStoredSession();
  setState({ status: 'signedOut', session: null });
  for (const listener of signOutListeners) listener();
}

const isUnanswered = (error: unknown) =>
  (error instanceof ApiError && error.status === 0) ||
  error instanceof TypeError ||
  (error instanceof DOMException && error.name === 'AbortError');

/** Renews token and refresh token; on failure signs out and shows the server message. Concurrent calls share one request. */
export function refreshSession(): Promise<boolean> {
  const current = state.session;
  if (!current) return Promise.resolve(false);
  refreshing ??= verifyRequest(current.refresh_token)
    .then(
      ({ token, refresh_token, user }) => {
        startSession({ token, refresh_token, user: user ?? current.user }, current.stayLoggedIn);
        // Without a user in the answer the stored one may hold old permissions: reload it quietly.
        if (!user) reloadCurrentUser().catch(() => undefined);
        return true;
      },
      (error: unknown) => {
        // No answer (offline, or the page is being left mid-request: fetch or reading the body fails) says
        // nothing about the session; signing out here would clear the stored session a reload is about to use.
        if (isUnanswered(error)) {
          setState({ status: 'signedIn', session: current });
          return false;
        }
        signOut({ revoke: false });
        notifyError(errorMessage(error));
        return false;
      },
    )
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

/**
 * After users change their own password the server has ended all their sessions, this one included; the
 * console signs in again with the new password so that the user stays signed in here and only here.
 */
export async function renewSessionWith(username: string, password: string): Promise<void> {
  const current = state.session;
  if (!current) return;
  try {
    const answer = await signInRequest({ email: username, password });
    // A second factor: the new session needs the app's code, which only the sign-in page asks for.
    if (!isSession(answer)) return signOut({ revoke: false });
    startSession(answer, current.stayLoggedIn);
  } catch (error) {
    signOut({ revoke: false });
    notifyError(errorMessage(error));
  }
}

/** Reloads the user from GET /api/me, e.g. after the role matrix changed. */
export async function reloadCurrentUser(): Promise<SessionUser | null> {
  const user = await fetchCurrentUser();
  const current = state.session;
  if (current && state.status === 'signedIn') startSession({ ...current, user }, current.stayLoggedIn);
  return user;
}

/** Boot: connects the API client, follows sign-outs of other tabs and renews a stored session. */
export function initSession() {
  if (initialised) return;
  initialised = true;
  registerAuthHooks({ token: () => state.session?.token ?? null, refresh: refreshSession });
  window.addEventListener('storage', (event) => {
    if (event.key === SESSION_STORAGE_KEY && event.newValue === null && state.session?.stayLoggedIn)
      signOut({ revoke: false });
  });
  const stored = readStoredSession();
  if (!stored) return;
  setState({ status: 'restoring', session: stored });
  void refreshSession();
}
