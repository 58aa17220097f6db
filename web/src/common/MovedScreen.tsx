import { Navigate, useLocation } from 'react-router-dom';

/**
 * The old address of a screen that has moved: links people shared and bookmarks still open the screen, at its
 * new address with their query and fragment (a month of the loan-day report, say), and Back does not return here.
 */
export function MovedScreen({ to }: { to: string }) {
  const { search, hash } = useLocation();
  return <Navigate to={{ pathname: to, search, hash }} replace />;
}
