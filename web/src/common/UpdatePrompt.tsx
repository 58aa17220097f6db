/// <reference types="vite-plugin-pwa/react" />

import { useRegisterSW } from 'virtual:pwa-register/react';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { useEffect, useRef } from 'react';
import { scheduleUpdateChecks } from './updateChecks';

/**
 * The spec words this prompt in Dutch ("a Dutch prompt says an update is available with the choices Updaten
 * or Sluiten", spec 001 s.2), whatever the interface language, so the texts are fixed here rather than in
 * the translation files (docs/decisions/0117).
 */
const TEXTS = { message: 'Er is een update beschikbaar', update: 'Updaten', close: 'Sluiten' } as const;

/** Shows when a new console release is installed and waiting; Updaten activates it and reloads. */
export function UpdatePrompt() {
  const stopChecks = useRef<() => void>(undefined);
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW: (_url, registration) => {
      if (registration) stopChecks.current = scheduleUpdateChecks(registration);
    },
    onRegisterError: (error) => console.error('Service worker registration failed', error),
  });
  useEffect(() => () => stopChecks.current?.(), []);

  return (
    <Snackbar
      open={needRefresh}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      message={TEXTS.message}
      action={
        <>
          <Button color="secondary" size="small" onClick={() => void updateServiceWorker(true)}>
            {TEXTS.update}
          </Button>
          <Button color="inherit" size="small" onClick={() => setNeedRefresh(false)}>
            {TEXTS.close}
          </Button>
        </>
      }
    />
  );
}
