import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import nodemailer, { type Transporter } from 'nodemailer';
import { localServiceConfig } from '../local-endpoints';

/** One e-mail, always with a plain-text part (read by tests and by mail clients without HTML). */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sender when MAIL_FROM is not set (local runs); on AWS CDK sets MAIL_FROM to the verified SES identity. */
const LOCAL_SENDER = 'Tracking <no-reply@tracking.local>';

let ses: SESv2Client | undefined;
let smtp: Transporter | undefined;

/**
 * The one way the product sends e-mail (password reset now; customer credentials and alarms later). On AWS
 * it is SES v2; locally SMTP_URL points at the SMTP catcher and the same call goes out over SMTP, so a test
 * can read the message back.
 */
export async function sendMail(mail: Mail): Promise<void> {
  const from = process.env.MAIL_FROM || LOCAL_SENDER;
  const smtpUrl = process.env.SMTP_URL;
  if (smtpUrl) {
    smtp ??= nodemailer.createTransport(smtpUrl);
    await smtp.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
    return;
  }
  ses ??= new SESv2Client(localServiceConfig('SES_ENDPOINT'));
  await ses.send(
    new SendEmailCommand({
      FromEmailAddress: from,
      Destination: { ToAddresses: [mail.to] },
      Content: {
        Simple: {
          Subject: { Data: mail.subject, Charset: 'UTF-8' },
          Body: { Text: { Data: mail.text, Charset: 'UTF-8' }, Html: { Data: mail.html, Charset: 'UTF-8' } },
        },
      },
    }),
  );
}
