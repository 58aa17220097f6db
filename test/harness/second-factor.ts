import { expect } from '@jest/globals';
import { call, DEMO_PASSWORD } from './api';
import { TEST_CLIENT_IP_HEADER } from './client-ip';
import { totpAt } from './totp';

/** What POST /user/sign-in answers, in all its shapes (a session, an ask for the code, a key to set up). */
export interface SignInAnswer {
  token?: string;
  refresh_token?: string;
  second_factor?: 'code' | 'setup';
  secret?: string;
  otpauth_uri?: string;
  recovery_codes?: string[];
  violations?: { propertyPath: string; message: string }[];
}

export const signInWith = (login: string, extra: Record<string, string> = {}, ip?: string) =>
  call<SignInAnswer>('POST', '/user/sign-in', {
    body: { email: login, password: DEMO_PASSWORD, ...extra },
    ...(ip ? { headers: { [TEST_CLIENT_IP_HEADER]: ip } } : {}),
  });

/**
 * Codes no earlier call of the file used for the same key: the Cognito stand-in refuses a code twice, as AWS
 * does. Each is the current step's or the next one's (an app's clock may run a little fast: one step ahead is
 * still accepted); a third code within one step waits for the clock to reach the step it needs.
 */
export class FreshCodes {
  private readonly lastStep = new Map<string, number>();

  async of(secret: string): Promise<string> {
    const step = Math.max(Math.floor(Date.now() / 30_000), (this.lastStep.get(secret) ?? 0) + 1);
    while (step > Math.floor(Date.now() / 30_000) + 1) {
      await new Promise((resolve) => setTimeout(resolve, (step - 1) * 30_000 - Date.now() + 10));
    }
    this.lastStep.set(secret, step);
    return totpAt(secret, step * 30_000);
  }
}

/** A code from long ago: well-formed, and wrong. */
export const staleCode = (secret: string) => totpAt(secret, Date.now() - 10 * 60_000);

/** Sets a second factor up as Preferences does; answers the key and the recovery codes. */
export async function setUpSecondFactor(token: string, codes: FreshCodes) {
  const started = await call<{ secret: string; otpauth_uri: string }>('POST', '/api/me/second-factor/setup', {
    token,
    body: { password: DEMO_PASSWORD },
  });
  expect(started.status).toBe(200);
  const { secret } = started.body;
  const confirmed = await call<{ recovery_codes: string[] }>('POST', '/api/me/second-factor', {
    token,
    body: { password: DEMO_PASSWORD, code: await codes.of(secret) },
  });
  expect(confirmed.status).toBe(200);
  return { secret, otpauthUri: started.body.otpauth_uri, recoveryCodes: confirmed.body.recovery_codes };
}
