import {
  resetPasswordConfirmInputSchema,
  resetPasswordInputSchema,
  signInSchema,
  verifySchema,
} from '../../shared/schemas/session';
import { confirmPasswordReset, requestPasswordReset } from '../lib/auth/password-reset';
import { refresh, sessionUserFor, signIn } from '../lib/auth/session';
import { createHttpHandler, route } from '../lib/http/handler';
import { mailLanguage } from '../lib/mail/mail-language';

/** Sign-in, refresh, password reset and the current user (spec 001 sections 2, 4 and 7). */
export const handler = createHttpHandler('session', {
  'session.signIn': route({
    body: signInSchema,
    run: ({ body }) => signIn(body.email, body.password),
  }),
  'session.verify': route({
    body: verifySchema,
    run: ({ body }) => refresh(body.refresh_token),
  }),
  // Same answer whether or not the address has an account (no account enumeration).
  'session.resetPassword': route({
    body: resetPasswordInputSchema,
    run: async ({ body, event }) => {
      await requestPasswordReset(body.email, body.language ?? mailLanguage(event.headers?.['accept-language']));
      return { message: `An email is send to ${body.email}` };
    },
  }),
  'session.confirmResetPassword': route({
    body: resetPasswordConfirmInputSchema,
    run: async ({ body }) => {
      await confirmPasswordReset(body.email, body.code, body.password);
      return { message: 'Your password has been changed' };
    },
  }),
  'session.me': route({ run: ({ auth }) => sessionUserFor(auth) }),
});
