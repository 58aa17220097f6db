import { htmlParagraphs, type MailLanguage } from './mail-language';
import type { Mail } from './send-mail';

interface ResetTexts {
  subject: string;
  body: string;
  next: string;
  warn: string;
}

/** The user hears of an administrator's reset of their second factor: a reset they did not ask for is a warning. */
const TEXTS: Record<MailLanguage, ResetTexts> = {
  en: {
    subject: 'Your second factor was reset',
    body: 'An administrator has reset the second factor of your account: your authenticator app and recovery codes no longer work for it.',
    next: 'Sign in with your password; if your organisation requires a second factor, you will be asked to set up a new one.',
    warn: 'If you did not ask for this, tell your administrator at once.',
  },
  nl: {
    subject: 'Je tweede factor is opnieuw ingesteld',
    body: 'Een beheerder heeft de tweede factor van je account opnieuw ingesteld: je authenticator-app en herstelcodes werken er niet meer voor.',
    next: 'Meld je aan met je wachtwoord; als je organisatie een tweede factor vraagt, stel je meteen een nieuwe in.',
    warn: 'Heb je hier niet om gevraagd? Laat het je beheerder direct weten.',
  },
  de: {
    subject: 'Ihr zweiter Faktor wurde zurückgesetzt',
    body: 'Ein Administrator hat den zweiten Faktor Ihres Kontos zurückgesetzt: Ihre Authenticator-App und Ihre Wiederherstellungscodes gelten dafür nicht mehr.',
    next: 'Melden Sie sich mit Ihrem Passwort an; verlangt Ihre Organisation einen zweiten Faktor, richten Sie dabei einen neuen ein.',
    warn: 'Wenn Sie das nicht veranlasst haben, informieren Sie sofort Ihren Administrator.',
  },
  fr: {
    subject: 'Votre second facteur a été réinitialisé',
    body: 'Un administrateur a réinitialisé le second facteur de votre compte : votre application d’authentification et vos codes de récupération ne fonctionnent plus pour ce compte.',
    next: 'Connectez-vous avec votre mot de passe ; si votre organisation exige un second facteur, vous en configurerez un nouveau.',
    warn: 'Si vous n’êtes pas à l’origine de cette demande, prévenez immédiatement votre administrateur.',
  },
};

export function secondFactorResetMail(to: string, language: MailLanguage): Mail {
  const t = TEXTS[language];
  const paragraphs = [t.body, t.next, t.warn];
  return { to, subject: t.subject, text: `${paragraphs.join('\n\n')}\n`, html: htmlParagraphs(paragraphs) };
}
