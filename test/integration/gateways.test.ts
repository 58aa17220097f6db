import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gatewayUplinkTopic } from '../../functions/lib/pipeline/topics';
import { GATEWAY_EUI_INVALID, GATEWAY_EUI_REQUIRED, GATEWAY_EUI_TAKEN } from '../../shared/schemas/gateway';
import { call, tokenOf } from '../harness/api';
import { readStack } from '../harness/stack';
import { connectAs, connectError, publishOutcome } from '../harness/things';

/**
 * Gateways are IoT things the product provisions. Registering one answers its credentials
 * once (never readable again), the certificate connects only as that thing and publishes only for its
 * tenant, and deleting the gateway revokes it.
 */
interface Credentials {
  certificate_pem: string;
  private_key: string;
  endpoint: string;
  client_id: string;
  topic: string;
}
interface Gateway {
  '@id': string;
  id: number;
  name: string;
  gateway_eui: string;
  thing_name: string;
  topic: string;
  version: number;
  credentials?: Credentials;
}
type Violations = { violations: { propertyPath: string; message: string }[] };

let euiCounter = 0;
/** A fresh EUI per registration, different per run (the stack's data folder is fresh, the registry too). */
const nextEui = () =>
  `B827EB00${String(++euiCounter).padStart(4, '0')}${String(process.pid % 10_000).padStart(4, '0')}`;

async function register(login: string, name = 'Roof gateway', eui = nextEui()) {
  const response = await call<Gateway>('POST', '/api/gateways', {
    token: await tokenOf(login),
    body: { name, gateway_eui: eui },
  });
  expect(response.status).toBe(201);
  return response.body;
}

/** The registry the local IoT control plane keeps (the local data folder), for what it must never hold. */
const registryText = () => readFileSync(path.join(readStack().dataDir, 'iot', 'registry.json'), 'utf8');

describe('gateways as IoT things of their tenant', () => {
  it('registers a gateway and answers its credentials once; GET never returns the private key', async () => {
    const gateway = await register('admin', 'Yard gateway', 'b8-27-eb-00-00-00-00-01');
    expect(gateway).toMatchObject({ name: 'Yard gateway', gateway_eui: 'B827EB0000000001', version: 1 });
    expect(gateway.thing_name).toBe('gw-1-B827EB0000000001');
    const credentials = gateway.credentials as Credentials;
    expect(credentials.private_key).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    expect(new X509Certificate(credentials.certificate_pem).subject).toBeTruthy();
    expect(credentials).toMatchObject({ client_id: gateway.thing_name, topic: gatewayUplinkTopic('1', '<DEVEUI>') });
    expect(credentials.endpoint).toMatch(/^mqtts:\/\/.+:\d+$/);

    const token = await tokenOf('admin');
    const one = await call<Gateway>('GET', `/api/gateways/${gateway.id}`, { token });
    const list = await call<{ 'hydra:member': Gateway[] }>('GET', '/api/gateways', { token });
    expect(one.status).toBe(200);
    expect(one.body).not.toHaveProperty('credentials');
    expect(list.body['hydra:member'].find((g) => g.id === gateway.id)).toMatchObject({ name: 'Yard gateway' });
    for (const answer of [JSON.stringify(one.body), JSON.stringify(list.body), registryText()])
      expect(answer).not.toContain(credentials.private_key.split('\n')[1]);
  });

  it('gives the gateway a certificate that publishes only for its own tenant', async () => {
    const gateway = await register('acme-admin', 'Acme depot');
    const credentials = gateway.credentials as Credentials;
    const thing = {
      thingName: credentials.client_id,
      certificatePem: credentials.certificate_pem,
      privateKey: credentials.private_key,
    };
    const client = await connectAs(thing);
    expect(
      await publishOutcome(client, gatewayUplinkTopic('2', 'A41163C2000000C1'), { devEui: 'A41163C2000000C1' }),
    ).toBe('accepted');
    expect(
      await publishOutcome(client, gatewayUplinkTopic('1', 'A41163C2000000C1'), { devEui: 'A41163C2000000C1' }),
    ).toBe('refused');
    // Only as its own thing: the certificate with another client id is refused at CONNECT.
    expect((await connectError(() => connectAs(thing, 'gw-2-SOMEONEELSE')))?.message).toMatch(/Not authorized/i);
  });

  it('revokes the certificate and removes the thing on delete', async () => {
    const gateway = await register('admin', 'Temporary gateway');
    const credentials = gateway.credentials as Credentials;
    const thing = {
      thingName: credentials.client_id,
      certificatePem: credentials.certificate_pem,
      privateKey: credentials.private_key,
    };
    expect(await connectError(() => connectAs(thing))).toBeUndefined();

    const token = await tokenOf('admin');
    expect((await call('DELETE', `/api/gateways/${gateway.id}`, { token })).status).toBe(204);
    expect((await call('GET', `/api/gateways/${gateway.id}`, { token })).status).toBe(404);
    expect((await connectError(() => connectAs(thing)))?.message).toMatch(/Not authorized/i);
    expect(registryText()).not.toContain(gateway.thing_name);
    // The EUI is free again.
    await register('admin', 'Temporary gateway again', gateway.gateway_eui);
  });

  it("keeps tenants apart: another tenant's admin neither sees nor deletes the gateway", async () => {
    const gateway = await register('admin', 'Demo only');
    const acme = await tokenOf('acme-admin');
    expect((await call('GET', `/api/gateways/${gateway.id}`, { token: acme })).status).toBe(404);
    expect((await call('DELETE', `/api/gateways/${gateway.id}`, { token: acme })).status).toBe(404);
    const acmeList = await call<{ 'hydra:member': Gateway[] }>('GET', '/api/gateways', { token: acme });
    expect(acmeList.body['hydra:member'].map((g) => g.thing_name)).not.toContain(gateway.thing_name);
    expect((await call('GET', `/api/gateways/${gateway.id}`, { token: await tokenOf('admin') })).status).toBe(200);
  });

  it('answers each validation message, a taken EUI, 401 without a token and 403 to non-admins', async () => {
    const token = await tokenOf('admin');
    const post = (body: unknown, with_ = token) => call<Violations>('POST', '/api/gateways', { token: with_, body });
    const messages = async (body: unknown) =>
      (await post(body)).body.violations.map((v) => [v.propertyPath, v.message]);
    expect(await messages({ name: 'x' })).toEqual([['gateway_eui', GATEWAY_EUI_REQUIRED]]);
    expect(await messages({ name: 'x', gateway_eui: 'not-hex' })).toEqual([['gateway_eui', GATEWAY_EUI_INVALID]]);
    expect(await messages({ name: ' ', gateway_eui: nextEui() })).toEqual([['name', 'The name is required']]);
    const taken = await register('admin');
    expect(await messages({ name: 'Twin', gateway_eui: taken.gateway_eui })).toEqual([
      ['gateway_eui', GATEWAY_EUI_TAKEN],
    ]);
    // Another tenant may have a gateway with the same EUI (thing names carry the tenant id).
    await register('acme-admin', 'Acme twin', taken.gateway_eui);

    expect((await call('GET', '/api/gateways')).status).toBe(401);
    for (const login of ['user', 'client', 'transporter', 'manager', 'acme-user']) {
      const other = await tokenOf(login);
      expect((await call('GET', '/api/gateways', { token: other })).status).toBe(403);
      expect((await post({ name: 'x', gateway_eui: nextEui() }, other)).status).toBe(403);
    }
  });
});
