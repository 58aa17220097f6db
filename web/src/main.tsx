import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router-dom';
import { App } from './App';
import { createQueryClient } from './api/queryClient';
import { loadRuntimeConfig } from './api/runtimeConfig';
import { i18n, initI18n } from './i18n/i18n';
import { routes } from './routes';
import { initSession, onSignOut } from './session/sessionStore';

/** Boot order: languages, /config.json (the API address), session renewal, then the first render. */
async function boot(container: HTMLElement) {
  const root = createRoot(container);
  await initI18n();
  try {
    await loadRuntimeConfig();
  } catch (error) {
    console.error(error);
    root.render(<p style={{ fontFamily: 'sans-serif', padding: 24 }}>{i18n.t('app.startFailed')}</p>);
    return;
  }
  const queryClient = createQueryClient();
  onSignOut(() => queryClient.clear());
  initSession();
  const router = createBrowserRouter(routes);
  root.render(
    <StrictMode>
      <App queryClient={queryClient} router={router} />
    </StrictMode>,
  );
}

const container = document.getElementById('root');
if (container) void boot(container);
