import { useSession } from '../session/useSession';
import { AppShell } from './AppShell';
import { PublicLayout } from './PublicLayout';

/** For pages open to everyone (page not found): the shell when signed in, the public layout otherwise. */
export function LayoutForSession() {
  const { user } = useSession();
  return user ? <AppShell /> : <PublicLayout />;
}
