import { readStack } from './stack';

/** A message as the local SMTP catcher (maildev) reports it on its web API. */
export interface CaughtMail {
  id: string;
  subject: string;
  text: string;
  html: string;
  to: { address: string; name?: string }[];
  from: { address: string; name?: string }[];
}

const mailApi = (path: string) => `http://127.0.0.1:${readStack().ports.MAIL_WEB_PORT}${path}`;

/** Every caught message sent to this address, oldest first. */
export async function mailsTo(address: string): Promise<CaughtMail[]> {
  const all = (await (await fetch(mailApi('/email'))).json()) as CaughtMail[];
  return all.filter((mail) => mail.to.some((to) => to.address.toLowerCase() === address.toLowerCase()));
}

/** Waits for the n-th message to this address (1-based), as mail delivery is asynchronous. */
export async function waitForMail(address: string, count = 1, timeoutMs = 10_000): Promise<CaughtMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = await mailsTo(address);
    const wanted = mails[count - 1];
    if (wanted) return wanted;
    if (Date.now() > deadline) throw new Error(`No mail #${count} to ${address} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Waits for a message to this address that `matches` (an inbox other tests also write to). */
export async function waitForMailMatching(
  address: string,
  matches: (mail: CaughtMail) => boolean,
  timeoutMs = 10_000,
): Promise<CaughtMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const wanted = (await mailsTo(address)).find(matches);
    if (wanted) return wanted;
    if (Date.now() > deadline) throw new Error(`No matching mail to ${address} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The password-reset code in a reset mail's text: two groups of five, e.g. "ABCDE-FGH23" (reset-code.ts). */
export function resetCodeIn(text: string): string {
  const code = /\b([A-HJ-NP-Z2-9]{5}-[A-HJ-NP-Z2-9]{5})\b/.exec(text)?.[1];
  if (!code) throw new Error(`No reset code in the mail: ${text}`);
  return code;
}

/** A well-formed code that is not `code`: what a guesser sends. */
export const wrongCodeFor = (code: string) => (code.startsWith('AAAAA') ? 'BBBBB-BBBBB' : 'AAAAA-AAAAA');
