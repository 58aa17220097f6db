import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import { HOST, localHttpServer } from './config';

/** The local sender's domain: verified here as the operator verifies mailFrom's domain on AWS (docs/operations.md, Deploying to AWS). */
export const LOCAL_MAIL_DOMAIN = 'tracking.local';

interface SandboxState {
  /** True as in a new AWS account: mail goes only to verified identities (addresses or domains). */
  enabled: boolean;
  verified: Set<string>;
}

interface SendEmailBody {
  FromEmailAddress?: string;
  Destination?: { ToAddresses?: string[]; CcAddresses?: string[]; BccAddresses?: string[] };
  Content?: {
    Simple?: { Subject?: { Data?: string }; Body?: { Text?: { Data?: string }; Html?: { Data?: string } } };
    /** A whole MIME message, base64 in the JSON (functions/lib/mail/send-mail.ts sendRawMail). */
    Raw?: { Data?: string };
  };
}

type Reply = { status: number; body: unknown; type?: string };

const bare = (address: string) => (/<([^>]+)>/.exec(address)?.[1] ?? address).trim().toLowerCase();
const rejected = (message: string): Reply => ({ status: 400, type: 'MessageRejected', body: { message } });

/**
 * The local stand-in for SES v2 (REST JSON: POST /v2/email/outbound-emails), relaying to the SMTP catcher, so
 * the handlers make the call they make on AWS and fail as it fails: a sender outside the verified identities,
 * and in sandbox mode any unverified recipient, is refused with MessageRejected (the SES message text).
 * Sandbox mode is what a new account has; locally it is switched on by SES_SANDBOX=true or, for a test, by
 * PUT /_local/sandbox {"enabled":true,"verifiedIdentities":[...]} (a local-only control, like the inbox's API).
 */
export async function startSesService(options: { port: number; smtpUrl: string; log?: (line: string) => void }) {
  const log = options.log ?? console.error;
  const smtp = nodemailer.createTransport(options.smtpUrl);
  const senders = new Set([LOCAL_MAIL_DOMAIN]);
  const sandbox: SandboxState = { enabled: process.env.SES_SANDBOX === 'true', verified: new Set() };
  const isVerified = (address: string, identities: Set<string>) =>
    identities.has(address) || identities.has(address.split('@')[1] ?? '');
  const failing = (addresses: string[]) =>
    `Email address is not verified. The following identities failed the check in region EU-WEST-1: ${addresses.join(', ')}`;

  async function sendEmail(body: SendEmailBody): Promise<Reply> {
    const from = body.FromEmailAddress ?? '';
    const to = body.Destination?.ToAddresses ?? [];
    const simple = body.Content?.Simple;
    const raw = body.Content?.Raw?.Data;
    if (!from || to.length === 0 || (!simple?.Subject?.Data && !raw)) {
      return {
        status: 400,
        type: 'BadRequestException',
        body: { message: 'From, Destination and Subject are required' },
      };
    }
    if (!isVerified(bare(from), senders)) return rejected(failing([bare(from)]));
    const unverified = sandbox.enabled
      ? to.map(bare).filter((a) => !isVerified(a, new Set([...senders, ...sandbox.verified])))
      : [];
    if (unverified.length > 0) return rejected(failing(unverified));
    if (raw) {
      // As SES: the message goes as composed, to the envelope's recipients.
      await smtp.sendMail({ envelope: { from: bare(from), to: to.map(bare) }, raw: Buffer.from(raw, 'base64') });
      return { status: 200, body: { MessageId: randomUUID() } };
    }
    await smtp.sendMail({
      from,
      to,
      subject: simple?.Subject?.Data,
      text: simple?.Body?.Text?.Data,
      html: simple?.Body?.Html?.Data,
    });
    return { status: 200, body: { MessageId: randomUUID() } };
  }

  function control(body: { enabled?: boolean; verifiedIdentities?: string[] }): Reply {
    sandbox.enabled = body.enabled === true;
    sandbox.verified = new Set((body.verifiedIdentities ?? []).map((s) => s.toLowerCase()));
    log(`SES sandbox ${sandbox.enabled ? 'on' : 'off'}`);
    return { status: 200, body: { enabled: sandbox.enabled, verifiedIdentities: [...sandbox.verified] } };
  }

  async function route(method: string, url: string, body: unknown): Promise<Reply> {
    if (method === 'POST' && url === '/v2/email/outbound-emails') return sendEmail(body as SendEmailBody);
    if (method === 'GET' && url === '/v2/email/account') {
      return { status: 200, body: { ProductionAccessEnabled: !sandbox.enabled, SendingEnabled: true } };
    }
    if (method === 'PUT' && url === '/_local/sandbox') return control(body as Parameters<typeof control>[0]);
    return { status: 404, type: 'NotFoundException', body: { message: `${method} ${url} is not supported locally` } };
  }

  const server = localHttpServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      Promise.resolve()
        .then(() => route(req.method ?? 'GET', (req.url ?? '/').split('?')[0] ?? '/', text ? JSON.parse(text) : {}))
        .catch((e: Error): Reply => ({ status: 500, type: 'InternalFailure', body: { message: e.message } }))
        .then((reply) => {
          res.writeHead(reply.status, {
            'content-type': 'application/json',
            ...(reply.type ? { 'x-amzn-ErrorType': reply.type } : {}),
          });
          res.end(JSON.stringify(reply.body));
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port, HOST, resolve));
  return {
    name: 'SES',
    url: `http://${HOST}:${options.port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
