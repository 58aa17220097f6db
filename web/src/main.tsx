import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router-dom';
import { App } from './App';
import { createQueryClient } from './api/queryClient';
import { loadRuntimeConfig } from './api/runtimeConfig';
import { i18n, initI18n } from './i18n/i18n';
import { forgetKeptAssets } from './offline/keptAssets';
import { clearOfflineData } from './offline/offlineDb';
import { forgetQueue } from './offline/offlineQueue';
import { routes } from './routes';
import { initSession, onSignOut } from './session/sessionStore';

/** Said when not even the language's strings could be fetched (they load as a chunk of their own). */
const START_FAILED = 'The console could not start. Reload the page to try again.';

/** Boot order: languages, /config.json (the API address), session renewal, then the first render. */
async function boot(container: HTMLElement) {
  const root = createRoot(container);
  try {
    await initI18n();
    await loadRuntimeConfig();
  } catch (error) {
    console.error(error);
    const text = i18n.isInitialized ? i18n.t('app.startFailed') : START_FAILED;
    root.render(<p style={{ fontFamily: 'sans-serif', padding: 24 }}>{text}</p>);
    return;
  }
  const queryClient = createQueryClient();
  onSignOut(() => {
    queryClient.clear();
    // What this user kept on the device (waiting actions, asset pages read) goes with the session.
    forgetQueue();
    forgetKeptAssets();
    void clearOfflineData().catch(() => undefined);
  });
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
