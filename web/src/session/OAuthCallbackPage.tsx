import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { type SignInResponse, signInResponseSchema } from '@shared/schemas/session';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { api } from '../api/apiClient';
import { clearNotifications, notifyError } from '../common/notifications/notificationStore';
import { usePageTitle } from '../common/pageHandle';
import { PublicCard } from '../shell/PublicCard';
import { homePathFor } from './access';
import { startSession } from './sessionStore';
import { forgetSsoBinding, ssoBinding, ssoStartUrl } from './ssoBinding';

/**
 * The code of a callback can be exchanged once only, and React's strict mode runs effects twice: each callback
 * URL gets one outcome per page load, which every run of the effect then waits for.
 */
const outcomes = new Map<string, Promise<SignInResponse>>();

function callbackOutcome(params: URLSearchParams): Promise<SignInResponse> {
  const key = params.toString();
  let outcome = outcomes.get(key);
  if (!outcome) {
    const code = params.get('code');
    const state = params.get('state');
    const binding = ssoBinding();
    outcome =
      params.get('error') || !code || !state || !binding
        ? Promise.reject(new Error(params.get('error_description') ?? 'no code'))
        : api
            .get('/oauth', {
              query: { code, state, session_state: params.get('session_state'), binding },
              auth: false,
            })
            .then((answer) => signInResponseSchema.parse(answer));
    outcomes.set(key, outcome);
  }
  return outcome;
}

/**
 * Cognito's first sign-in that links an Entra ID identity to the console user (pre sign-up trigger) can come
 * back with this error although the link was made; the next attempt signs in. Retry once per browser tab.
 */
const LINKED_ON_FIRST_SIGN_IN = /already found an entry for username/i;
const RETRY_KEY = 'sso-link-retry';

function retryAfterLinking(description: string | null): boolean {
  if (!description || !LINKED_ON_FIRST_SIGN_IN.test(description)) return false;
  if (sessionStorage.getItem(RETRY_KEY)) return false;
  sessionStorage.setItem(RETRY_KEY, '1');
  window.location.assign(ssoStartUrl());
  return true;
}

/**
 * /oauth (spec 001): the identity provider sends the browser here with code, state and session_state. The code
 * is exchanged by GET /oauth and the session stored as after a password sign-in (Stay logged in: the default).
 * Any failure (an error from the provider, a refused exchange) shows 'Access denied' and returns to the root.
 */
export default function OAuthCallbackPage() {
  const { t } = useTranslation('sso');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const title = usePageTitle();

  useEffect(() => {
    let current = true;
    callbackOutcome(params).then(
      (session) => {
        if (!current) return;
        sessionStorage.removeItem(RETRY_KEY);
        forgetSsoBinding();
        startSession(session, true);
        clearNotifications();
        navigate(homePathFor(session.user), { replace: true });
      },
      () => {
        if (!current || retryAfterLinking(params.get('error_description'))) return;
        notifyError(t('accessDenied'));
        navigate('/', { replace: true });
      },
    );
    return () => {
      current = false;
    };
  }, [params, navigate, t]);

  return (
    <PublicCard title={title}>
      <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 3 }}>
        <CircularProgress size={28} aria-hidden />
        <Typography color="text.secondary">{t('signingIn')}</Typography>
      </Box>
    </PublicCard>
  );
}
