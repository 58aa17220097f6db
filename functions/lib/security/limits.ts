import type { RouteId } from '../../../shared/routes';
import type { Lock, WindowLimit } from './rate-limit';
import type { Bucket } from './token-bucket';

/**
 * Every limit of the application in one place (docs/security.md, under "Taking over accounts and sessions" and
 * "Exhausting or slowing the service"). The numbers are chosen so that a person never meets them and a script meets
 * them at once; WAF rate rules and the API stage's throttle (infra) come on top and are coarser.
 */

const MINUTE = 60;
const HOUR = 3600;

/**
 * Per client address and route, counted before anything else happens (even before the body is read), so a
 * flood costs one UpdateItem a request. Only the public routes: everything else needs a token, and API
 * credentials have their own bucket below.
 */
export const ROUTE_THROTTLES: Partial<Record<RouteId, WindowLimit>> = {
  /**
   * A busy office behind one address signs in a few times a minute; 60 leaves room. Above the failure budget
   * per address (SIGN_IN_FAILURES_PER_IP), which is what stops a guesser; this stops a flood of any kind.
   */
  'session.signIn': { name: 'route-signin-ip', limit: 60, windowSeconds: MINUTE },
  /** Each request may send a mail: 20 an hour per address is plenty for people, little for a mail bomb. */
  'session.resetPassword': { name: 'route-reset-request-ip', limit: 20, windowSeconds: HOUR },
  /** Code guesses from one address, across all accounts (the per-account budget is RESET_GUESSES). */
  'session.confirmResetPassword': { name: 'route-reset-confirm-ip', limit: 30, windowSeconds: 15 * MINUTE },
  /** A client needs a token every 15 minutes (their lifetime); 30 a minute covers many clients behind one NAT. */
  'tokens.issue': { name: 'route-token-ip', limit: 30, windowSeconds: MINUTE },
  /**
   * KPN Things posts every uplink of a tenant's fleet from a few platform addresses, so this is high: it
   * only stops a flood that would otherwise fill the pipeline (the message token is checked after it).
   */
  'uplinks.kpnThings': { name: 'route-kpn-ip', limit: 3000, windowSeconds: MINUTE },
  /** The Things Stack and ChirpStack post from a few server addresses too: the same reasoning as KPN's. */
  'uplinks.tts': { name: 'route-tts-ip', limit: 3000, windowSeconds: MINUTE },
  'uplinks.chirpstack': { name: 'route-chirpstack-ip', limit: 3000, windowSeconds: MINUTE },
  /**
   * A shared page polls every 30 seconds: a few pages open behind one address stay far below 60 a minute, a
   * script guessing tokens (256 bits, hopeless anyway) is held to one a second.
   */
  'shareLinks.read': { name: 'route-shared-ip', limit: 60, windowSeconds: MINUTE },
};

/**
 * Failed sign-ins per account (by username; unknown logins count the same, so the answer tells nothing about
 * who has an account). Cognito locks a user itself only after several failures and only per user; this
 * stops a password-spraying script at 10 an account per quarter hour. The window then refuses even the
 * right password until it ends: the lock must not tell the guesser that a guess was right.
 */
export const SIGN_IN_FAILURES_PER_ACCOUNT: WindowLimit = {
  name: 'signin-fail-account',
  limit: 10,
  windowSeconds: 15 * MINUTE,
};

/**
 * Failed sign-ins per client address, across accounts (spraying one password over many accounts). Successful
 * sign-ins give theirs back, so an office behind one address only meets it with 30 typos in a quarter hour.
 */
export const SIGN_IN_FAILURES_PER_IP: WindowLimit = { name: 'signin-fail-ip', limit: 30, windowSeconds: 15 * MINUTE };

/**
 * Reset codes asked for one e-mail address an hour (known or not, same answer). Each sends a mail, so this
 * also keeps the endpoint from flooding someone's mailbox.
 */
export const RESET_REQUESTS_PER_ADDRESS: WindowLimit = { name: 'reset-request-address', limit: 5, windowSeconds: HOUR };

/**
 * Code guesses per account an hour, across all the codes it is sent: asking for a fresh code does not give
 * fresh guesses. With 10 characters from 32 (50 bits) and this budget the chance of ever guessing is nil.
 */
export const RESET_GUESSES_PER_ACCOUNT: WindowLimit = { name: 'reset-guess-account', limit: 10, windowSeconds: HOUR };

/** Once the guess budget is spent, resets of that address are refused, even with the right code, this long. */
export const RESET_LOCK: Lock = { name: 'reset-lock', seconds: 6 * HOUR };

/**
 * Requests per API credential (its client id): 200 at once, then 10 a second. An integration that syncs its
 * assets in a burst fits; a runaway loop is stopped before it costs the tenant's neighbours anything.
 */
export const API_CLIENT_BUCKET: Bucket = { name: 'api-client', capacity: 200, perSecond: 10 };

/**
 * DEVEUIs a tenant may have refused as "cannot be registered" (another tenant's or reserved) in a day, device
 * create and import together (functions/lib/devices/dev-eui-probe-limit.ts). A tenant registering its own tags
 * meets it only with a file full of tags that are not its own, which is a support case anyway; a prober learns
 * at most 20 bits a day.
 */
export const DEV_EUI_REFUSALS: WindowLimit = { name: 'deveui-refusals', limit: 20, windowSeconds: 24 * HOUR };

/**
 * Usernames and e-mails refused because another tenant's login holds them, per tenant and day: each refusal tells
 * whether somebody in another tenant has that address (login-uniqueness.ts). An admin meets one now and then.
 */
export const LOGIN_REFUSALS: WindowLimit = { name: 'login-refusals', limit: 20, windowSeconds: 24 * HOUR };

/**
 * Codec runs in the API per tenant: a test run (POST /api/device-profiles/test, up to the sandbox's 50 ms of
 * CPU in the API's Lambda) and the compile of a profile saved with a codec (up to 250 ms). A person clicking
 * "Test" or "Save" a few times a minute never meets 60 a minute; a script looping on either is held to a few
 * seconds of CPU a minute per tenant.
 */
export const CODEC_RUNS_PER_TENANT: WindowLimit = { name: 'codec-run-tenant', limit: 60, windowSeconds: MINUTE };

/**
 * Webhook messages a tenant's admins send by hand (a test event, a replay), per tenant: each is an HTTP request
 * from our side to an address the tenant chose, so a script looping on them would aim our senders at anyone's
 * server. Somebody checking a receiver sends a few a minute; 30 leaves room for a handful of endpoints.
 */
export const WEBHOOK_MANUAL_SENDS_PER_TENANT: WindowLimit = {
  name: 'webhook-manual-tenant',
  limit: 30,
  windowSeconds: MINUTE,
};

/**
 * Report previews ("send now", functions/lib/report-subscriptions/report-preview.ts) per subscription: each builds
 * the report and mails it. One a minute is what a person checking a report clicks; a script gets no more.
 */
export const REPORT_PREVIEWS_PER_SUBSCRIPTION: WindowLimit = {
  name: 'report-preview',
  limit: 1,
  windowSeconds: MINUTE,
};
