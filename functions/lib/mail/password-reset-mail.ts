import { htmlParagraphs, type MailLanguage } from './mail-language';
import type { Mail } from './send-mail';

interface ResetTexts {
  subject: string;
  intro: string;
  validity: (minutes: number) => string;
  ignore: string;
}

const TEXTS: Record<MailLanguage, ResetTexts> = {
  en: {
    subject: 'Your password reset code',
    intro: 'Someone asked to reset the password of your account. Enter this code on the reset-password page:',
    validity: (m) => `The code is valid for ${m} minutes and can be used once.`,
    ignore: 'If you did not ask for this, you can ignore this e-mail: your password stays as it is.',
  },
  nl: {
    subject: 'Je code om je wachtwoord te herstellen',
    intro: 'Er is gevraagd het wachtwoord van je account te herstellen. Vul deze code in op de herstelpagina:',
    validity: (m) => `De code is ${m} minuten geldig en kan één keer worden gebruikt.`,
    ignore: 'Heb je dit niet gevraagd? Dan kun je deze e-mail negeren: je wachtwoord blijft ongewijzigd.',
  },
  de: {
    subject: 'Ihr Code zum Zurücksetzen des Passworts',
    intro:
      'Es wurde angefordert, das Passwort Ihres Kontos zurückzusetzen. Geben Sie diesen Code auf der Seite zum Zurücksetzen ein:',
    validity: (m) => `Der Code ist ${m} Minuten gültig und kann einmal verwendet werden.`,
    ignore:
      'Wenn Sie das nicht angefordert haben, können Sie diese E-Mail ignorieren: Ihr Passwort bleibt unverändert.',
  },
  fr: {
    subject: 'Votre code de réinitialisation du mot de passe',
    intro:
      'Une réinitialisation du mot de passe de votre compte a été demandée. Saisissez ce code sur la page de réinitialisation :',
    validity: (m) => `Le code est valable ${m} minutes et ne peut être utilisé qu’une fois.`,
    ignore: 'Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail : votre mot de passe reste inchangé.',
  },
};

/** The reset mail in the reader's language; the code stands on a line of its own. */
export function passwordResetMail(to: string, code: string, minutes: number, language: MailLanguage): Mail {
  const t = TEXTS[language];
  const paragraphs = [t.intro, code, t.validity(minutes), t.ignore];
  return { to, subject: t.subject, text: `${paragraphs.join('\n\n')}\n`, html: htmlParagraphs(paragraphs, code) };
}
