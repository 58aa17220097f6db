import { Logger } from '@aws-lambda-powertools/logger';
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { localServiceConfig } from '../local-endpoints';

/** One e-mail, always with a plain-text part (read by tests and by mail clients without HTML). */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * A mail SES did not take: the recipient or sender refused (MessageRejected, e.g. an unverified recipient
 * while the account is in the SES sandbox), sending paused, or SES unreachable. Callers that changed state
 * before mailing catch it and answer `mail_sent: false` (docs/decisions/0227).
 */
export class MailNotSent extends Error {
  constructor(
    readonly reason: string,
    options?: { cause?: unknown },
  ) {
    super(`Mail not sent: ${reason}`, options);
    this.name = 'MailNotSent';
  }
}

let ses: SESv2Client | undefined;

/** Where a flow that goes on without its mail records why (CloudWatch; the address itself is not logged). */
export const mailLog = new Logger({ serviceName: 'mail' });

/**
 * The one way the product sends e-mail: SES v2, on AWS and locally (SES_ENDPOINT points at the stand-in in
 * scripts/local/ses-service.ts, which relays to the SMTP catcher and refuses what SES refuses). MAIL_FROM is
 * the required deploy setting `-c mailFrom` (infra/config.ts); locally the start script sets it.
 */
export async function sendMail(mail: Mail): Promise<void> {
  await send(mail.to, {
    Simple: {
      Subject: { Data: mail.subject, Charset: 'UTF-8' },
      Body: { Text: { Data: mail.text, Charset: 'UTF-8' }, Html: { Data: mail.html, Charset: 'UTF-8' } },
    },
  });
}

/** The sender every mail goes out from (MAIL_FROM). */
export function mailFrom(): string {
  const from = process.env.MAIL_FROM;
  if (!from) throw new Error('MAIL_FROM is not set (deploy with -c mailFrom=...)');
  return from;
}

/**
 * A whole MIME message the caller composed (an attachment, extra headers such as List-Unsubscribe), through the
 * same SES call: its From must be mailFrom().
 */
export async function sendRawMail(to: string, message: Buffer): Promise<void> {
  await send(to, { Raw: { Data: message } });
}

async function send(to: string, content: NonNullable<ConstructorParameters<typeof SendEmailCommand>[0]['Content']>) {
  const from = mailFrom();
  ses ??= new SESv2Client(localServiceConfig('SES_ENDPOINT'));
  try {
    await ses.send(
      new SendEmailCommand({ FromEmailAddress: from, Destination: { ToAddresses: [to] }, Content: content }),
    );
  } catch (error) {
    const name = error instanceof Error ? error.name : 'Error';
    throw new MailNotSent(`${name}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}
