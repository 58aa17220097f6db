import { signInSchema, verifySchema } from '../../shared/schemas/session';
import { refresh, sessionUserFor, signIn } from '../lib/auth/session';
import { createHttpHandler, route } from '../lib/http/handler';

/** Sign-in, refresh and the current user (spec 001 sections 2 and 4). */
export const handler = createHttpHandler('session', {
  'session.signIn': route({
    body: signInSchema,
    run: ({ body }) => signIn(body.email, body.password),
  }),
  'session.verify': route({
    body: verifySchema,
    run: ({ body }) => refresh(body.refresh_token),
  }),
  'session.me': route({ run: ({ auth }) => sessionUserFor(auth) }),
});
