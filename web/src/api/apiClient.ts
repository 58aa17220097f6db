import { selectedTenantId } from '../tenants/selectedTenant';
import { ApiError } from './ApiError';
import { apiBaseUrl } from './runtimeConfig';

type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain value is sent as JSON; FormData (uploads) as multipart. */
  body?: unknown;
  /** Appended as a query string; null and undefined values are left out. */
  query?: Record<string, QueryValue | readonly QueryValue[]>;
  signal?: AbortSignal;
  /** false for the public session calls (sign-in, verify): no token, no refresh on 401. */
  auth?: boolean;
  /** Extra request headers, e.g. If-None-Match for a conditional read (a 304 then throws ApiError 304). */
  headers?: Record<string, string>;
}

/** Registered by the session: where the token comes from and how to renew it once it has expired. */
export interface AuthHooks {
  token(): string | null;
  /** Renews the token with the refresh token; resolves false when the session could not be renewed. */
  refresh(): Promise<boolean>;
}

let authHooks: AuthHooks | null = null;

export function registerAuthHooks(hooks: AuthHooks | null) {
  authHooks = hooks;
}

export function apiUrl(path: string, query?: RequestOptions['query']): string {
  const url = new URL(`${apiBaseUrl()}${path.startsWith('/') ? path : `/${path}`}`);
  for (const [key, value] of Object.entries(query ?? {})) {
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) if (item !== null && item !== undefined) url.searchParams.append(key, String(item));
  }
  return url.toString();
}

/**
 * fetch for the API: JSON in and out, `Authorization: Bearer <token>`, one token renewal and retry on a 401,
 * and every failure thrown as an ApiError.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return parseBody<T>(await sendRequest(path, options));
}

/** apiRequest with the response headers, for the few answers that carry metadata there (x-total-exact). */
export async function apiRequestWithHeaders<T>(
  path: string,
  options: RequestOptions = {},
): Promise<{ body: T; headers: Headers }> {
  const response = await sendRequest(path, options);
  return { body: await parseBody<T>(response), headers: response.headers };
}

async function sendRequest(path: string, options: RequestOptions): Promise<Response> {
  const { method = 'GET', body, query, signal, auth = true } = options;
  const send = async () => {
    const headers = new Headers({ ...options.headers, Accept: 'application/ld+json, application/json' });
    const token = auth ? authHooks?.token() : null;
    if (token) headers.set('Authorization', `Bearer ${token}`);
    // A super admin who switched tenants acts in that tenant (spec 001 s.4; the server checks the role).
    const tenantId = token ? selectedTenantId() : null;
    if (tenantId !== null) headers.set('X-Tenant-Id', String(tenantId));
    const isForm = body instanceof FormData;
    if (body !== undefined && !isForm) headers.set('Content-Type', 'application/json');
    const payload = body === undefined || isForm ? (body as FormData | undefined) : JSON.stringify(body);
    try {
      return await fetch(apiUrl(path, query), { method, headers, body: payload, signal });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new ApiError(0, '');
    }
  };

  let response = await send();
  if (response.status === 401 && auth && authHooks?.token() && (await authHooks.refresh())) {
    response = await send();
  }
  if (!response.ok) throw await ApiError.fromResponse(response);
  return response;
}

async function parseBody<T>(response: Response): Promise<T> {
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text === '' ? undefined : JSON.parse(text)) as T;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => apiRequest<T>(path, options),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  delete: <T = void>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};
