import { lazy } from 'react';
import { loadScreenStrings } from '../i18n/i18n';
import { useSession } from '../session/useSession';
import { PublicLayout } from './PublicLayout';

/**
 * The signed-in shell (top bar, navigation drawer, menus) in a chunk of its own: the public pages, sign-in
 * first, never load it (the sign-in route stays light), nor the screens' strings, which arrive with it.
 * App's Suspense shows a spinner meanwhile.
 */
export const AppShell = lazy(() =>
  Promise.all([import('./AppShell'), loadScreenStrings()]).then(([module]) => ({ default: module.AppShell })),
);

/** For pages open to everyone (page not found): the shell when signed in, the public layout otherwise. */
export function LayoutForSession() {
  const { user } = useSession();
  return user ? <AppShell /> : <PublicLayout />;
}
