import { readFileSync } from 'node:fs';
import path from 'node:path';
import { localCspSources } from '../../scripts/local/console-server';
import { contentSecurityPolicy } from '../../shared/security-headers';
import { consoleUrl } from '../harness/browser';
import { consoleUnderTest } from '../harness/console-build';
import { readStack } from '../harness/stack';

/**
 * The local server of the production build answers as the CloudFront distribution does
 * (infra/constructs/static-site.ts and console-deployment.ts), so the browser tests see what users get.
 */
const describeBuild = consoleUnderTest() === 'build' ? describe : describe.skip;

const get = (route: string, init?: RequestInit) => fetch(consoleUrl(route), { redirect: 'manual', ...init });

describeBuild('the production build served like CloudFront', () => {
  const indexHtml = () => readFileSync(path.join(readStack().consoleDist as string, 'index.html'), 'utf8');

  it('answers client routes and unknown paths with index.html, status 200, revalidated on every load', async () => {
    for (const route of ['/', '/sign-in', '/assets/12', '/no/such/page', '/assets/missing-chunk.js']) {
      const response = await get(route);
      expect({ route, status: response.status }).toEqual({ route, status: 200 });
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toBe(indexHtml());
    }
  });

  it('serves hashed files as immutable and revalidates sw.js', async () => {
    const script = /src="(\/assets\/index-[\w-]+\.js)"/.exec(indexHtml())?.[1] as string;
    const response = await get(script);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/javascript/);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const etag = response.headers.get('etag') as string;
    expect((await get(script, { headers: { 'If-None-Match': etag } })).status).toBe(304);

    const worker = await get('/sw.js');
    expect(worker.status).toBe(200);
    expect(worker.headers.get('cache-control')).toBe('no-cache');
  });

  it('writes config.json from the running stack, so one build fits any ports', async () => {
    const response = await get('/config.json');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const stack = readStack();
    expect(await response.json()).toEqual({
      apiBaseUrl: stack.apiUrl,
      userPoolId: stack.userPoolId,
      userPoolClientId: stack.userPoolClientId,
      cognitoDomain: expect.stringMatching(/^http:\/\//),
      // Live push: the AppSync Events stand-in's HTTP endpoint.
      live: { endpoint: stack.liveUrl, region: 'eu-west-1' },
    });
  });

  it('adds the security headers and refuses methods the distribution does not allow', async () => {
    const headers = (await get('/sign-in')).headers;
    expect(headers.get('x-frame-options')).toBe('DENY');
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(headers.get('strict-transport-security')).toBe('max-age=63072000; includeSubDomains');
    // The CSP the distribution sends, built from the same definition with the local stack's addresses.
    const config = (await (await get('/config.json')).json()) as { apiBaseUrl: string; cognitoDomain: string };
    const local = localCspSources(
      { ...config, userPoolId: '', userPoolClientId: '' },
      `http://127.0.0.1:${readStack().ports.S3_PORT}`,
    );
    expect(headers.get('content-security-policy')).toBe(contentSecurityPolicy(local));
    expect(headers.get('content-security-policy')).toContain("script-src 'self' 'wasm-unsafe-eval';");
    expect((await get('/sign-in', { method: 'POST', body: '{}' })).status).toBe(403);
  });
});
