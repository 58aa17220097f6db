import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { type Connect, defineConfig, type Plugin } from 'vite';

/**
 * Serves GET /config.json in dev and preview from environment variables. In production CDK deploys the same
 * file next to index.html, so the built bundle never carries environment-specific values.
 */
function runtimeConfig(): Plugin {
  const body = () => JSON.stringify({ apiBaseUrl: process.env.API_BASE_URL ?? 'http://localhost:3001' });
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

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), runtimeConfig()],
  resolve: { alias: { '@shared': fileURLToPath(new URL('../shared', import.meta.url)) } },
  server: { host: '127.0.0.1', port, strictPort: true, fs: { allow: ['..'] } },
  preview: { host: '127.0.0.1', port, strictPort: true },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Libraries in their own long-cached chunks, so a console release only changes the app chunks.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'mui', test: /node_modules[\\/]@(mui|emotion)[\\/]/ },
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
            { name: 'vendor', test: /node_modules[\\/]/ },
          ],
        },
      },
    },
  },
});
