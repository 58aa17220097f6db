import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { type Connect, defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * Serves GET /config.json in dev and preview from environment variables. In production CDK deploys the same
 * file next to index.html, so the built bundle never carries environment-specific values.
 */
function runtimeConfig(): Plugin {
  const body = () =>
    JSON.stringify({
      apiBaseUrl: process.env.API_BASE_URL ?? 'http://localhost:3001',
      // Live push: the AppSync Events stand-in when `npm start` runs one; null: the console polls.
      live: process.env.LIVE_ENDPOINT
        ? { endpoint: process.env.LIVE_ENDPOINT, region: process.env.AWS_REGION ?? 'eu-west-1' }
        : null,
    });
  const serve: Connect.NextHandleFunction = (req, res, next) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/config.json') return next();
    res.setHeader('Content-Type', 'application/json');
    res.setHeader('Cache-Control', 'no-store');
    res.end(body());
  };
  return {
    name: 'runtime-config-json',
    configureServer: (server) => void server.middlewares.use(serve),
    configurePreviewServer: (server) => void server.middlewares.use(serve),
  };
}

const port = Number(process.env.WEB_PORT ?? 5173);

/**
 * Spec 001 s.2 "Service-worker update prompt": production builds get a Workbox service worker that precaches
 * the app shell and waits ('prompt') until the user chooses Updaten (web/src/common/UpdatePrompt.tsx
 * registers it). The dev server has none: a cached shell would hide every edit. config.json is not
 * precached, so each load reads the deployment's API address.
 */
const serviceWorker = () =>
  VitePWA({
    registerType: 'prompt',
    injectRegister: false,
    manifest: false,
    devOptions: { enabled: false },
    workbox: {
      globPatterns: ['**/*.{js,css,html,svg,png,ico,woff2,webmanifest}'],
      // The API reference (Scalar, ~3 MB) is for API integrators: fetched when opened, not by every user's worker.
      globIgnores: ['**/scalar-*', '**/ScalarReference-*'],
      navigateFallback: 'index.html',
      navigateFallbackDenylist: [/^\/config\.json$/],
      // The map library's chunk is larger than Workbox's 2 MB default; the shell must be complete offline.
      maximumFileSizeToCacheInBytes: 6 * 1024 * 1024,
      cleanupOutdatedCaches: true,
      // Web Push: the worker shows the product's alarm notices and opens their console path (web/public/push-sw.js).
      importScripts: ['push-sw.js'],
    },
  });

/** Zod's global configuration object (zod/v4/core/core.js), created here if Zod has not yet. */
const ZOD_JITLESS = '(globalThis.__zod_globalConfig = globalThis.__zod_globalConfig || {}).jitless = true;';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), runtimeConfig(), serviceWorker()],
  resolve: { alias: { '@shared': fileURLToPath(new URL('../shared', import.meta.url)) } },
  server: { host: '127.0.0.1', port, strictPort: true, fs: { allow: ['..'] } },
  // Every source file is scanned for dependencies at start: a dependency first met in a lazily loaded screen
  // would otherwise be optimized on the fly, and Vite reloads the page to use it (losing what was on screen).
  optimizeDeps: { entries: ['index.html', 'src/**/*.{ts,tsx}'] },
  preview: { host: '127.0.0.1', port, strictPort: true },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // No catch-all vendor or MUI chunk: such a group holds every library module any screen uses, and the sign-in
    // page loaded all of it. 'vendor' holds only the libraries the entry itself needs ($initial),
    // React and the router their own chunk; rolldown splits the rest by the lazy screens that use it. All of
    // these stay long-cached across console releases that change only our code.
    rolldownOptions: {
      output: {
        // The console's CSP allows no eval. Zod 4 probes `new Function` when the first object
        // schema is built (to compile fast parsers), which happens as its chunk loads, before any code of ours
        // runs; the probe is caught, but the browser still reports a CSP violation. Zod reads this global
        // setting first, so the chunk that holds Zod sets it at its very top.
        intro: (chunk) => (chunk.moduleIds.some((id) => /node_modules[\\/]zod[\\/]/.test(id)) ? ZOD_JITLESS : ''),
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
            { name: 'vendor', test: /node_modules[\\/]/, tags: ['$initial'] },
            // Vite's preload helper, which every lazy import calls: with the entry, never inside a lazy group.
            { name: 'vendor', test: /preload-helper/ },
            // Map screens only (asset map, the asset panel's map tab): kept out of the chunk every page loads.
            { name: 'world-atlas', test: /node_modules[\\/]world-atlas[\\/]/ },
            // The API reference page only (Scalar and the Vue it runs on): one group the service worker skips.
            {
              name: 'scalar',
              test: /node_modules[\\/](@scalar|@vue|vue|vue-router|pinia|@codemirror|@lezer|@headlessui|@floating-ui[\\/]vue|@unhead|highlight\.js|lowlight)[\\/]/,
            },
            {
              name: 'maplibre',
              test: /node_modules[\\/](maplibre-gl|@maplibre|terra-draw|terra-draw-maplibre-gl-adapter|topojson-client)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
