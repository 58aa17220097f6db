import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStoredState } from '../common/useStoredState';
import { pushSupported, renewSubscription, subscribeThisBrowser } from './webPushApi';

/** Once per console start: the browser's subscription registered again when permission was given before. */
export function useRenewPushSubscription() {
  useEffect(() => {
    renewSubscription().catch(() => undefined);
  }, []);
}

/** Whether a service worker runs the console here (the production build; the dev server has none). */
function useServiceWorkerReady(): boolean | undefined {
  const [ready, setReady] = useState<boolean | undefined>(() => (pushSupported() ? undefined : false));
  useEffect(() => {
    if (!pushSupported()) return;
    let current = true;
    navigator.serviceWorker
      .getRegistration()
      .then((found) => current && setReady(Boolean(found)))
      .catch(() => current && setReady(false));
    return () => {
      current = false;
    };
  }, []);
  return ready;
}

/** Asked once per browser: answered (yes or no) or dismissed, it is not shown again. */
export const PUSH_PROMPT_KEY = 'webPush.asked';

type Step = 'ask' | 'working' | 'failed' | 'closed';

/**
 * The one question whether this browser may show alarm notices (Web Push): a small note in the alarm inbox with
 * "Turn on" and "Not now". Turn on asks the browser's permission and subscribes; the browser's own answer ends
 * the question either way. Not shown where the browser has no push or already answered.
 */
export function PushPrompt() {
  const { t } = useTranslation('webPush');
  const [asked, setAsked] = useStoredState(PUSH_PROMPT_KEY, false);
  const [step, setStep] = useState<Step>('ask');
  const ready = useServiceWorkerReady();
  const undecided = ready && Notification.permission === 'default';

  // Said yes, but the browser could not subscribe (no push service reachable): said once, then closed.
  if (step === 'failed')
    return (
      <Alert severity="warning" onClose={() => setStep('closed')} sx={{ mb: 1 }} data-testid="push-prompt">
        {t('failed')}
      </Alert>
    );
  // Not shown: a hidden mark says so once it is decided (tests wait for it, never for a prompt's absence).
  if (asked || step === 'closed' || (!undecided && step === 'ask'))
    return ready === undefined && !asked ? null : <span hidden data-testid="push-prompt-settled" />;

  const turnOn = async () => {
    setStep('working');
    try {
      const answer = await Notification.requestPermission();
      setAsked(true);
      if (answer === 'granted') await subscribeThisBrowser();
    } catch {
      setStep('failed');
    }
  };

  return (
    <Alert
      severity="info"
      icon={<NotificationsActiveIcon fontSize="inherit" />}
      sx={{ mb: 1 }}
      data-testid="push-prompt"
      action={
        <Stack direction="row" spacing={0.5}>
          <Button color="inherit" size="small" onClick={() => void turnOn()} disabled={step === 'working'}>
            {t('turnOn')}
          </Button>
          <Button color="inherit" size="small" onClick={() => setAsked(true)}>
            {t('notNow')}
          </Button>
        </Stack>
      }
    >
      {t('question')}
    </Alert>
  );
}
