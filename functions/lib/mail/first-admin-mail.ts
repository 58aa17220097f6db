import { htmlParagraphs, type MailLanguage } from './mail-language';
import type { Mail } from './send-mail';

interface FirstAdminTexts {
  subject: string;
  intro: (company: string) => string;
  login: (email: string) => string;
  password: (value: string) => string;
  change: string;
}

const TEXTS: Record<MailLanguage, FirstAdminTexts> = {
  en: {
    subject: 'Your super admin account for the tracking console',
    intro: (company) => `The tracking console has been set up with the tenant ${company}. You are its super admin.`,
    login: (email) => `Sign in with your e-mail address: ${email}`,
    password: (v) => `Password: ${v}`,
    change: 'Please change this password after signing in (Profile) or with "Forgot password" on the sign-in page.',
  },
  nl: {
    subject: 'Je superbeheerdersaccount voor de trackingconsole',
    intro: (company) => `De trackingconsole is ingericht met de tenant ${company}. Jij bent de superbeheerder.`,
    login: (email) => `Log in met je e-mailadres: ${email}`,
    password: (v) => `Wachtwoord: ${v}`,
    change: 'Wijzig dit wachtwoord na het inloggen (Profiel) of met "Wachtwoord vergeten" op de inlogpagina.',
  },
  de: {
    subject: 'Ihr Super-Admin-Konto für die Tracking-Konsole',
    intro: (company) =>
      `Die Tracking-Konsole wurde mit dem Mandanten ${company} eingerichtet. Sie sind der Super-Admin.`,
    login: (email) => `Melden Sie sich mit Ihrer E-Mail-Adresse an: ${email}`,
    password: (v) => `Passwort: ${v}`,
    change:
      'Bitte ändern Sie dieses Passwort nach der Anmeldung (Profil) oder mit "Passwort vergessen" auf der Anmeldeseite.',
  },
  fr: {
    subject: 'Votre compte super administrateur de la console de suivi',
    intro: (company) =>
      `La console de suivi a été configurée avec le locataire ${company}. Vous en êtes le super administrateur.`,
    login: (email) => `Connectez-vous avec votre adresse e-mail : ${email}`,
    password: (v) => `Mot de passe : ${v}`,
    change:
      'Veuillez changer ce mot de passe après la connexion (Profil) ou avec « Mot de passe oublié » sur la page de connexion.',
  },
};

/** The first super admin's welcome, with the generated password (`npm run bootstrap:aws`). */
export function firstAdminMail(email: string, company: string, password: string, language: MailLanguage): Mail {
  const t = TEXTS[language];
  const paragraphs = [t.intro(company), t.login(email), t.password(password), t.change];
  return { to: email, subject: t.subject, text: `${paragraphs.join('\n\n')}\n`, html: htmlParagraphs(paragraphs) };
}
