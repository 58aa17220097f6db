import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import sirv from 'sirv';
import { type ConsoleCspSources, consoleSecurityHeaders, originOf } from '../../shared/security-headers';
import type { Service } from './services';

/** How `npm start` serves the console: Vite's dev server (default) or a production build like CloudFront. */
export type ConsoleMode = 'dev' | 'build';

/** The values CDK writes to config.json on AWS (infra/constructs/console-deployment.ts, ConsoleRuntimeConfig). */
export interface ConsoleRuntimeConfig {
  apiBaseUrl: string;
  userPoolId: string;
  userPoolClientId: string;
  cognitoDomain: string;
  /** Live push: the AppSync Events stand-in's HTTP endpoint; null: the console polls. */
  live?: { endpoint: string; region: string } | null;
}

export const DEFAULT_CONSOLE_DIST = path.resolve(__dirname, '../../web/dist');

/**
 * What the CloudFront distribution adds to every answer (infra/constructs/static-site.ts, SecurityHeaders), from
 * the same definition (shared/security-headers.ts) with the local stack's addresses, so a console that only
 * works without them is caught by the browser tests. `storageUrl` is the local S3 (presigned uploads, downloads).
 */
export const localCspSources = (config: ConsoleRuntimeConfig, storageUrl?: string): ConsoleCspSources => ({
  api: [originOf(config.apiBaseUrl)],
  auth: [originOf(config.cognitoDomain)],
  storage: storageUrl ? [originOf(storageUrl)] : [],
  live: config.live ? liveSourcesOf(config.live.endpoint) : [],
});

/**
 * The stand-in's HTTP origin and its WebSocket origin: plain ws:// locally (amplify would say wss://; the console
 * rewrites the socket URL of an http:// endpoint, docs/decisions/0258-live-push-with-appsync-events-channels-lambda-authorizer-iam-publish.md).
 */
export const liveSourcesOf = (endpoint: string): string[] => {
  const origin = originOf(endpoint);
  return [origin, origin.replace(/^http/, 'ws')];
};

/** Uploaded with no-cache and invalidated on each deployment; everything else is immutable (ConsoleDeployment). */
const REVALIDATED = new Set(['/index.html', '/sw.js', '/config.json']);
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * A production build of the console served as the CloudFront distribution serves it: the bucket's files with
 * their caching headers, /config.json written from the running stack (so one build fits any ports), and the
 * distribution's error responses, which answer every path the bucket lacks (S3 says 403 or 404) with
 * /index.html and status 200. That includes a missing /assets/*.js: CloudFront gives no real 404 there either.
 */
export function consoleRequestHandler(dir: string, config: ConsoleRuntimeConfig, storageUrl?: string) {
  const configBody = JSON.stringify(config);
  const securityHeaders = consoleSecurityHeaders(localCspSources(config, storageUrl));
  const files = sirv(dir, {
    etag: true,
    // Exact keys only, as S3 has them: no guessing /foo.html or /index.html; those paths take the fallback.
    extensions: [],
    setHeaders: (res, pathname) => res.setHeader('Cache-Control', REVALIDATED.has(pathname) ? 'no-cache' : IMMUTABLE),
  });
  const indexHtml = (req: IncomingMessage, res: ServerResponse) => {
    req.url = '/index.html';
    files(req, res, () => {
      res.statusCode = 500;
      res.end('index.html is missing from the build');
    });
  };
  return (req: IncomingMessage, res: ServerResponse) => {
    for (const [name, value] of Object.entries(securityHeaders)) res.setHeader(name, value);
    // The distribution allows GET, HEAD and OPTIONS only; CloudFront refuses the rest with 403.
    if (!['GET', 'HEAD', 'OPTIONS'].includes(req.method ?? '')) {
      res.statusCode = 403;
      return void res.end();
    }
    const pathname = new URL(req.url ?? '/', 'http://console').pathname;
    if (pathname === '/config.json') {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-cache' });
      return void res.end(req.method === 'HEAD' ? undefined : configBody);
    }
    files(req, res, () => indexHtml(req, res));
  };
}

/** Serves the build in `dir` on localhost:`port` (the address the API's CORS and the tests expect). */
export async function startConsoleServer(options: {
  dir: string;
  port: number;
  config: ConsoleRuntimeConfig;
  storageUrl?: string;
}): Promise<Service> {
  if (!existsSync(path.join(options.dir, 'index.html'))) {
    throw new Error(`No console build in ${options.dir}: run \`npm run build:web\` first.`);
  }
  const server = createServer(consoleRequestHandler(options.dir, options.config, options.storageUrl));
  // Keep-alive sockets of a closed browser must not hold the stack's shutdown.
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, 'localhost', resolve);
  });
  return {
    name: 'Console (production build)',
    url: `http://localhost:${options.port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The console as `npm start` runs it: Vite's dev server with its reloads, or the build like CloudFront. */
export async function startConsole(
  mode: ConsoleMode,
  port: number,
  config: ConsoleRuntimeConfig,
  storageUrl?: string,
): Promise<Service> {
  if (mode === 'build') {
    return startConsoleServer({ dir: process.env.CONSOLE_DIST_DIR ?? DEFAULT_CONSOLE_DIST, port, config, storageUrl });
  }
  process.env.API_BASE_URL = config.apiBaseUrl;
  if (config.live) process.env.LIVE_ENDPOINT = config.live.endpoint;
  const { createServer: createViteServer } = await import('vite');
  const vite = await createViteServer({
    configFile: path.resolve(__dirname, '../../web/vite.config.mts'),
    server: { port, strictPort: true, host: 'localhost' },
    logLevel: 'warn',
  });
  await vite.listen();
  return { name: 'Console (Vite)', url: `http://localhost:${port}`, stop: () => vite.close() };
}
