import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { LORAWAN_UPLINK_TOPIC } from '../../functions/lib/pipeline/topics';
import { IOT_POLICIES, type IotPolicyDocument, iotPolicyName } from '../../infra/iot-policies';
import { dataDir, REGION } from './config';

/**
 * The local IoT registry: things, certificates and which policies are attached to which certificate, kept in
 * `<data dir>/iot/registry.json` (never a private key). The IoT control-plane stand-in (iot-service.ts)
 * writes it, the broker (mqtt-broker.ts) reads it on every CONNECT and PUBLISH and evaluates the policies
 * as IoT Core does (iot-policy-check.ts).
 */
export const LOCAL_ACCOUNT = '000000000000';
export const LOCAL_STAGE = 'local';
export const arnOf = (resource: string) => `arn:aws:iot:${REGION}:${LOCAL_ACCOUNT}:${resource}`;

/**
 * On AWS IoT Core for LoRaWAN hands uplinks to its rule through a destination, not a topic; locally its
 * stand-in publishes on LORAWAN_UPLINK_TOPIC, and only a thing with this local-only policy may.
 */
export const LORAWAN_DESTINATION_POLICY = 'tracking-local-lorawan-destination';
const LORAWAN_DESTINATION_DOCUMENT: IotPolicyDocument = {
  Version: '2012-10-17',
  Statement: [
    IOT_POLICIES.device.Statement[0] as IotPolicyDocument['Statement'][number],
    { Effect: 'Allow', Action: ['iot:Publish'], Resource: [`topic/${LORAWAN_UPLINK_TOPIC}`] },
  ],
};

/** The policies the local account has: the stage's two from infra/ (as CDK creates them) and the local one. */
export const LOCAL_POLICIES: Record<string, IotPolicyDocument> = {
  [iotPolicyName(LOCAL_STAGE, 'device')]: IOT_POLICIES.device,
  [iotPolicyName(LOCAL_STAGE, 'gateway')]: IOT_POLICIES.gateway,
  [LORAWAN_DESTINATION_POLICY]: LORAWAN_DESTINATION_DOCUMENT,
};

export interface LocalThing {
  thingName: string;
  thingId: string;
  attributes: Record<string, string>;
  /** Certificate ARNs attached with AttachThingPrincipal. */
  principals: string[];
}
export interface LocalCertificate {
  certificateId: string;
  certificateArn: string;
  certificatePem: string;
  status: 'ACTIVE' | 'INACTIVE' | 'REVOKED';
  /** Policy names attached with AttachPolicy. */
  policies: string[];
}
interface RegistryData {
  things: Record<string, LocalThing>;
  certificates: Record<string, LocalCertificate>;
}

export interface IotRegistry {
  read(): RegistryData;
  /** Applies `change` to the stored registry and writes it back (one process, so no lost update). */
  write<T>(change: (data: RegistryData) => T): T;
}

export function openIotRegistry(directory = path.join(dataDir(), 'iot')): IotRegistry {
  mkdirSync(directory, { recursive: true });
  const file = path.join(directory, 'registry.json');
  const load = (): RegistryData =>
    existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as RegistryData) : { things: {}, certificates: {} };
  // The broker reads on every CONNECT and PUBLISH: one parse per change, not per message. Only this process
  // writes the file while the stack runs (the control plane and the broker share this object).
  let cached: RegistryData | undefined;
  const read = () => {
    cached ??= load();
    return structuredClone(cached);
  };
  return {
    read,
    write(change) {
      const data = load();
      const result = change(data);
      writeFileSync(file, JSON.stringify(data, null, 2));
      cached = data;
      return result;
    },
  };
}

export const newThing = (thingName: string, attributes: Record<string, string>): LocalThing => ({
  thingName,
  thingId: randomUUID(),
  attributes,
  principals: [],
});
