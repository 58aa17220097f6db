import { useLocation } from 'react-router-dom';

/**
 * The route the page shows, as its `main` element's data-location. The address bar changes the moment a link is
 * followed, but the router renders the new screen in a transition: React keeps the old screen up until the new
 * one's code has loaded. Whoever must know that the screen in view is the address's (a test driving the console,
 * an extension) compares this with location.pathname + location.search.
 */
export function useShownLocation(): string {
  const { pathname, search } = useLocation();
  return pathname + search;
}
