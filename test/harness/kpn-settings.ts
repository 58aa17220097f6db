import { KPN_DEMO } from '../../scripts/local/kpn-things';
import { call } from './api';

/** A user's token, or a super admin's token with the headers that act in a tenant (own-tenant.ts). */
type Caller = string | { token: string; headers?: Record<string, string> };

/**
 * A tenant's KPN Things destination set up and taken down through the API, so a test file that needs one
 * leaves nothing another file could trip over: no deletes behind the API's back (the settings have no DELETE
 * route), and no file expects a seeded tenant without KPN settings (those use a tenant of their own). The
 * credentials are the local KPN stand-in's valid ones (as seeded), so the tenant's device count and verify keep
 * working for files that run later (the permission sweep calls them as super admin).
 */
export async function saveKpnDestination(caller: Caller, plug: string, secret: string) {
  const as = typeof caller === 'string' ? { token: caller } : caller;
  const settings = await call<{ version: number | null }>('GET', '/api/kpn-things', as);
  const saved = await call('PUT', '/api/kpn-things', {
    ...as,
    body: {
      ...KPN_DEMO,
      things_plug_uuid: plug,
      things_shared_secret: secret,
      version: settings.body.version,
    },
  });
  expect(saved.status).toBe(200);
}

const FIELDS = ['client_id', 'kpn_tenant_id', 'application_id', 'project_id', 'device_group_id'] as const;

/** Releases the tenant's plug UUID (the settings keep their stored secrets): its webhook answers 403 again. */
export async function releaseKpnDestination(token: string) {
  type Read = Record<(typeof FIELDS)[number], string> & { things_plug_uuid: string | null; version: number | null };
  const { body: read } = await call<Read>('GET', '/api/kpn-things', { token });
  if (read.version === null || read.things_plug_uuid === null) return;
  const kept = Object.fromEntries(FIELDS.map((field) => [field, read[field]]));
  const released = await call('PUT', '/api/kpn-things', {
    token,
    body: { ...kept, client_secret: '', things_plug_uuid: null, things_shared_secret: '', version: read.version },
  });
  expect(released.status).toBe(200);
}
