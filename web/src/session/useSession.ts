import { isSsoRefreshToken } from '@shared/schemas/session';
import { useCallback, useSyncExternalStore } from 'react';
import { isAdminUser, isClientUser } from './access';
import { hasAnyGrant } from './grants';
import { getSessionState, reloadCurrentUser, signOut, startSession, subscribeToSession } from './sessionStore';

/** The signed-in user and the gating helpers; user is null while restoring and when signed out. */
export function useSession() {
  const { status, session } = useSyncExternalStore(subscribeToSession, getSessionState);
  const user = status === 'signedIn' ? (session?.user ?? null) : null;
  /** True when the user holds any of these permissions or roles (spec 001 s.6). */
  const hasAny = useCallback((required: readonly string[]) => hasAnyGrant(user, required), [user]);
  return {
    status,
    user,
    tenant: user?.tenant ?? null,
    hasAny,
    isAdmin: isAdminUser(user),
    isClient: isClientUser(user),
    /** Signed in through the organisation's identity provider, which keeps the password and any second factor. */
    bySingleSignOn: !!session && isSsoRefreshToken(session.refresh_token),
    signIn: startSession,
    signOut,
    reloadCurrentUser,
  };
}
