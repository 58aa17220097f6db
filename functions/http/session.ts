import { isSsoRefreshToken } from '../../shared/schemas/session';
import { requestFactsOf } from '../lib/audit/audit-entry';
import { auditRefusedSignIn, auditSignIn, SINGLE_SIGN_ON } from '../lib/audit/sign-in-audit';
import {
  confirmOwnSecondFactor,
  ownSecondFactor,
  startOwnSecondFactor,
  turnOffOwnSecondFactor,
} from '../lib/auth/own-second-factor';
import { confirmPasswordReset, requestPasswordReset } from '../lib/auth/password-reset';
import { refresh, sessionUserFor, signIn } from '../lib/auth/session';
import { signOut } from '../lib/auth/sign-out';
import { azureAuthorizeUrl, completeSsoSignIn, refreshSsoSession } from '../lib/auth/sso';
import { createHttpHandler, reply, route } from '../lib/http/handler';
import { mailLanguage } from '../lib/mail/mail-language';
import { clientIp } from '../lib/security/client-ip';

/** Sign-in, refresh, password reset and the current user (spec 001 sections 2, 4 and 7). */
export const handler = createHttpHandler('session', {
  'session.signIn': route({
    run: async ({ body, event, logger }) => {
      const request = requestFactsOf(event);
      const session = await signIn(
        body.email,
        body.password,
        clientIp(event),
        (username) => auditRefusedSignIn(request, username, logger),
        { code: body.code, recovery_code: body.recovery_code },
      );
      if ('user' in session) await auditSignIn(request, session.user, logger);
      return session;
    },
  }),
  'session.verify': route({
    // Sessions from single sign-on renew at the token endpoint that issued them (functions/lib/auth/sso.ts).
    run: ({ body, event }) =>
      isSsoRefreshToken(body.refresh_token)
        ? refreshSsoSession(body.refresh_token)
        : refresh(body.refresh_token, clientIp(event)),
  }),
  'session.signOut': route({
    run: async ({ body }) => {
      await signOut(body.refresh_token);
      return reply(204);
    },
  }),
  // Same answer whether or not the address has an account (no account enumeration).
  'session.resetPassword': route({
    run: async ({ body, event }) => {
      await requestPasswordReset(body.email, body.language ?? mailLanguage(event.headers?.['accept-language']));
      return { message: `An email is send to ${body.email}` };
    },
  }),
  'session.confirmResetPassword': route({
    run: async ({ body }) => {
      await confirmPasswordReset(body.email, body.code, body.password);
      return { message: 'Your password has been changed' };
    },
  }),
  // Single sign-on (spec 001): the browser is sent to the identity provider, which returns to the console's /oauth.
  'session.azureLogin': route({
    run: async ({ query }) => {
      const { binding } = query;
      return reply(302, undefined, { location: await azureAuthorizeUrl(binding), 'cache-control': 'no-store' });
    },
  }),
  'session.oauthCallback': route({
    run: async ({ query, event, logger }) => {
      const session = await completeSsoSignIn(query);
      await auditSignIn(requestFactsOf(event), session.user, logger, SINGLE_SIGN_ON);
      return session;
    },
  }),
  'session.me': route({ run: ({ auth }) => sessionUserFor(auth) }),
  'session.secondFactor': route({ run: ({ auth }) => ownSecondFactor(auth) }),
  'session.startSecondFactor': route({
    run: async ({ auth, body, event }) => {
      const { email, tenant } = await sessionUserFor(auth);
      const shownAs = { issuer: tenant?.company || auth.username, account: email || auth.username };
      return startOwnSecondFactor(auth, shownAs, body.password, clientIp(event));
    },
  }),
  'session.confirmSecondFactor': route({
    run: ({ auth, body, event }) => confirmOwnSecondFactor(auth, body.password, body.code, clientIp(event)),
  }),
  'session.turnOffSecondFactor': route({
    run: async ({ auth, body, event }) => {
      const proof = { code: body.code, recovery_code: body.recovery_code };
      await turnOffOwnSecondFactor(auth, body.password, proof, clientIp(event));
      return reply(204);
    },
  }),
});
