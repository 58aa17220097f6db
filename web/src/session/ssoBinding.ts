import { apiBaseUrl } from '../api/runtimeConfig';

/**
 * Login-CSRF guard of single sign-on: the tab that starts the flow keeps a random value, the server stores its
 * hash with the flow's state, and GET /oauth must bring it back. A callback link made in another browser
 * (an attacker's own flow, to sign the victim into the attacker's account) finds no value here and fails.
 */
const BINDING_KEY = 'sso-binding';

function randomBinding(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** The URL of GET /login/azure for a new flow bound to this tab. */
export function ssoStartUrl(): string {
  const binding = randomBinding();
  sessionStorage.setItem(BINDING_KEY, binding);
  return `${apiBaseUrl()}/login/azure?${new URLSearchParams({ binding })}`;
}

/** The value this tab started the flow with, if it did. */
export const ssoBinding = (): string | null => sessionStorage.getItem(BINDING_KEY);

export const forgetSsoBinding = () => sessionStorage.removeItem(BINDING_KEY);
