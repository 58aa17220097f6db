import { z } from 'zod';
import type { RouteContract } from '../route-contracts';
import {
  recoveryCodesSchema,
  secondFactorConfirmInputSchema,
  secondFactorSetupInputSchema,
  secondFactorSetupSchema,
  secondFactorStatusSchema,
  secondFactorTurnOffInputSchema,
} from '../schemas/second-factor';
import {
  oauthCallbackQuerySchema,
  resetPasswordConfirmInputSchema,
  resetPasswordInputSchema,
  sessionUserSchema,
  signInAnswerSchema,
  signInResponseSchema,
  signInSchema,
  ssoStartQuerySchema,
  verifyResponseSchema,
  verifySchema,
} from '../schemas/session';
import type { RouteDef } from './route-def';

const message = z.object({ message: z.string() });

/** Signing in and out, sessions, password resets, single sign-on and the signed-in user's own second factor (functions/http/session.ts). */
export const SESSION_ROUTES = [
  // spec 001: sign-in, session, single sign-on
  { id: 'session.signIn', method: 'POST', path: '/user/sign-in', access: 'public', handler: 'session' },
  { id: 'session.verify', method: 'POST', path: '/user/verify', access: 'public', handler: 'session' },
  // Beyond the spec: sign-out revokes the session's refresh token; the token is the proof.
  { id: 'session.signOut', method: 'POST', path: '/user/sign-out', access: 'public', handler: 'session' },
  { id: 'session.resetPassword', method: 'POST', path: '/user/reset-password', access: 'public', handler: 'session' },
  {
    id: 'session.confirmResetPassword',
    method: 'POST',
    path: '/user/reset-password/confirm',
    access: 'public',
    handler: 'session',
  },
  { id: 'session.oauthCallback', method: 'GET', path: '/oauth', access: 'public', handler: 'session' },
  { id: 'session.azureLogin', method: 'GET', path: '/login/azure', access: 'public', handler: 'session' },
  { id: 'session.me', method: 'GET', path: '/api/me', access: 'authenticated', handler: 'session' },
  // The signed-in user's own second factor (functions/lib/auth/second-factor.ts); API credentials have none.
  {
    id: 'session.secondFactor',
    method: 'GET',
    path: '/api/me/second-factor',
    access: 'authenticated',
    handler: 'session',
  },
  {
    id: 'session.startSecondFactor',
    method: 'POST',
    path: '/api/me/second-factor/setup',
    access: 'authenticated',
    handler: 'session',
  },
  {
    id: 'session.confirmSecondFactor',
    method: 'POST',
    path: '/api/me/second-factor',
    access: 'authenticated',
    handler: 'session',
  },
  {
    id: 'session.turnOffSecondFactor',
    method: 'POST',
    path: '/api/me/second-factor/turn-off',
    access: 'authenticated',
    handler: 'session',
  },
] as const satisfies readonly RouteDef[];

export const SESSION_CONTRACTS = {
  'session.signIn': {
    summary: 'Sign in with user name or e-mail',
    body: signInSchema,
    response: signInAnswerSchema,
    errors: [401, 422, 429],
  },
  'session.verify': { summary: 'Refresh a session', body: verifySchema, response: verifyResponseSchema, errors: [401] },
  'session.signOut': { summary: "Sign out: revoke the session's refresh token", body: verifySchema, status: 204 },
  'session.resetPassword': { summary: 'Mail a password reset code', body: resetPasswordInputSchema, response: message },
  'session.confirmResetPassword': {
    summary: 'Set a new password with the mailed code',
    body: resetPasswordConfirmInputSchema,
    response: message,
  },
  'session.oauthCallback': {
    summary: 'Single sign-on: complete the sign-in',
    query: oauthCallbackQuerySchema,
    response: signInResponseSchema,
  },
  'session.azureLogin': {
    summary: 'Single sign-on: go to the identity provider',
    query: ssoStartQuerySchema,
    status: 302,
  },
  'session.me': { summary: 'The signed-in user', response: sessionUserSchema },
  'session.secondFactor': { summary: 'Whether my second factor is on', response: secondFactorStatusSchema },
  'session.startSecondFactor': {
    summary: 'Second factor: a new key for my authenticator app',
    body: secondFactorSetupInputSchema,
    response: secondFactorSetupSchema,
    errors: [403, 422, 429],
  },
  'session.confirmSecondFactor': {
    summary: "Second factor: turn it on with the app's first code; answers the recovery codes",
    body: secondFactorConfirmInputSchema,
    response: recoveryCodesSchema,
    errors: [403, 422, 429],
  },
  'session.turnOffSecondFactor': {
    summary: "Second factor: turn mine off with the password and the app's code or a recovery code",
    body: secondFactorTurnOffInputSchema,
    status: 204,
    errors: [403, 422, 429],
  },
} as const satisfies Record<(typeof SESSION_ROUTES)[number]['id'], RouteContract>;
