import { publishAlarms } from '../../functions/lib/pipeline/alarms/publish-alarms';
import type { Asset } from '../../shared/schemas/asset';
import { clientChannel, type LiveChange, staffChannel } from '../../shared/schemas/live';
import { call, tokenOf } from '../harness/api';
import { connectLive, type LiveClient } from '../harness/live';
import { readStack } from '../harness/stack';

/**
 * Alarms on the live channels: raised by the pipeline's alarm step (the alarm handler, once it has
 * recorded the alarm on the asset) and acknowledged through the API reach the staff channel and the channel of
 * the asset's customer (publisher.ts liveAlarm).
 */
type Listed = Asset & { client: { id: number } | null };
const clients: LiveClient[] = [];
let ruleId: number | undefined;

afterAll(async () => {
  for (const client of clients) client.close();
  if (ruleId) await call('DELETE', `/api/alarms/${ruleId}`, { token: await tokenOf('admin') });
});

const subscribed = async (token: string, channel: string) => {
  const client = connectLive(token);
  clients.push(client);
  expect((await client.opened).type).toBe('connection_ack');
  expect((await client.subscribe(channel)).type).toBe('subscribe_success');
  return client;
};
const alarmOf = (ack: boolean, asset?: number) => (c: LiveChange) =>
  c.t === 'alarm' && c.ack === ack && (asset === undefined || c.asset === asset);

describe('live push: alarms', () => {
  it('announces an alarm raised and acknowledged to staff and to the asset’s customer', async () => {
    const { ports } = readStack();
    Object.assign(process.env, {
      AWS_REGION: 'eu-west-1',
      EVENTBRIDGE_ENDPOINT: `http://127.0.0.1:${ports.EVENTBRIDGE_PORT}`,
      EVENT_BUS_NAME: 'tracking-pipeline',
    });
    const admin = await tokenOf('admin');
    const clientToken = await tokenOf('client');
    const visible = new Set(
      (await call<{ 'hydra:member': Listed[] }>('GET', '/api/assets?pagination=false', { token: clientToken })).body[
        'hydra:member'
      ].map((a) => a.id),
    );
    const all = (await call<{ 'hydra:member': Listed[] }>('GET', '/api/assets?pagination=false', { token: admin }))
      .body['hydra:member'];
    const own = all.find((a) => visible.has(a.id) && a.client) as Listed;
    const rule = await call<{ id: number }>('POST', '/api/alarms', {
      token: admin,
      body: {
        name: `Live alarm ${Date.now()}`,
        type: 2,
        text: 'Battery of {asset_name} low.',
        email: `live-${Date.now()}@example.com`,
      },
    });
    expect(rule.status).toBe(201);
    ruleId = rule.body.id;

    const staff = await subscribed(admin, staffChannel(1));
    const customer = await subscribed(clientToken, clientChannel(1, own.client?.id as number));
    await publishAlarms([
      {
        tenantId: '1',
        kind: 2,
        assetId: own.id,
        assetName: own.name,
        deviceId: 0,
        deviceName: null,
        devEui: '00112233445566AA',
        zoneId: null,
        zoneName: null,
        at: new Date(Date.now() - 1000).toISOString(),
        latitude: null,
        longitude: null,
      },
    ]);
    await staff.next((m) => m.type === 'data' && staff.changes().some(alarmOf(false, own.id)));
    const raised = staff.changes().find(alarmOf(false, own.id));
    expect(raised).toMatchObject({ t: 'alarm', asset: own.id, ack: false });
    await customer.next((m) => m.type === 'data' && customer.changes().some(alarmOf(false, own.id)));

    const id = (raised as { id: string }).id;
    const ack = await call('PUT', `/api/assets/${own.id}/alarms/${id}/acknowledge`, { token: admin });
    expect(ack.status).toBe(200);
    await staff.next(() => staff.changes().some((c) => c.t === 'alarm' && c.id === id && c.ack));
    await customer.next(() => customer.changes().some((c) => c.t === 'alarm' && c.id === id && c.ack));
  });
});
