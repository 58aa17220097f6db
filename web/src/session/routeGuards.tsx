import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { homePathFor } from './access';
import { useSession } from './useSession';

/** Layout routes implementing the access column of the spec 001 route table. */

/** / and /workspace: admins to /users, other users to /assets, visitors to /sign-in. */
export function HomeRedirect() {
  const { user } = useSession();
  return <Navigate to={homePathFor(user)} replace />;
}

/** Sign-in and sign-up: a signed-in user goes back where they came from, else to /. */
export function AnonymousOnly() {
  const { user } = useSession();
  const location = useLocation();
  if (!user) return <Outlet />;
  const from = (location.state as { from?: string } | null)?.from;
  return <Navigate to={from ?? '/'} replace />;
}

export function RequireSignedIn() {
  const { user } = useSession();
  const location = useLocation();
  if (user) return <Outlet />;
  return <Navigate to="/sign-in" replace state={{ from: `${location.pathname}${location.search}` }} />;
}

/** Staff screens: the client role is sent to /assets. */
export function RequireStaff() {
  const { isClient } = useSession();
  return isClient ? <Navigate to="/assets" replace /> : <Outlet />;
}

/** /users and /tenants: others are sent to /. */
export function RequireAdmin() {
  const { isAdmin } = useSession();
  return isAdmin ? <Outlet /> : <Navigate to="/" replace />;
}
