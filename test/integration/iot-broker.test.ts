import { gatewayUplinkTopic } from '../../functions/lib/pipeline/topics';
import { mqttJson } from '../../scripts/simulate/bodies';
import { call, tokenOf } from '../harness/api';
import { foreignRefusals } from '../harness/rejections';
import { connectAs, connectError, connectPlain, provision, publishOutcome } from '../harness/things';
import { waitFor } from '../harness/uplinks';

/**
 * MQTT uplinks are bound to their publisher. The local broker holds every client to the
 * IoT policies CDK deploys (infra/iot-policies.ts) over mutual TLS: a device thing publishes only its own
 * topic, a gateway only for its own tenant, nobody reaches a rule through `$aws/rules/…`, and the gateway
 * rule's ingest keeps only the topic tenant's tags.
 */
type Asset = {
  id: number;
  devices: { dev_eui: string }[];
  last_event: { date: string; latitude: number | null; longitude: number | null } | null;
};

const DEMO_TENANT = '1';
const ACME_TENANT = '2';
/** An uplink `minutesAhead` from now, a few metres from where `near` was last seen (plausible for it). */
const uplinkOf = (devEui: string, minutesAhead: number, near?: Asset) =>
  mqttJson({
    devEui,
    at: new Date(Math.floor(Date.now() / 1000) * 1000 + minutesAhead * 60_000),
    payload: {
      eventType: 'moving',
      fix: {
        latitude: (near?.last_event?.latitude ?? 52.3) + 0.0002,
        longitude: near?.last_event?.longitude ?? 4.9,
        accuracy: 10,
      },
    },
  });

/** A tagged asset of the tenant, from the middle of its list (the pipeline tests take the last ones). */
async function taggedAsset(login: string): Promise<Asset> {
  const list = await call<{ 'hydra:member': Asset[] }>('GET', '/api/assets?itemsPerPage=30', {
    token: await tokenOf(login),
  });
  const tagged = list.body['hydra:member'].filter((asset) => asset.devices[0]);
  return tagged[Math.floor(tagged.length / 2)] as Asset;
}

describe('the MQTT broker binds uplinks to their publisher', () => {
  it('refuses a client without a certificate, on plain MQTT and on TLS', async () => {
    expect(await connectError(connectPlain)).toBeDefined();
    const error = await connectError(() => connectAs({ thingName: 'A41163C2DEADBEEF' }));
    expect(error?.message).toMatch(/Not authorized/i);
  });

  it('refuses a device thing that connects with another thing name as its client id', async () => {
    const a = await provision({ kind: 'device', devEui: 'A41163C200000A01' });
    await provision({ kind: 'device', devEui: 'A41163C200000B01' });
    expect((await connectError(() => connectAs(a, 'A41163C200000B01')))?.message).toMatch(/Not authorized/i);
  });

  it("refuses device A publishing to device B's topic and accepts its own", async () => {
    const a = await provision({ kind: 'device', devEui: 'A41163C200000A02' });
    const own = await connectAs(a);
    expect(await publishOutcome(own, 'tracking/A41163C200000A02/uplink', uplinkOf('A41163C200000A02', 1))).toBe(
      'accepted',
    );
    expect(await publishOutcome(own, 'tracking/A41163C200000B02/uplink', uplinkOf('A41163C200000B02', 1))).toBe(
      'refused',
    );
    await own.endAsync(true);
  });

  it('refuses direct publishing to $aws/rules/… (Basic Ingest) for devices and gateways', async () => {
    const device = await provision({ kind: 'device', devEui: 'A41163C200000A03' });
    const gateway = await provision({ kind: 'gateway', thingName: 'gw-2-basic-ingest', tenantId: ACME_TENANT });
    for (const credentials of [device, gateway]) {
      const client = await connectAs(credentials);
      const topic = '$aws/rules/tracking_local_mqtt_uplink';
      expect(await publishOutcome(client, topic, uplinkOf('A41163C200000A03', 1))).toBe('refused');
      await client.endAsync(true);
    }
  });

  it("refuses a gateway of tenant acme publishing for tenant demo's topic and accepts its own tenant's", async () => {
    const credentials = await provision({ kind: 'gateway', thingName: 'gw-2-attack', tenantId: ACME_TENANT });
    const demoTag = (await taggedAsset('admin')).devices[0]?.dev_eui as string;
    const client = await connectAs(credentials);
    expect(await publishOutcome(client, gatewayUplinkTopic(DEMO_TENANT, demoTag), uplinkOf(demoTag, 1))).toBe(
      'refused',
    );
    const again = await connectAs(credentials);
    const ownTopic = gatewayUplinkTopic(ACME_TENANT, 'A41163C200000A04');
    expect(await publishOutcome(again, ownTopic, uplinkOf('A41163C200000A04', 1))).toBe('accepted');
    // A tag's own topic is not a gateway's: a gateway cannot pose as a device either.
    expect(await publishOutcome(again, `tracking/${demoTag}/uplink`, uplinkOf(demoTag, 1))).toBe('refused');
    await again.endAsync(true);
  });

  it("drops a gateway's uplink for another tenant's tag under its own tenant's topic", async () => {
    const gateway = await provision({ kind: 'gateway', thingName: 'gw-1-binding', tenantId: DEMO_TENANT });
    const acmeAsset = await taggedAsset('acme-admin');
    const demoAsset = await taggedAsset('admin');
    const acmeTag = acmeAsset.devices[0]?.dev_eui as string;
    const demoTag = demoAsset.devices[0]?.dev_eui as string;
    const counted = (await foreignRefusals(DEMO_TENANT)).total;
    const client = await connectAs(gateway);
    // The broker lets it through (the tenant level is the gateway's own); the gateway rule's ingest must not.
    expect(
      await publishOutcome(client, gatewayUplinkTopic(DEMO_TENANT, acmeTag), uplinkOf(acmeTag, 3, acmeAsset)),
    ).toBe('accepted');
    const own = uplinkOf(demoTag, 4, demoAsset);
    expect(await publishOutcome(client, gatewayUplinkTopic(DEMO_TENANT, demoTag), own)).toBe('accepted');
    await client.endAsync(true);
    // The rules run one message after the other: once the second is on its asset, the first was decided.
    const admin = await tokenOf('admin');
    await waitFor(
      async () => (await call<Asset>('GET', `/api/assets/${demoAsset.id}`, { token: admin })).body,
      (asset) => asset.last_event?.date === new Date(own.time as string).toISOString(),
    );
    // The gateway's uplinks carry its tenant: the ingest refuses the acme tag and counts it for demo (read before
    // the own uplink, which the rules handled after it).
    expect((await foreignRefusals(DEMO_TENANT)).total).toBeGreaterThan(counted);
    const acme = await call<Asset>('GET', `/api/assets/${acmeAsset.id}`, { token: await tokenOf('acme-admin') });
    expect(acme.body.last_event?.date).toBe(acmeAsset.last_event?.date);
  });
});
