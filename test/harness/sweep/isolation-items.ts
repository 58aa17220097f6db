import { handlerEnvironment, type PortName } from '../../../scripts/local/config';
import { DEFAULT_COLORS } from '../../../shared/schemas/settings';
import { tokenOf } from '../api';
import { readStack } from '../stack';
import { membersOf, send } from './client';

/**
 * What the isolation sweep makes in demo and acme so every id route has ids of one tenant only to try:
 * kinds the seed numbers alike in every tenant (roles), kinds in no list (export jobs) and kinds the seed
 * has none of (an asset's attachment and sent alarm, a customer's user in acme, a frontend setting, a rental
 * contract line).
 * Everything with a DELETE route is deleted again in removeOwnItems.
 */
export interface OwnItems {
  /** API credentials, per login. */
  credentials: [string, number | string][];
  /** Export job paths, per login (in no list: the sweep records them itself). */
  exportJobs: [string, string][];
  /** Bulk edit job paths, per login (in no list either), of assets and of devices. */
  bulkEditJobs: [string, string][];
  /** Attachment paths, per login (an asset answers its attachments without a path: recorded the same way). */
  attachments: [string, string][];
  assets: [string, number][];
  clientUsers: [string, string][];
  /** Device profiles: the tenant's own ids start at 101 in both tenants, the empty tenant has none. */
  deviceProfiles: [string, number][];
  /** Webhook endpoints: the seed has none. */
  webhookEndpoints: [string, number][];
  /** A delivery of each (its test event), by path: the log answers no entity paths. */
  webhookDeliveries: [string, string][];
  /** Report subscriptions: the seed has none. */
  reportSubscriptions: [string, number][];
  /** Share links of the asset made here: the seed has none (revoked again, they have no DELETE route). */
  shareLinks: [string, number][];
}

const LOGINS = ['admin', 'acme-admin'] as const;
const TENANT_OF: Record<(typeof LOGINS)[number], number> = { admin: 1, 'acme-admin': 2 };

async function created(login: string, path: string, body?: object, expected = body ? [201] : [202]) {
  const answer = await send({ method: 'POST', path, token: await tokenOf(login), body: JSON.stringify(body ?? {}) });
  if (!expected.includes(answer.status)) throw new Error(`POST ${path} as ${login}: ${answer.status} ${answer.text}`);
  return answer.json as { id: number | string; version?: number };
}

/** An attachment on the asset through the console's own way: ticket, upload to the local S3, register. */
async function attach(login: string, assetId: number) {
  const token = await tokenOf(login);
  const query = new URLSearchParams({ assetId: String(assetId), filename: 'sweep.csv', contentType: 'text/csv' });
  const bytes = new TextEncoder().encode('id\n1\n');
  query.set('size', String(bytes.length));
  const ticket = (await send({ method: 'GET', path: `/api/aws/s3?${query}`, token })).json as {
    url: string;
    fields: Record<string, string>;
    object_key: string;
  };
  const form = new FormData();
  for (const [name, value] of Object.entries(ticket.fields)) form.append(name, value);
  form.append('file', new Blob([bytes]), 'upload');
  const uploaded = await fetch(ticket.url, { method: 'POST', body: form });
  if (uploaded.status !== 204) throw new Error(`upload for asset ${assetId}: ${uploaded.status}`);
  const asset = (await send({ method: 'GET', path: `/api/assets/${assetId}`, token })).json as { version: number };
  const body = { object_key: ticket.object_key, version: asset.version };
  const attachment = await created(login, `/api/assets/${assetId}/attachments`, body);
  return `/api/assets/${assetId}/attachments/${attachment.id}`;
}

/**
 * A sent alarm on the asset, recorded by the alarm handler's own repository functions (the seed sends none,
 * and the handler needs a rule of the kind in the tenant and a mail round trip to get there). `assetId` null:
 * an alarm of a tag linked to no asset (the inbox's device acknowledgement route).
 */
async function recordAlarm(tenantId: number, assetId: number | null, zoneId?: number) {
  const stack = readStack();
  for (const [name, value] of Object.entries(stack.ports)) process.env[name as PortName] = String(value);
  Object.assign(process.env, handlerEnvironment(stack));
  const { claimSentAlarm, markSentAlarm, sentAlarmId } = await import('../../../functions/lib/alarms/sent-alarms');
  const { systemTenantContext } = await import('../../../functions/lib/data/system-context');
  const at = new Date().toISOString();
  // A zone stock alarm (no asset, device 0, its zone and a profile) for the zone acknowledgement route.
  const zone = zoneId === undefined ? {} : { zoneId, profileId: 1 };
  const event = {
    tenantId: String(tenantId),
    deviceId: zoneId === undefined ? 1 : 0,
    kind: assetId === null ? 0 : 1,
    at,
    ...zone,
  };
  const record = {
    id: sentAlarmId(event, 1),
    ...zone,
    ruleId: 1,
    ruleName: 'Isolation sweep',
    type: (assetId === null ? 0 : 1) as 0 | 1,
    assetId,
    deviceId: event.deviceId,
    devEui: '0000000000000001',
    at,
    text: 'Isolation sweep alarm',
    recipients: [],
    sentAt: null,
    acknowledgedAt: null,
    acknowledgedBy: null,
    status: 'sending' as const,
  };
  const ctx = systemTenantContext(tenantId);
  await claimSentAlarm(ctx, record);
  await markSentAlarm(ctx, record, at);
}

export async function makeOwnItems(suffix: string): Promise<OwnItems> {
  const items: OwnItems = {
    credentials: [],
    exportJobs: [],
    bulkEditJobs: [],
    attachments: [],
    assets: [],
    clientUsers: [],
    deviceProfiles: [],
    webhookEndpoints: [],
    webhookDeliveries: [],
    reportSubscriptions: [],
    shareLinks: [],
  };
  for (const login of LOGINS) {
    items.credentials.push([login, (await created(login, '/api/tokens', { name: `Isolation sweep ${suffix}` })).id]);
    // Roles have no DELETE route: these stay (no permissions, nobody holds them).
    await created(login, '/api/roles', { name: `ROLE_SWEEP_${suffix}`, role_permissions: [] });
    const job = await created(login, '/api/assets/export?type=csv');
    items.exportJobs.push([login, `/api/exports/${job.id}`]);
    for (const [target, changes] of [
      ['assets', { scheduled: null }],
      ['devices', { device_profiles: [] }],
    ] as const) {
      // An id no tenant has: the job's one row is refused, so the sweep's jobs change nothing.
      const body = { idempotency_key: `sweep-${suffix}-${target}`, selection: { ids: [999_999_999] }, changes };
      const bulk = await created(login, `/api/${target}/bulk-edit`, body, [202]);
      items.bulkEditJobs.push([login, `/api/${target}/bulk-edit/${bulk.id}`]);
    }
    const asset = Number((await created(login, '/api/assets', { name: `Isolation sweep ${suffix}` })).id);
    items.assets.push([login, asset]);
    items.attachments.push([login, await attach(login, asset)]);
    await recordAlarm(TENANT_OF[login], asset);
    await recordAlarm(TENANT_OF[login], null);
    const zones = membersOf((await send({ method: 'GET', path: '/api/geo-zones', token: await tokenOf(login) })).json);
    const zone = zones[0] as { id: number } | undefined;
    if (zone) await recordAlarm(TENANT_OF[login], null, zone.id);
    // Settings have no DELETE route: the default colours, saved once (409 when the tenant has its own already).
    const colors = Object.entries(DEFAULT_COLORS).map(([name, color]) => ({ name, color }));
    await created(login, '/api/frontend-settings', { name: 'colors', data: colors }, [201, 409]);
    const customers = membersOf(
      (await send({ method: 'GET', path: '/api/clients', token: await tokenOf(login) })).json,
    );
    const customer = (customers[0] as { id: number }).id;
    const user = await created(login, `/api/clients/${customer}/users`, {
      name: `Isolation sweep ${suffix}`,
      email: `isolation-${suffix}-${TENANT_OF[login]}@sweep.local`,
    });
    items.clientUsers.push([login, `/api/clients/${customer}/users/${user.id}`]);
    await rentalContractLine(login, `SWEEP-${suffix}-${TENANT_OF[login]}`, customer, asset);
    const profile = await created(login, '/api/device-profiles', {
      name: `Isolation sweep ${suffix}`,
      codec: 'function decodeUplink(input) { return { data: { lat: 52, lon: 5 } }; }',
      battery_unit: 'V',
      battery_low_below: 3.3,
      battery_fine_above: 3.4,
      uplink_interval_minutes: 60,
      silent_after_intervals: 3,
    });
    items.deviceProfiles.push([login, Number(profile.id)]);
    await makeWebhookEndpoint(items, login, suffix);
    const subscription = await created(login, '/api/report-subscriptions', {
      kind: 'loan-days',
      schedule: { every: 'month', day: 1, time: '06:00' },
      format: 'csv',
      language: 'en',
    });
    items.reportSubscriptions.push([login, Number(subscription.id)]);
    const expires = new Date(Date.now() + 86_400_000).toISOString();
    const link = await created(login, '/api/share-links', {
      kind: 'asset',
      asset,
      language: 'en',
      expires_at: expires,
    });
    items.shareLinks.push([login, Number(link.id)]);
  }
  return items;
}

/**
 * A rental contract line (the seed has none) of the customer and the asset made, under an external id of this
 * tenant only. DELETE cancels a line and keeps it: it stays, cancelled, found by its customer's list.
 */
async function rentalContractLine(login: string, externalId: string, customer: number, asset: number) {
  const body = { customer, asset, onHire: '2026-03-02', deliverySite: { address: 'Isolation sweep' } };
  const token = await tokenOf(login);
  const answer = await send({
    method: 'PUT',
    path: `/api/rental-contracts/${externalId}`,
    token,
    body: JSON.stringify(body),
  });
  if (answer.status !== 200)
    throw new Error(`PUT rental contract ${externalId} as ${login}: ${answer.status} ${answer.text}`);
  await send({ method: 'DELETE', path: `/api/rental-contracts/${externalId}`, token });
}

/** An endpoint on the local receiver name (nothing listens on port 9: its attempts fail) and its test event. */
async function makeWebhookEndpoint(items: OwnItems, login: string, suffix: string) {
  const endpoint = await created(login, '/api/webhook-endpoints', {
    url: `http://webhook-receiver.localhost:9/sweep-${suffix}`,
    event_types: ['zone.left'],
  });
  items.webhookEndpoints.push([login, Number(endpoint.id)]);
  const delivery = await created(login, `/api/webhook-endpoints/${endpoint.id}/test`);
  items.webhookDeliveries.push([login, `/api/webhook-endpoints/${endpoint.id}/deliveries/${delivery.id}`]);
}

/** Deletes what makeOwnItems made that has a DELETE route, and revokes its share links. */
export async function removeOwnItems(items: OwnItems | undefined): Promise<void> {
  if (!items) return;
  const remove = async (login: string, path: string) => send({ method: 'DELETE', path, token: await tokenOf(login) });
  for (const [login, id] of items.credentials) await remove(login, `/api/tokens/${id}`);
  for (const [login, path] of items.clientUsers) await remove(login, path);
  for (const [login, id] of items.assets) await remove(login, `/api/assets/${id}`);
  for (const [login, id] of items.deviceProfiles) await remove(login, `/api/device-profiles/${id}`);
  for (const [login, id] of items.webhookEndpoints) await remove(login, `/api/webhook-endpoints/${id}`);
  for (const [login, id] of items.reportSubscriptions) await remove(login, `/api/report-subscriptions/${id}`);
  for (const [login, id] of items.shareLinks)
    await send({ method: 'POST', path: `/api/share-links/${id}/revoke`, token: await tokenOf(login), body: '{}' });
}
