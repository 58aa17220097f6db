import { AdminListGroupsForUserCommand, ListUsersCommand } from '@aws-sdk/client-cognito-identity-provider';
import { tenantInputSchema } from '../../../shared/schemas/tenant';
import { cognito, userPoolId } from '../auth/cognito';
import { generatePassword } from '../clients/client-user-accounts';
import { systemTenantContext } from '../data/system-context';
import { firstAdminMail } from '../mail/first-admin-mail';
import type { MailLanguage } from '../mail/mail-language';
import { sendMail } from '../mail/send-mail';
import { createUserAccount, deleteUserAccount } from '../users/user-accounts';
import { provisionTenant } from './tenant-provisioning';
import { type TenantRecord, tenantRepository } from './tenant-repository';

export interface FirstRunInput {
  email: string;
  company?: string;
  subdomain?: string;
  language?: MailLanguage;
}

export interface FirstRunResult {
  tenant: { id: number; subdomain: string; created: boolean };
  superAdmin: { email: string; created: boolean };
  /** True when this run created the super admin and mailed the password. */
  mailed: boolean;
}

const SUPER_ADMIN = 'ROLE_SUPER_ADMIN';

/** Logins with this e-mail and whether each is a super admin (Cognito is where sign-in looks). */
async function loginsWithEmail(email: string): Promise<{ username: string; superAdmin: boolean }[]> {
  const escaped = email.replace(/["\\]/g, '');
  const found = await cognito().send(
    new ListUsersCommand({ UserPoolId: userPoolId(), Filter: `email = "${escaped}"` }),
  );
  const logins = [];
  for (const user of found.Users ?? []) {
    const username = user.Username as string;
    const groups = await cognito().send(
      new AdminListGroupsForUserCommand({ UserPoolId: userPoolId(), Username: username }),
    );
    logins.push({ username, superAdmin: (groups.Groups ?? []).some((g) => g.GroupName === SUPER_ADMIN) });
  }
  return logins;
}

async function ensureTenant(subdomain: string, company: string, email: string) {
  const existing = (await tenantRepository.list()).find((t) => t.subdomain === subdomain);
  if (existing) return { tenant: existing, created: false };
  const fields = tenantInputSchema.parse({ subdomain, company, email });
  const blank = { address: '', zipcode: '', city: '', country: '', phone: '', icon: '', descriptionShort: '' };
  const data = { ...blank, ...fields, subdomain, company, email } as Omit<TenantRecord, 'id' | 'version'>;
  return { tenant: await provisionTenant(data), created: true };
}

/**
 * The first run of a new deployment (`npm run bootstrap:aws`): a tenant and a super admin in it with the given
 * e-mail, the generated password mailed. Idempotent: the tenant is found by subdomain and the super admin by
 * e-mail, and a run that finds both changes nothing. An e-mail that belongs to a login that is no super admin
 * is refused rather than promoted. If the mail is refused (e.g. the SES sandbox), the new login is deleted
 * again, so nobody holds an account whose password nobody knows and the next run tries again.
 */
export async function bootstrapFirstRun(input: FirstRunInput): Promise<FirstRunResult> {
  const email = input.email.trim().toLowerCase();
  const subdomain = (input.subdomain ?? 'main').trim().toLowerCase();
  const company = input.company?.trim() || subdomain;
  const logins = await loginsWithEmail(email);
  if (logins.length > 0 && !logins.some((l) => l.superAdmin)) {
    throw new Error(`${email} already signs in as a user that is no super admin; use another address`);
  }
  const { tenant, created } = await ensureTenant(subdomain, company, email);
  const result = { tenant: { id: tenant.id, subdomain: tenant.subdomain, created } };
  if (logins.length > 0) return { ...result, superAdmin: { email, created: false }, mailed: false };

  const ctx = systemTenantContext(tenant.id);
  const password = generatePassword();
  const name = email.split('@')[0] ?? email;
  const user = await createUserAccount(ctx, { email, name, roles: [SUPER_ADMIN], password });
  try {
    await sendMail(firstAdminMail(email, tenant.company || company, password, input.language ?? 'en'));
  } catch (error) {
    await deleteUserAccount(ctx, user);
    throw error;
  }
  return { ...result, superAdmin: { email, created: true }, mailed: true };
}
