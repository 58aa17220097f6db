import { z } from 'zod';
import { versionSchema } from './common';

/**
 * A second factor for password sign-in: a time-based one-time password (TOTP, RFC 6238: six digits, 30-second
 * steps, SHA-1), which Cognito checks as its software-token MFA, and one-time recovery codes for a lost device.
 */
export const SECOND_FACTOR_CODE_REQUIRED = 'The code from the authenticator app is required';
export const SECOND_FACTOR_CODE_FORMAT = 'The code has 6 digits, as the authenticator app shows it';
export const SECOND_FACTOR_CODE_WRONG = 'The code is not correct, or no longer valid';
export const RECOVERY_CODE_FORMAT = 'A recovery code has 10 letters and digits';
export const RECOVERY_CODE_WRONG = 'This recovery code is not correct or was already used';
export const SECOND_FACTOR_ALREADY_ON = 'A second factor is already set up; turn it off first to set up another';
export const SECOND_FACTOR_NOT_STARTED = 'Start the setup first: the code must come from the key shown there';

/** Letters and digits that cannot be mistaken for one another (no 0/O, 1/I): reset and recovery codes. */
export const READABLE_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** How many recovery codes a setup gives; each works once. */
export const RECOVERY_CODE_COUNT = 10;
export const RECOVERY_CODE_LENGTH = 10;

/** Spaces are forgiven (apps show the code as two groups of three). */
export const secondFactorCodeSchema = z
  .string({ error: SECOND_FACTOR_CODE_REQUIRED })
  .overwrite((code) => code.replace(/\s/g, ''))
  .min(1, { error: SECOND_FACTOR_CODE_REQUIRED, abort: true })
  .regex(/^\d{6}$/, { error: SECOND_FACTOR_CODE_FORMAT });

/** Recovery codes use the reset codes' alphabet; dashes, spaces and lower case are forgiven. */
export const normalizeRecoveryCode = (code: string) => code.replace(/[\s-]/g, '').toUpperCase();
export const recoveryCodeSchema = z
  .string({ error: RECOVERY_CODE_FORMAT })
  .overwrite(normalizeRecoveryCode)
  .regex(new RegExp(`^[${READABLE_CODE_ALPHABET}]{${RECOVERY_CODE_LENGTH}}$`), { error: RECOVERY_CODE_FORMAT });

export const SECOND_FACTOR_SUPER_ADMIN_ONLY = 'Only a super admin can require a second factor of super admins';
export const SECOND_FACTOR_REQUIRED = 'Your organisation asks for a second factor: sign in again to set it up';

/** The sign-in answer while the password was right and the app's code is still to come. */
export const secondFactorChallengeSchema = z.object({ second_factor: z.literal('code') });

/**
 * The sign-in answer when the user's role must use a second factor and has none yet: a new key to add to an
 * app. The next sign-in with the password and the app's first code turns it on and signs in.
 */
export const secondFactorSetupChallengeSchema = z.object({
  second_factor: z.literal('setup'),
  secret: z.string(),
  otpauth_uri: z.string(),
});

/** GET /api/me/second-factor */
export const secondFactorStatusSchema = z.object({
  enabled: z.boolean(),
  recovery_codes_left: z.number().int().min(0),
});
export type SecondFactorStatus = z.infer<typeof secondFactorStatusSchema>;

const password = z.string({ error: 'Password is required' }).min(1, { error: 'Password is required' }).max(256);

/** POST /api/me/second-factor/setup: the password again, since a stolen session must not add its own factor. */
export const secondFactorSetupInputSchema = z.object({ password });
export const secondFactorSetupSchema = z.object({
  /** The shared key in base32, for typing into an app that cannot scan. */
  secret: z.string(),
  /** otpauth://totp/… (the key-uri format authenticator apps scan as a QR code). */
  otpauth_uri: z.string(),
});
export type SecondFactorSetup = z.infer<typeof secondFactorSetupSchema>;

/** POST /api/me/second-factor: the first code from the app proves it holds the key; the factor is on. */
export const secondFactorConfirmInputSchema = z.object({ password, code: secondFactorCodeSchema });
export const recoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()) });

/**
 * POST /api/me/second-factor/turn-off: the password and the app's code, or a recovery code when the phone is
 * lost, so a stolen session alone turns nothing off. Moving to a new phone is turning off, then setting up again.
 */
export const secondFactorTurnOffInputSchema = z
  .object({ password, code: secondFactorCodeSchema.optional(), recovery_code: recoveryCodeSchema.optional() })
  .refine((input) => input.code !== undefined || input.recovery_code !== undefined, {
    error: SECOND_FACTOR_CODE_REQUIRED,
    path: ['code'],
  });
export type SecondFactorTurnOffInput = z.infer<typeof secondFactorTurnOffInputSchema>;
export const SECOND_FACTOR_NOT_ON = 'Two-step sign-in is not on';
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/**
 * Which roles of the tenant must use a second factor (the tenant's policy; none by default). Their next
 * password sign-in walks them through the setup; single sign-on users are left to their identity provider.
 */
export const secondFactorPolicySchema = z.object({
  required_roles: z
    .array(z.string().trim().min(1).max(100))
    .max(50)
    .transform((roles) => [...new Set(roles)].sort()),
});
export type SecondFactorPolicy = z.infer<typeof secondFactorPolicySchema>;
export const DEFAULT_SECOND_FACTOR_POLICY: SecondFactorPolicy = { required_roles: [] };

/** PUT /api/second-factor-settings: the roles, and the version read (null before the first save). */
export const secondFactorPolicyInputSchema = secondFactorPolicySchema.extend({ version: versionSchema.nullable() });
export type SecondFactorPolicyInput = z.infer<typeof secondFactorPolicyInputSchema>;
export const secondFactorPolicySettingsSchema = secondFactorPolicySchema.extend({
  version: z.number().int().nullable(),
});
export type SecondFactorPolicySettings = z.infer<typeof secondFactorPolicySettingsSchema>;
