import { randomBytes } from 'node:crypto';
import type { ExportLanguage } from '../../../shared/schemas/export';
import { htmlParagraphs } from '../mail/mail-language';
import type { KindWords } from './kinds/kind-report';
import type { ReportFile } from './report-file';

/**
 * A report subscription's mail as a MIME message: what the report is (its kind's words) and why it came, text
 * and HTML, the file attached when it is within the limit (otherwise a download link that works for some days, or,
 * without one, a word that it is too large), and the one-click unsubscribe of RFC 8058 (List-Unsubscribe with the
 * signed link, List-Unsubscribe-Post), which mail clients show as their own "unsubscribe" button. A preview
 * ("send now", to the person who asked) says it is one and has no unsubscribe: it is no mail of the schedule.
 */
const TEXTS: Record<
  ExportLanguage,
  {
    why: string;
    truncated: (rows: number) => string;
    link: (megabytes: string, days: number, url: string) => string;
    preview: string;
    previewSubject: (subject: string) => string;
    unsubscribe: string;
  }
> = {
  en: {
    why: 'You receive this mail because you subscribed to this report in the console; it comes on its schedule.',
    truncated: (rows) =>
      `The list is longer than a report holds (at most ${rows} rows, read within its bounds): this one shows part of it. The console shows the whole list.`,
    link: (mb, days, url) =>
      `The file is too large to attach (over ${mb} MB). Download it here; the link works for ${days} days: ${url}`,
    preview: 'This is a preview you asked for in the console. The subscription and its schedule are unchanged.',
    previewSubject: (subject) => `Preview: ${subject}`,
    unsubscribe: 'To receive this report no more, open this link:',
  },
  nl: {
    why: 'U ontvangt deze mail omdat u zich in de console op dit rapport hebt geabonneerd; het komt volgens zijn schema.',
    truncated: (rows) =>
      `De lijst is langer dan een rapport bevat (hoogstens ${rows} regels, binnen zijn grenzen gelezen): dit toont er een deel van. De console toont de hele lijst.`,
    link: (mb, days, url) =>
      `Het bestand is te groot om mee te sturen (meer dan ${mb} MB). Download het hier; de link werkt ${days} dagen: ${url}`,
    preview: 'Dit is een voorbeeld waar u in de console om vroeg. Het abonnement en zijn schema blijven ongewijzigd.',
    previewSubject: (subject) => `Voorbeeld: ${subject}`,
    unsubscribe: 'Wilt u dit rapport niet meer ontvangen, open dan deze link:',
  },
  de: {
    why: 'Sie erhalten diese Mail, weil Sie diesen Bericht in der Konsole abonniert haben; er kommt nach seinem Zeitplan.',
    truncated: (rows) =>
      `Die Liste ist länger, als ein Bericht fasst (höchstens ${rows} Zeilen, in seinen Grenzen gelesen): Dieser zeigt einen Teil davon. Die Konsole zeigt die ganze Liste.`,
    link: (mb, days, url) =>
      `Die Datei ist zu groß für einen Anhang (über ${mb} MB). Laden Sie sie hier herunter; der Link gilt ${days} Tage: ${url}`,
    preview:
      'Dies ist eine Vorschau, die Sie in der Konsole angefordert haben. Das Abonnement und sein Zeitplan bleiben unverändert.',
    previewSubject: (subject) => `Vorschau: ${subject}`,
    unsubscribe: 'Um diesen Bericht nicht mehr zu erhalten, öffnen Sie diesen Link:',
  },
  fr: {
    why: 'Vous recevez ce mail parce que vous vous êtes abonné à ce rapport dans la console ; il arrive selon son calendrier.',
    truncated: (rows) =>
      `La liste est plus longue qu'un rapport ne peut contenir (au plus ${rows} lignes, lues dans ses limites) : celui-ci en montre une partie. La console affiche la liste entière.`,
    link: (mb, days, url) =>
      `Le fichier est trop volumineux pour être joint (plus de ${mb} Mo). Téléchargez-le ici ; le lien est valable ${days} jours : ${url}`,
    preview: "Ceci est un aperçu demandé dans la console. L'abonnement et son calendrier restent inchangés.",
    previewSubject: (subject) => `Aperçu : ${subject}`,
    unsubscribe: 'Pour ne plus recevoir ce rapport, ouvrez ce lien :',
  },
};

export interface ReportMail {
  from: string;
  to: string;
  language: ExportLanguage;
  /** What the report is, in the mail's language (its kind's words: kinds/kind-report.ts). */
  words: KindWords;
  file: ReportFile;
  /** The rows were cut at this many (REPORT_ROW_LIMIT): the list held more. */
  truncatedAt?: number;
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
const megabytes = (limit: number) => String(Math.floor(limit / 1_000_000));
const base64Lines = (data: Buffer) => (data.toString('base64').match(/.{1,76}/g) ?? []).join('\r\n');

function bodyOf(mail: ReportMail): string[] {
  const texts = TEXTS[mail.language];
  const said = mail.file.empty
    ? mail.words.empty
    : mail.file.content
      ? mail.words.attached
      : mail.link
        ? texts.link(megabytes(mail.limit), mail.link.days, mail.link.url)
        : mail.words.tooLarge(megabytes(mail.limit));
  const cut = mail.truncatedAt !== undefined && !mail.file.empty ? [texts.truncated(mail.truncatedAt)] : [];
  if (mail.preview) return [texts.preview, said, ...cut];
  return [said, ...cut, texts.why, ...(mail.unsubscribeUrl ? [`${texts.unsubscribe} ${mail.unsubscribeUrl}`] : [])];
}

export function composeReportMail(mail: ReportMail): { subject: string; text: string; message: Buffer } {
  const subject = mail.preview ? TEXTS[mail.language].previewSubject(mail.words.subject) : mail.words.subject;
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
