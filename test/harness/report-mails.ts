import { type CaughtMail, waitForMailMatching } from './mail';
import { readStack } from './stack';

/** The mails of the report job as the SMTP catcher holds them, and their CSV attachments as rows of cells. */
export type ReportMail = CaughtMail & {
  headers: Record<string, string>;
  attachments?: { generatedFileName: string; fileName: string; contentType: string }[];
};

const mailApi = (path: string) => `http://127.0.0.1:${readStack().ports.MAIL_WEB_PORT}${path}`;

/** The report mail of one subscription: its unsubscribe link names the subscription's id. */
export const reportMailOf = async (
  address: string,
  subscriptionId: number,
  also: (mail: CaughtMail) => boolean = () => true,
) =>
  (await waitForMailMatching(
    address,
    (mail) => new RegExp(`[?&]id=${subscriptionId}&`).test(mail.text) && also(mail),
  )) as ReportMail;

export async function attachmentText(mail: ReportMail): Promise<string> {
  const file = mail.attachments?.[0];
  if (!file) throw new Error(`No attachment in "${mail.subject}": ${mail.text}`);
  const response = await fetch(mailApi(`/email/${mail.id}/attachment/${file.generatedFileName}`));
  return (await response.text()).replace(/^\uFEFF/, '');
}

/** The CSV's rows as cells (RFC 4180: a quoted cell may hold commas, line breaks and doubled quotes). */
export function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (c === '"') quoted = !quoted;
    else if (c === ',' && !quoted) {
      row.push(cell);
      cell = '';
    } else if ((c === '\n' || c === '\r') && !quoted) {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}
