import {
  AttachPolicyCommand,
  AttachThingPrincipalCommand,
  CreateKeysAndCertificateCommand,
  CreateThingCommand,
  IoTClient,
} from '@aws-sdk/client-iot';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import { iotPolicyName, TENANT_ATTRIBUTE } from '../../infra/iot-policies';
import { HOST, REGION } from './config';
import { LOCAL_STAGE, LORAWAN_DESTINATION_POLICY } from './iot-registry';

/**
 * How the simulator, the benchmarks and the tests publish on the local broker: as things of the local IoT
 * registry, provisioned through the IoT control-plane stand-in with the same SDK calls an operator (or the
 * gateways API) makes on AWS, and connected over mutual TLS with the thing's own certificate. They are held
 * to the same policies as any device: a device thing publishes only its own topic, a gateway only its tenant's.
 */
export interface ThingCredentials {
  thingName: string;
  certificatePem: string;
  privateKey: string;
}

export type LocalThingKind =
  | { kind: 'device'; devEui: string }
  | { kind: 'gateway'; thingName: string; tenantId: string }
  | { kind: 'lorawan-destination' };

const iotClient = (iotPort: number) =>
  new IoTClient({
    region: REGION,
    endpoint: `http://${HOST}:${iotPort}`,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });

function thingOf(thing: LocalThingKind): { name: string; policy: string; attributes: Record<string, string> } {
  if (thing.kind === 'device')
    return { name: thing.devEui, policy: iotPolicyName(LOCAL_STAGE, 'device'), attributes: {} };
  if (thing.kind === 'gateway')
    return {
      name: thing.thingName,
      policy: iotPolicyName(LOCAL_STAGE, 'gateway'),
      attributes: { [TENANT_ATTRIBUTE]: thing.tenantId },
    };
  return { name: 'local-lorawan-destination', policy: LORAWAN_DESTINATION_POLICY, attributes: {} };
}

/** A thing (created if missing) with a new active certificate attached to it and to its kind's policy. */
export async function provisionLocalThing(iotPort: number, thing: LocalThingKind): Promise<ThingCredentials> {
  const { name, policy, attributes } = thingOf(thing);
  const iot = iotClient(iotPort);
  await iot.send(new CreateThingCommand({ thingName: name, attributePayload: { attributes } }));
  const certificate = await iot.send(new CreateKeysAndCertificateCommand({ setAsActive: true }));
  const principal = certificate.certificateArn as string;
  await iot.send(new AttachPolicyCommand({ policyName: policy, target: principal }));
  await iot.send(new AttachThingPrincipalCommand({ thingName: name, principal }));
  return {
    thingName: name,
    certificatePem: certificate.certificatePem as string,
    privateKey: certificate.keyPair?.PrivateKey as string,
  };
}

/**
 * Connects over mutual TLS as `credentials` (client id = thing name unless `clientId` says otherwise). The
 * local broker's certificate is self-signed, so it is not verified (AWS's is, against Amazon's root CA).
 */
export function connectAsThing(
  mqttPort: number,
  credentials: Partial<ThingCredentials>,
  options: IClientOptions = {},
): Promise<MqttClient> {
  return mqtt.connectAsync(`mqtts://${HOST}:${mqttPort}`, {
    clientId: credentials.thingName,
    key: credentials.privateKey,
    cert: credentials.certificatePem,
    rejectUnauthorized: false,
    reconnectPeriod: 0,
    ...options,
  });
}

/** Credentials per thing name, provisioned once per process. */
export function thingCredentialsCache(iotPort: () => number) {
  const cache = new Map<string, Promise<ThingCredentials>>();
  return (thing: LocalThingKind) => {
    const key = JSON.stringify(thing);
    let credentials = cache.get(key);
    if (!credentials) {
      credentials = provisionLocalThing(iotPort(), thing);
      cache.set(key, credentials);
      credentials.catch(() => cache.delete(key));
    }
    return credentials;
  };
}
