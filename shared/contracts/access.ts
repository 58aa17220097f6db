import { z } from 'zod';
import type { RouteContract } from '../route-contracts';
import type { RouteId } from '../routes';
import {
  apiClientTokenRequestSchema,
  apiClientTokenResponseSchema,
  apiTokenInputSchema,
  apiTokenSchema,
  apiTokenUpdateInputSchema,
} from '../schemas/api-token';
import { paginationQuerySchema } from '../schemas/common';
import { deviceImportResultSchema } from '../schemas/device-import';
import { exportJobSchema } from '../schemas/export';
import { gatewayInputSchema, gatewaySchema } from '../schemas/gateway';
import {
  kpnThingsDeviceCountSchema,
  kpnThingsSaveInputSchema,
  kpnThingsSettingsSchema,
  kpnThingsVerifyResponseSchema,
} from '../schemas/kpn-things';
import { erasureSchema, personalDataSchema } from '../schemas/personal-data';
import { retentionInputSchema, retentionSettingsSchema } from '../schemas/retention';
import { permissionSchema, roleInputSchema, roleSchema, roleUpdateInputSchema } from '../schemas/role';
import {
  recoveryCodesSchema,
  secondFactorConfirmInputSchema,
  secondFactorPolicyInputSchema,
  secondFactorPolicySettingsSchema,
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
import {
  frontendSettingInputSchema,
  frontendSettingListQuerySchema,
  frontendSettingSchema,
  frontendSettingUpdateInputSchema,
} from '../schemas/settings';
import { tenantInputSchema, tenantListQuerySchema, tenantSchema, tenantUpdateInputSchema } from '../schemas/tenant';
import { uplinkIntegrationSecretSchema, uplinkIntegrationsSchema } from '../schemas/uplink-integrations';
import { userInputSchema, userListQuerySchema, userSchema, userUpdateInputSchema } from '../schemas/user';

const message = z.object({ message: z.string() });
const logo = z.object({ url: z.string().nullable() });

/** Spec 001 and the platform: session, roles, users, tenants, settings, KPN Things, API credentials. */
export const ACCESS_CONTRACTS = {
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

  'roles.names': { summary: 'Role names', collection: z.string() },
  'roles.matrix': { summary: 'Roles with their permissions', collection: roleSchema },
  'roles.create': { summary: 'Create a role', body: roleInputSchema, response: roleSchema, status: 201 },
  'roles.update': { summary: 'Update a role', body: roleUpdateInputSchema, response: roleSchema },
  'permissions.list': { summary: 'Permissions', collection: permissionSchema },

  'users.list': { summary: 'List users', query: userListQuerySchema, collection: userSchema },
  'users.get': { summary: 'Get a user', response: userSchema },
  'users.create': { summary: 'Create a user', body: userInputSchema, response: userSchema, status: 201 },
  'users.update': { summary: 'Update a user', body: userUpdateInputSchema, response: userSchema },
  'users.delete': { summary: 'Delete a user' },
  'users.resetSecondFactor': {
    summary: "Turn off a user's second factor (a lost authenticator); the user is mailed",
    status: 204,
    errors: [403, 404],
  },
  'users.erase': {
    summary:
      'Erase a user: the account and every copy of their name, login and e-mail address; the history keeps a pseudonym (status running while the tenant-walk job finishes it)',
    response: erasureSchema,
    errors: [403, 404],
  },
  'users.exportPersonalData': {
    summary: 'What the product holds about a user (their personal data, as JSON)',
    response: personalDataSchema,
    errors: [403, 404],
  },
  'users.uploadDevices': {
    summary: "Import devices (CSV) into the user's tenant",
    upload: true,
    response: deviceImportResultSchema,
  },

  'tenants.list': { summary: 'List tenants', query: tenantListQuerySchema, collection: tenantSchema },
  'tenants.create': { summary: 'Create a tenant', body: tenantInputSchema, response: tenantSchema, status: 201 },
  'tenants.update': { summary: 'Update a tenant', body: tenantUpdateInputSchema, response: tenantSchema },
  'tenants.delete': { summary: 'Delete a tenant' },
  'tenants.uploadDevices': {
    summary: 'Import devices (CSV) into a tenant',
    upload: true,
    response: deviceImportResultSchema,
  },

  'settings.list': {
    summary: 'Stored settings',
    query: frontendSettingListQuerySchema,
    collection: frontendSettingSchema,
  },
  'settings.create': {
    summary: 'Store a setting',
    body: frontendSettingInputSchema,
    response: frontendSettingSchema,
    status: 201,
    errors: [409],
  },
  'settings.update': {
    summary: 'Update a setting',
    body: frontendSettingUpdateInputSchema,
    response: frontendSettingSchema,
  },
  'settings.retention': {
    summary: 'How long the tenant keeps each kind of record (the defaults, version null, until saved)',
    response: retentionSettingsSchema,
  },
  'settings.saveRetention': {
    summary: 'Save the retention periods (applies to what is written from then on)',
    body: retentionInputSchema,
    response: retentionSettingsSchema,
  },
  'settings.secondFactor': {
    summary: 'Which roles must use a second factor',
    response: secondFactorPolicySettingsSchema,
  },
  'settings.saveSecondFactor': {
    summary: 'Require a second factor of roles (their next sign-in sets it up)',
    body: secondFactorPolicyInputSchema,
    response: secondFactorPolicySettingsSchema,
    errors: [409, 422],
  },
  'settings.logo': {
    summary: 'The logo of the tenant whose subdomain is the `tenant` query (public: a token sent along is not read)',
    response: logo,
  },

  'kpn.get': { summary: 'KPN Things settings', response: kpnThingsSettingsSchema },
  'kpn.save': {
    summary: 'Save KPN Things settings',
    body: kpnThingsSaveInputSchema,
    response: kpnThingsSettingsSchema,
  },
  'kpn.verify': {
    summary: 'Check KPN Things credentials',
    body: kpnThingsSaveInputSchema,
    response: kpnThingsVerifyResponseSchema,
  },
  'kpn.deviceCount': {
    summary: 'Devices known to KPN Things',
    response: kpnThingsDeviceCountSchema,
    // KPN's API unreachable or refusing the stored credentials (functions/http/kpn-things.ts).
    errors: [502],
  },

  'uplinkIntegrations.get': {
    summary: 'Which TTS and ChirpStack secrets are set (never the secrets)',
    response: uplinkIntegrationsSchema,
  },
  'uplinkIntegrations.ttsSecret': {
    summary: 'Make a new secret for The Things Stack webhook (the answer holds it, once)',
    response: uplinkIntegrationSecretSchema,
    status: 201,
  },
  'uplinkIntegrations.chirpstackSecret': {
    summary: 'Make a new secret for the ChirpStack HTTP integration (the answer holds it, once)',
    response: uplinkIntegrationSecretSchema,
    status: 201,
  },
  'tokens.list': { summary: 'List API credentials', query: paginationQuerySchema, collection: apiTokenSchema },
  'tokens.create': {
    summary: 'Create an API credential (the answer holds the secret, once)',
    body: apiTokenInputSchema,
    response: apiTokenSchema,
    status: 201,
  },
  'tokens.update': {
    summary: 'Rename an API credential',
    body: apiTokenUpdateInputSchema,
    response: apiTokenSchema,
    errors: [404],
  },
  'tokens.revoke': { summary: 'Revoke an API credential' },
  'exports.get': {
    summary: 'Follow a background export',
    params: z.object({ id: z.string() }),
    response: exportJobSchema,
  },
  'gateways.list': { summary: 'List LoRaWAN gateways', query: paginationQuerySchema, collection: gatewaySchema },
  'gateways.create': {
    summary: 'Register a gateway: its IoT thing and certificate (the answer holds the private key, once)',
    body: gatewayInputSchema,
    response: gatewaySchema,
    status: 201,
  },
  'gateways.get': { summary: 'A LoRaWAN gateway (never its private key)', response: gatewaySchema },
  'gateways.delete': { summary: 'Delete a gateway: its certificate is revoked and its thing removed' },
  'tokens.issue': {
    summary: 'Get an access token (OAuth 2.0 client credentials)',
    body: apiClientTokenRequestSchema,
    form: true,
    response: apiClientTokenResponseSchema,
    mediaType: 'application/json',
    errors: [401],
  },
  'docs.openapi': {
    summary: 'This OpenAPI document',
    response: z.record(z.string(), z.unknown()).meta({ description: 'OpenAPI 3.1' }),
    mediaType: 'application/json',
  },
} as const satisfies Partial<Record<RouteId, RouteContract>>;
