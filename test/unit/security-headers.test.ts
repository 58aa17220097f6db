import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { consoleSecurityHeaders, contentSecurityPolicy, MAP_SOURCES } from '../../shared/security-headers';

/** The one definition of the console's security headers (CloudFront and the local server). */
const SOURCES = {
  api: ['https://api.example.com'],
  auth: ['https://pool.auth.eu-west-1.amazoncognito.com'],
  storage: ['https://*.s3.eu-west-1.amazonaws.com'],
};
const directive = (csp: string, name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `)) ?? '';

describe('console security headers', () => {
  it('lets scripts come from the console only and nothing frame, plug in or rebase it', () => {
    const csp = contentSecurityPolicy(SOURCES);
    expect(directive(csp, 'script-src')).toBe("script-src 'self' 'wasm-unsafe-eval'");
    expect(directive(csp, 'default-src')).toBe("default-src 'self'");
    expect(directive(csp, 'frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(directive(csp, 'object-src')).toBe("object-src 'none'");
    expect(directive(csp, 'base-uri')).toBe("base-uri 'self'");
    expect(csp).not.toMatch(/[^-]unsafe-eval|script-src[^;]*unsafe-inline/);
  });

  it('sends requests only to the API, Cognito, the bucket and the map hosts', () => {
    const connect = directive(contentSecurityPolicy(SOURCES), 'connect-src').split(' ').slice(1);
    expect(connect.sort()).toEqual(
      ["'self'", ...SOURCES.api, ...SOURCES.auth, ...SOURCES.storage, ...MAP_SOURCES].sort(),
    );
  });

  it('names every outside host the console’s map code uses', () => {
    const dir = path.join(__dirname, '../../web/src/map');
    const hosts = readdirSync(dir)
      .filter((file) => /\.tsx?$/.test(file))
      .flatMap((file) => [...readFileSync(path.join(dir, file), 'utf8').matchAll(/https:\/\/[a-z0-9.-]+/g)])
      .map(([url]) => url)
      .filter((url) => !url.includes('openstreetmap.org/copyright'));
    for (const host of new Set(hosts)) expect(MAP_SOURCES).toContain(host);
  });

  it('sends HSTS for two years, nosniff, DENY framing and the referrer policy with it', () => {
    expect(consoleSecurityHeaders(SOURCES)).toMatchObject({
      'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
      'X-Content-Type-Options': 'nosniff',
      'X-Frame-Options': 'DENY',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
    });
  });
});
