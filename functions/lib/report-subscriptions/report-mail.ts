import { randomBytes } from 'node:crypto';
import type { ExportLanguage } from '../../../shared/schemas/export';
import { htmlParagraphs } from '../mail/mail-language';
import type { ReportFile } from './report-file';

/**
 * A report subscription's mail as a MIME message: text and HTML, the file attached when it is within the limit
 * (otherwise the mail says so), and the one-click unsubscribe of RFC 8058 (List-Unsubscribe with the signed
 * link, List-Unsubscribe-Post), which mail clients show as their own "unsubscribe" button.
 */
const TEXTS: Record<
  ExportLanguage,
  {
    subject: (month: string) => string;
    attached: (month: string) => string;
    empty: (month: string) => string;
    tooLarge: (month: string, megabytes: string) => string;
    unsubscribe: string;
  }
> = {
  en: {
    subject: (month) => `Loan days ${month}`,
    attached: (month) => `Attached is the loan-day statement of ${month}.`,
    empty: (month) => `No loan days were counted in ${month}: there is no file this time.`,
    tooLarge: (month, mb) =>
      `The loan-day statement of ${month} is too large to attach (over ${mb} MB). Export it in the console.`,
    unsubscribe: 'To receive this report no more, open this link:',
  },
  nl: {
    subject: (month) => `Uitleendagen ${month}`,
    attached: (month) => `In de bijlage vindt u het uitleendagenoverzicht van ${month}.`,
    empty: (month) => `In ${month} zijn geen uitleendagen geteld: er is deze keer geen bestand.`,
    tooLarge: (month, mb) =>
      `Het uitleendagenoverzicht van ${month} is te groot om mee te sturen (meer dan ${mb} MB). Exporteer het in de console.`,
    unsubscribe: 'Wilt u dit rapport niet meer ontvangen, open dan deze link:',
  },
  de: {
    subject: (month) => `Leihtage ${month}`,
    attached: (month) => `Anbei die Leihtage-Aufstellung für ${month}.`,
    empty: (month) => `Im ${month} wurden keine Leihtage gezählt: Diesmal gibt es keine Datei.`,
    tooLarge: (month, mb) =>
      `Die Leihtage-Aufstellung für ${month} ist zu groß für einen Anhang (über ${mb} MB). Exportieren Sie sie in der Konsole.`,
    unsubscribe: 'Um diesen Bericht nicht mehr zu erhalten, öffnen Sie diesen Link:',
  },
  fr: {
    subject: (month) => `Jours de prêt ${month}`,
    attached: (month) => `Vous trouverez ci-joint le relevé des jours de prêt de ${month}.`,
    empty: (month) => `Aucun jour de prêt n'a été compté en ${month} : pas de fichier cette fois.`,
    tooLarge: (month, mb) =>
      `Le relevé des jours de prêt de ${month} est trop volumineux pour être joint (plus de ${mb} Mo). Exportez-le dans la console.`,
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
  unsubscribeUrl: string;
}

/** RFC 2047 for a header with more than ASCII (the subjects in de and fr). */
const headerText = (text: string) =>
  /^[\x20-\x7e]*$/.test(text) ? text : `=?UTF-8?B?${Buffer.from(text, 'utf8').toString('base64')}?=`;
const base64Lines = (data: Buffer) => (data.toString('base64').match(/.{1,76}/g) ?? []).join('\r\n');

function bodyOf(mail: ReportMail): string[] {
  const texts = TEXTS[mail.language];
  const said = mail.file.empty
    ? texts.empty(mail.month)
    : mail.file.content
      ? texts.attached(mail.month)
      : texts.tooLarge(mail.month, String(Math.floor(mail.limit / 1_000_000)));
  return [said, `${texts.unsubscribe} ${mail.unsubscribeUrl}`];
}

export function composeReportMail(mail: ReportMail): { subject: string; text: string; message: Buffer } {
  const subject = TEXTS[mail.language].subject(mail.month);
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
    `List-Unsubscribe: <${mail.unsubscribeUrl}>`,
    'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
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
