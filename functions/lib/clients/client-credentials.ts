import type { CredentialsResetResult } from '../../../shared/schemas/client';
import type { TenantContext } from '../data/tenant-context';
import { htmlParagraphs, type MailLanguage } from '../mail/mail-language';
import { type Mail, MailNotSent, mailLog, sendMail } from '../mail/send-mail';
import { updateUserAccount } from '../users/user-accounts';
import type { UserRecord } from '../users/user-repository';
import { usersOfClient } from './client-queries';
import type { ClientRecord } from './client-repository';
import { createClientUser, generatePassword } from './client-user-accounts';

interface CredentialTexts {
  subject: string;
  greeting: (name: string) => string;
  intro: string;
  username: (value: string) => string;
  password: (value: string) => string;
  change: string;
}

const TEXTS: Record<MailLanguage, CredentialTexts> = {
  en: {
    subject: 'Your login credentials',
    greeting: (name) => `Dear ${name},`,
    intro: 'You can sign in to the tracking console with these credentials:',
    username: (v) => `Username: ${v}`,
    password: (v) => `Password: ${v}`,
    change: 'Please change this password after signing in. Earlier passwords no longer work.',
  },
  nl: {
    subject: 'Je inloggegevens',
    greeting: (name) => `Beste ${name},`,
    intro: 'Je kunt inloggen op de trackingconsole met deze gegevens:',
    username: (v) => `Gebruikersnaam: ${v}`,
    password: (v) => `Wachtwoord: ${v}`,
    change: 'Wijzig dit wachtwoord na het inloggen. Eerdere wachtwoorden werken niet meer.',
  },
  de: {
    subject: 'Ihre Zugangsdaten',
    greeting: (name) => `Guten Tag ${name},`,
    intro: 'Sie können sich mit diesen Zugangsdaten an der Tracking-Konsole anmelden:',
    username: (v) => `Benutzername: ${v}`,
    password: (v) => `Passwort: ${v}`,
    change: 'Bitte ändern Sie dieses Passwort nach der Anmeldung. Frühere Passwörter gelten nicht mehr.',
  },
  fr: {
    subject: 'Vos identifiants de connexion',
    greeting: (name) => `Bonjour ${name},`,
    intro: 'Vous pouvez vous connecter à la console de suivi avec ces identifiants :',
    username: (v) => `Nom d’utilisateur : ${v}`,
    password: (v) => `Mot de passe : ${v}`,
    change: 'Veuillez changer ce mot de passe après la connexion. Les anciens mots de passe ne fonctionnent plus.',
  },
};

export function credentialsMail(user: UserRecord, password: string, language: MailLanguage): Mail {
  const t = TEXTS[language];
  const paragraphs = [t.greeting(user.name), t.intro, t.username(user.username), t.password(password), t.change];
  return { to: user.email, subject: t.subject, text: `${paragraphs.join('\n\n')}\n`, html: htmlParagraphs(paragraphs) };
}

/**
 * POST /api/clients/{id}/resetpassword (spec 000 s.2 "The client will receive an email with login
 * credentials"). The customer's primary login is its client user with the customer's e-mail: created
 * (name and e-mail of the customer, ROLE_CLIENT) when there is none, otherwise given a new password and
 * enabled. The new password goes out by mail in the caller's language; no password is ever answered.
 * The password must exist before it can be mailed, so a mail SES refuses (an unverified recipient in the
 * sandbox, a bounced address) leaves a consistent account with a password nobody knows: the answer says
 * `mail_sent: false` instead of a 500, and repeating the reset once the address works sends a new one.
 */
export async function sendClientCredentials(
  ctx: TenantContext,
  client: ClientRecord,
  language: MailLanguage,
): Promise<CredentialsResetResult> {
  const email = client.email.toLowerCase();
  const primary = (await usersOfClient(ctx, client.id)).find((user) => user.email.toLowerCase() === email);
  const password = generatePassword();
  const user = primary
    ? await updateUserAccount(ctx, primary, primary.version, {
        name: primary.name,
        email: primary.email,
        roles: primary.roles,
        active: true,
        password,
      })
    : await createClientUser(ctx, client.id, { name: client.name, email: client.email, active: true }, password);
  try {
    await sendMail(credentialsMail(user, password, language));
    return { mail_sent: true };
  } catch (error) {
    if (!(error instanceof MailNotSent)) throw error;
    mailLog.warn('client credentials not mailed', { tenant: ctx.tenantId, client: client.id, reason: error.reason });
    return { mail_sent: false };
  }
}
