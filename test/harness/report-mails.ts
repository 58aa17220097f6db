import { type CaughtMail, waitForMailMatching } from './mail';
import { readStack } from './stack';

/** The mails of the report job as the SMTP catcher holds them, and their attachments' text (read by readCsv). */
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
