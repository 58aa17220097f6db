import { TEST_CLIENT_IP_HEADER, testFileClientIp } from './client-ip';
import { checkAnswer } from './contract';
import { readStack } from './stack';

/** A tiny HTTP client for integration tests: real requests to the local gateway. */
export interface ApiResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

export const DEMO_PASSWORD = 'Demo-Tracking-2026!';

export async function call<T = Record<string, unknown>>(
  method: string,
  path: string,
  options: { token?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
): Promise<ApiResponse<T>> {
  // Each test file calls from an address of its own unless the test chooses one (limits per address).
  const headers: Record<string, string> = { [TEST_CLIENT_IP_HEADER]: testFileClientIp(), ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined) headers['content-type'] ??= 'application/json';
  const response = await fetch(`${readStack().apiUrl}${path}`, { method, headers, body });
  const text = await response.text();
  // A followed redirect's final page is not the API's answer; the 302 itself is checked by the sweeps.
  if (!response.redirected) {
    checkAnswer({ method, path, status: response.status, contentType: response.headers.get('content-type'), text });
  }
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // keep text
  }
  return { status: response.status, headers: response.headers, body: parsed as T };
}

const tokens = new Map<string, { token: string; refresh_token: string }>();

/** Signs a demo user in once per test file and reuses the tokens. */
export async function signIn(login: string, password = DEMO_PASSWORD) {
  const cached = tokens.get(login);
  if (cached) return cached;
  const response = await call<{ token: string; refresh_token: string }>('POST', '/user/sign-in', {
    body: { email: login, password },
  });
  if (response.status !== 200) throw new Error(`sign-in of ${login} failed: ${JSON.stringify(response.body)}`);
  tokens.set(login, response.body);
  return response.body;
}

export const tokenOf = async (login: string) => (await signIn(login)).token;
