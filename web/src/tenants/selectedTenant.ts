import { useSyncExternalStore } from 'react';

/**
 * The tenant a super admin switched to (spec 001 s.3 'selected tenant', s.4). Remembered in localStorage;
 * while set, the API client sends `X-Tenant-Id` on every call and the server acts in that tenant.
 * `selectedBy` is the user who chose it, so another user signing in on this browser never inherits it.
 */
export interface SelectedTenant {
  id: number;
  company: string;
  subdomain: string;
  selectedBy: number;
}

export const SELECTED_TENANT_KEY = 'selectedTenant';
const listeners = new Set<() => void>();

function read(): SelectedTenant | null {
  try {
    const raw = window.localStorage.getItem(SELECTED_TENANT_KEY);
    const parsed = raw ? (JSON.parse(raw) as SelectedTenant) : null;
    return parsed && Number.isInteger(parsed.id) ? parsed : null;
  } catch {
    return null;
  }
}

let current: SelectedTenant | null = typeof window === 'undefined' ? null : read();

export const selectedTenant = (): SelectedTenant | null => current;

/** The id the API client puts in X-Tenant-Id, or null while the user acts in their own tenant. */
export const selectedTenantId = (): number | null => current?.id ?? null;

export function selectTenant(tenant: SelectedTenant | null): void {
  current = tenant;
  try {
    if (tenant) window.localStorage.setItem(SELECTED_TENANT_KEY, JSON.stringify(tenant));
    else window.localStorage.removeItem(SELECTED_TENANT_KEY);
  } catch {
    // Without storage the selection lasts for this page only.
  }
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useSelectedTenant = () => useSyncExternalStore(subscribe, selectedTenant, selectedTenant);
