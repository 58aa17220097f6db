import { randomBytes } from 'node:crypto';
import { DIMENSION, METRIC, METRIC_SERVICES, metricsNamespace } from '../../functions/lib/observability/names';
import { kpnHeaders } from '../../scripts/simulate/bodies';
import { call } from '../harness/api';
import { emfLinesSince, emfLineWith, stackOutputOffset } from '../harness/emf';
import { saveKpnDestination } from '../harness/kpn-settings';
import { createOwnTenant, type OwnTenant, removeOwnTenant } from '../harness/own-tenant';

/**
 * The handlers of the local stack print their metrics as CloudWatch EMF lines on the stack's
 * stdout (the harness keeps it in a file, test/harness/stack.ts). An uplink accepted and two refused (one by
 * the way in, one by the processor) through the KPN webhook, in a tenant of this file's own; the lines are
 * looked for after this file's own start in the output, by name and dimensions.
 */
const PLUG = `7c2e${randomBytes(2).toString('hex')}-3d4f-4a51-8b62-8c9d0e1f2031`;
const SECRET = 'Metrics-Test-Shared-Secret-2026!#';
const HOME = { latitude: 51.794884, longitude: 4.681233 };

let tenant: OwnTenant;
let from = 0;
const api = <T = Record<string, unknown>>(method: string, path: string, body?: unknown) =>
  call<T>(method, path, { ...tenant.superAdmin, ...(body === undefined ? {} : { body }) });

const emfLines = () => emfLinesSince(from);
const lineWith = (metric: string, dimensions: Record<string, string>) => emfLineWith(from, metric, dimensions);

async function sendKpnBody(body: string) {
  const response = await call('POST', '/api/things/uplink', { rawBody: body, headers: kpnHeaders(body, PLUG, SECRET) });
  expect(response.status).toBe(202);
}

const records = (devEui: string, at: Date, extra: object[] = []) =>
  JSON.stringify([
    { bn: `urn:dev:DEVEUI:${devEui}:`, bt: Math.floor(at.getTime() / 1000) },
    { n: 'locOrigin', vs: 'KPNLORA' },
    { n: 'latitude', u: 'lat', v: HOME.latitude },
    { n: 'longitude', u: 'lon', v: HOME.longitude },
    { n: 'radius', u: 'm', v: 100 },
    ...extra,
  ]);

beforeAll(async () => {
  from = stackOutputOffset();
  tenant = await createOwnTenant('Metrics');
  await saveKpnDestination(tenant.superAdmin, PLUG, SECRET);
});

afterAll(() => removeOwnTenant(tenant));

describe('EMF metric lines of the local stack', () => {
  let devEui: string;

  it('counts an accepted uplink by way in, with the processor lag, in the stage namespace', async () => {
    devEui = randomBytes(8).toString('hex').toUpperCase();
    const device = await api<{ id: number }>('POST', '/api/devices', { name: 'Metrics tag', dev_eui: devEui });
    expect(device.status).toBe(201);
    await sendKpnBody(records(devEui, new Date(Date.now() - 60_000)));
    const queued = await lineWith(METRIC.uplinksQueued, { service: METRIC_SERVICES.uplinks, WayIn: 'kpn' });
    expect(queued._aws.CloudWatchMetrics[0]?.Namespace).toBe(metricsNamespace('local'));
    const accepted = await lineWith(METRIC.uplinksAccepted, { service: METRIC_SERVICES.uplinks, WayIn: 'kpn' });
    expect(accepted[METRIC.processorLag]).toEqual(expect.anything());
    expect(accepted._aws.CloudWatchMetrics[0]).toMatchObject({
      Dimensions: [['service', DIMENSION.wayIn], ['service']],
      Metrics: expect.arrayContaining([{ Name: METRIC.processorLag, Unit: 'Milliseconds' }]),
    });
  });

  it('counts a refusal of the way in and one of the processor by way in and closed reason', async () => {
    await sendKpnBody('this is not SenML');
    const unreadable = await lineWith(METRIC.uplinksRejected, { WayIn: 'kpn', Reason: 'unreadable' });
    expect(unreadable._aws.CloudWatchMetrics[0]?.Dimensions).toEqual([
      ['service', DIMENSION.wayIn, DIMENSION.reason],
      ['service', DIMENSION.wayIn],
      ['service'],
    ]);
    // Measured an hour after its receipt: the processor refuses it (docs/decisions/0215).
    await sendKpnBody(records(devEui, new Date(Date.now() + 3_600_000)));
    await lineWith(METRIC.uplinksRejected, { WayIn: 'kpn', Reason: 'impossible-time' });
  });

  it('never puts a tenant, a DEVEUI or free text into a dimension', () => {
    const lines = emfLines();
    expect(lines.length).toBeGreaterThanOrEqual(3);
    const allowed = new Set(['service', ...Object.values(DIMENSION)]);
    for (const line of lines) {
      const names = new Set(line._aws.CloudWatchMetrics.flatMap((m) => m.Dimensions.flat()));
      for (const name of names) {
        expect(allowed).toContain(name);
        expect([name, line[name]]).toEqual([name, expect.stringMatching(/^[a-zA-Z-]{2,20}$/)]);
        expect([String(tenant.tenantId), devEui]).not.toContain(line[name]);
      }
    }
  });
});
