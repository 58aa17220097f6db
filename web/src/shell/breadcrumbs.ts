/**
 * Breadcrumbs from path segments (spec 000/001 s.2). A segment that is a page is named by its page title in
 * the user's language (`titleOf`); anything else (an id) is shown as it stands: dashes become spaces, first letter
 * capitalised.
 */
export interface Crumb {
  label: string;
  to: string;
}

/** The breadcrumb root; /workspace is an alias of / (it redirects to the user's start page). */
export const BREADCRUMB_ROOT_PATH = '/workspace';

export function segmentLabel(segment: string): string {
  let text = segment;
  try {
    text = decodeURIComponent(segment);
  } catch {
    // A malformed escape is shown as typed.
  }
  text = text.replace(/-/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function breadcrumbsFor(
  pathname: string,
  rootLabel: string,
  titleOf: (to: string) => string | undefined = () => undefined,
): Crumb[] {
  const segments = pathname.split('/').filter(Boolean);
  const trail = segments[0] === BREADCRUMB_ROOT_PATH.slice(1) ? segments.slice(1) : segments;
  return [
    { label: rootLabel, to: BREADCRUMB_ROOT_PATH },
    ...trail.map((segment, index) => {
      const to = `/${trail.slice(0, index + 1).join('/')}`;
      return { label: titleOf(to) ?? segmentLabel(segment), to };
    }),
  ];
}
