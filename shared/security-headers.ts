/**
 * The console's security headers, defined once: the CloudFront response headers policy
 * (infra/constructs/static-site.ts) and the local console server (scripts/local/console-server.ts) both build
 * theirs here, each from the addresses its deployment knows, so a console that only works without them is
 * caught by the browser tests before it reaches CloudFront.
 */

/** Where the console's own requests go, as CSP sources (scheme://host[:port], a leading "*." allowed). */
export interface ConsoleCspSources {
  /** The API (config.json apiBaseUrl): fetches, and the tenant logo as an image. */
  api: readonly string[];
  /** Cognito: the user pool endpoint and the hosted-UI domain (SSO sign-in and sign-out go there). */
  auth: readonly string[];
  /** The attachments bucket as the browser reaches it: presigned POST uploads and GET downloads. */
  storage: readonly string[];
  /**
   * Live push: the AppSync Events endpoints, the HTTP one and the realtime WebSocket one (wss:// on
   * AWS; ws:// to the local stand-in, docs/decisions/0258-live-push-with-appsync-events-channels-lambda-authorizer-iam-publish.md).
   */
  live?: readonly string[];
}

/**
 * Map tiles and glyphs the console loads itself (web/src/map/layers.ts, mapStyle.ts); MapLibre fetches them
 * (connect-src) and draws them as images. test/unit/security-headers.test.ts keeps this list complete.
 */
export const MAP_SOURCES = [
  'https://tile.openstreetmap.org',
  'https://server.arcgisonline.com',
  'https://service.pdok.nl',
  'https://data.rivm.nl',
  'https://geo.leefbaarometer.nl',
  'https://demotiles.maplibre.org',
] as const;

/** Two years, with subdomains: the console is HTTPS only (CloudFront redirects plain HTTP). */
export const HSTS_MAX_AGE_SECONDS = 63_072_000;
export const REFERRER_POLICY = 'strict-origin-when-cross-origin';

/**
 * Scripts only from the console's own files (no inline script, no eval: the build needs none). 'wasm-unsafe-eval'
 * lets the scan screen compile its barcode decoder, a WebAssembly file served from the console's own origin
 * (web/src/scan/decoder.ts, docs/decisions/0329); it allows WebAssembly compilation only, never eval(). Styles allow
 * 'unsafe-inline' because MUI (emotion) and Scalar insert style elements and attributes at run time; a style
 * cannot run code. Workers: MapLibre's worker file is the console's own.
 */
export function contentSecurityPolicy(sources: ConsoleCspSources): string {
  const { api, auth, storage, live = [] } = sources;
  const directives: Record<string, readonly string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", "'wasm-unsafe-eval'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...api, ...storage, ...MAP_SOURCES],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...api, ...auth, ...storage, ...live, ...MAP_SOURCES],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'form-action': ["'self'", ...auth],
    'frame-ancestors': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${[...new Set(values)].join(' ')}`)
    .join('; ');
}

/** Every header as the browser receives it (the local server sets these; CloudFront sends the same). */
export function consoleSecurityHeaders(sources: ConsoleCspSources): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(sources),
    'Strict-Transport-Security': `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains`,
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': REFERRER_POLICY,
    'X-XSS-Protection': '1; mode=block',
  };
}

/** scheme://host[:port] of a URL, the form a CSP source takes. */
export const originOf = (url: string): string => new URL(url).origin;
