import { SESSION_STORAGE_KEY, type StoredSession, storedSessionSchema } from './sessionTypes';

const storageFor = (stayLoggedIn: boolean) => (stayLoggedIn ? window.localStorage : window.sessionStorage);

function readFrom(storage: Storage): StoredSession | null {
  try {
    const raw = storage.getItem(SESSION_STORAGE_KEY);
    if (raw === null) return null;
    const parsed = storedSessionSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function readStoredSession(): StoredSession | null {
  return readFrom(window.localStorage) ?? readFrom(window.sessionStorage);
}

export function writeStoredSession(session: StoredSession) {
  try {
    storageFor(!session.stayLoggedIn).removeItem(SESSION_STORAGE_KEY);
    storageFor(session.stayLoggedIn).setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
  } catch {
    // Storage full or disabled: the session still works until the page is closed.
  }
}

export function clearStoredSession() {
  for (const storage of [window.localStorage, window.sessionStorage]) {
    try {
      storage.removeItem(SESSION_STORAGE_KEY);
    } catch {
      // Nothing to clear.
    }
  }
}
