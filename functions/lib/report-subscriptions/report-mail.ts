import { randomBytes } from 'node:crypto';
import type { ExportLanguage } from '../../../shared/schemas/export';
import { htmlParagraphs } from '../mail/mail-language';
import type { ReportFile } from './report-file';

/**
 * A report subscription's mail as a MIME message: text and HTML, the file attached when it is within the limit
 * (otherwise a download link that works for some days, or, without one, a word that it is too large), and the
 * one-click unsubscribe of RFC 8058 (List-Unsubscribe with the signed link, List-Unsubscribe-Post), which mail
 * clients show as their own "unsubscribe" button. A preview ("send now", to the person who asked) says it is one
 * and has no unsubscribe: it is no mail of the schedule.
 */
const TEXTS: Record<
  ExportLanguage,
  {
    subject: (month: string) => string;
    attached: (month: string) => string;
    empty: (month: string) => string;
    tooLarge: (month: string, megabytes: string) => string;
    link: (month: string, megabytes: string, days: number, url: string) => string;
    preview: string;
    previewSubject: (subject: string) => string;
    unsubscribe: string;
  }
> = {
  en: {
    subject: (month) => `Loan days ${month}`,
    attached: (month) => `Attached is the loan-day statement of ${month}.`,
    empty: (month) => `No loan days were counted in ${month}: there is no file this time.`,
    tooLarge: (month, mb) =>
      `The loan-day statement of ${month} is too large to attach (over ${mb} MB). Export it in the console.`,
    link: (month, mb, days, url) =>
      `The loan-day statement of ${month} is too large to attach (over ${mb} MB). Download it here; the link works for ${days} days: ${url}`,
    preview: 'This is a preview you asked for in the console. The subscription and its schedule are unchanged.',
    previewSubject: (subject) => `Preview: ${subject}`,
    unsubscribe: 'To receive this report no more, open this link:',
  },
  nl: {
    subject: (month) => `Uitleendagen ${month}`,
    attached: (month) => `In de bijlage vindt u het uitleendagenoverzicht van ${month}.`,
    empty: (month) => `In ${month} zijn geen uitleendagen geteld: er is deze keer geen bestand.`,
    tooLarge: (month, mb) =>
      `Het uitleendagenoverzicht van ${month} is te groot om mee te sturen (meer dan ${mb} MB). Exporteer het in de console.`,
    link: (month, mb, days, url) =>
      `Het uitleendagenoverzicht van ${month} is te groot om mee te sturen (meer dan ${mb} MB). Download het hier; de link werkt ${days} dagen: ${url}`,
    preview: 'Dit is een voorbeeld waar u in de console om vroeg. Het abonnement en zijn schema blijven ongewijzigd.',
    previewSubject: (subject) => `Voorbeeld: ${subject}`,
    unsubscribe: 'Wilt u dit rapport niet meer ontvangen, open dan deze link:',
  },
  de: {
    subject: (month) => `Leihtage ${month}`,
    attached: (month) => `Anbei die Leihtage-Aufstellung für ${month}.`,
    empty: (month) => `Im ${month} wurden keine Leihtage gezählt: Diesmal gibt es keine Datei.`,
    tooLarge: (month, mb) =>
      `Die Leihtage-Aufstellung für ${month} ist zu groß für einen Anhang (über ${mb} MB). Exportieren Sie sie in der Konsole.`,
    link: (month, mb, days, url) =>
      `Die Leihtage-Aufstellung für ${month} ist zu groß für einen Anhang (über ${mb} MB). Laden Sie sie hier herunter; der Link gilt ${days} Tage: ${url}`,
    preview:
      'Dies ist eine Vorschau, die Sie in der Konsole angefordert haben. Das Abonnement und sein Zeitplan bleiben unverändert.',
    previewSubject: (subject) => `Vorschau: ${subject}`,
    unsubscribe: 'Um diesen Bericht nicht mehr zu erhalten, öffnen Sie diesen Link:',
  },
  fr: {
    subject: (month) => `Jours de prêt ${month}`,
    attached: (month) => `Vous trouverez ci-joint le relevé des jours de prêt de ${month}.`,
    empty: (month) => `Aucun jour de prêt n'a été compté en ${month} : pas de fichier cette fois.`,
    tooLarge: (month, mb) =>
      `Le relevé des jours de prêt de ${month} est trop volumineux pour être joint (plus de ${mb} Mo). Exportez-le dans la console.`,
    link: (month, mb, days, url) =>
      `Le relevé des jours de prêt de ${month} est trop volumineux pour être joint (plus de ${mb} Mo). Téléchargez-le ici ; le lien est valable ${days} jours : ${url}`,
    preview: "Ceci est un aperçu demandé dans la console. L'abonnement et son calendrier restent inchangés.",
    previewSubject: (subject) => `Aperçu : ${subject}`,
    unsubscribe: 'Pour ne plus recevoir ce rapport, ouvrez ce lien :',
  },
};

export interface ReportMail {
  from: string;
  to: string;
  language: ExportLanguage;
  month: string;
  file: ReportFile;
  limit: number;
  /** The stored file's download, when it is over the limit, and for how many days it works. */
  link?: { url: string; days: number };
  /** A preview to the person who asked: said so, no unsubscribe. */
  preview?: boolean;
  /** The schedule's mails only. */
  unsubscribeUrl?: string;
}

/** RFC 2047 for a header with more than ASCII (the subjects in de and fr). */
const headerText = (text: string) =>
  /^[\x20-\x7e]*$/.test(text) ? text : `=?UTF-8?B?${Buffer.from(text, 'utf8').toString('base64')}?=`;
const base64Lines = (data: Buffer) => (data.toString('base64').match(/.{1,76}/g) ?? []).join('\r\n');

/** The limit in whole megabytes, at least 1 (a run may lower it below a megabyte). */
const megabytes = (limit: number) => String(Math.max(1, Math.floor(limit / 1_000_000)));

function bodyOf(mail: ReportMail): string[] {
  const texts = TEXTS[mail.language];
  const said = mail.file.empty
    ? texts.empty(mail.month)
    : mail.file.content
      ? texts.attached(mail.month)
      : mail.link
        ? texts.link(mail.month, megabytes(mail.limit), mail.link.days, mail.link.url)
        : texts.tooLarge(mail.month, megabytes(mail.limit));
  return [
    ...(mail.preview ? [texts.preview] : []),
    said,
    ...(mail.unsubscribeUrl ? [`${texts.unsubscribe} ${mail.unsubscribeUrl}`] : []),
  ];
}

export function composeReportMail(mail: ReportMail): { subject: string; text: string; message: Buffer } {
  const texts = TEXTS[mail.language];
  const subject = mail.preview ? texts.previewSubject(texts.subject(mail.month)) : texts.subject(mail.month);
  const paragraphs = bodyOf(mail);
  const text = paragraphs.join('\n\n');
  const mixed = `mixed-${randomBytes(12).toString('hex')}`;
  const alternative = `alt-${randomBytes(12).toString('hex')}`;
  const part = (type: string, content: string) => [
    `Content-Type: ${type}; charset=UTF-8`,
    'Content-Transfer-Encoding: base64',
    '',
    base64Lines(Buffer.from(content, 'utf8')),
  ];
  const lines = [
    `From: ${mail.from}`,
    `To: ${mail.to}`,
    `Subject: ${headerText(subject)}`,
    'MIME-Version: 1.0',
    ...(mail.unsubscribeUrl
      ? [`List-Unsubscribe: <${mail.unsubscribeUrl}>`, 'List-Unsubscribe-Post: List-Unsubscribe=One-Click']
      : []),
    `Content-Type: multipart/mixed; boundary="${mixed}"`,
    '',
    `--${mixed}`,
    `Content-Type: multipart/alternative; boundary="${alternative}"`,
    '',
    `--${alternative}`,
    ...part('text/plain', text),
    `--${alternative}`,
    ...part('text/html', htmlParagraphs(paragraphs)),
    `--${alternative}--`,
  ];
  if (mail.file.content) {
    lines.push(
      `--${mixed}`,
      `Content-Type: ${mail.file.mimeType}; name="${mail.file.fileName}"`,
      `Content-Disposition: attachment; filename="${mail.file.fileName}"`,
      'Content-Transfer-Encoding: base64',
      '',
      base64Lines(mail.file.content),
    );
  }
  lines.push(`--${mixed}--`, '');
  return { subject, text, message: Buffer.from(lines.join('\r\n'), 'utf8') };
}
