import {
  AttachPolicyCommand,
  AttachThingPrincipalCommand,
  CreateKeysAndCertificateCommand,
  CreateThingCommand,
  DeleteCertificateCommand,
  DeleteThingCommand,
  DescribeEndpointCommand,
  DetachPolicyCommand,
  DetachThingPrincipalCommand,
  IoTClient,
  UpdateCertificateCommand,
} from '@aws-sdk/client-iot';
import { TENANT_ATTRIBUTE } from '../../../infra/iot-policies';
import type { TenantContext } from '../data/tenant-context';
import { localServiceConfig } from '../local-endpoints';
import { sdkClient } from '../sdk-client';

/**
 * A gateway's side in IoT Core: a thing whose `tenant` attribute is the tenant's id (the
 * gateway policy's topic variable), an active certificate made by IoT Core (its private key is in this answer
 * only), the stage's gateway policy on the certificate and the certificate on the thing. Locally the calls
 * reach scripts/local/iot-service.ts (IOT_ENDPOINT).
 */
let client: IoTClient | undefined;
const iot = () => {
  client ??= sdkClient(new IoTClient(localServiceConfig('IOT_ENDPOINT')));
  return client;
};

const gatewayPolicyName = () => {
  const name = process.env.GATEWAY_POLICY_NAME;
  if (!name) throw new Error('GATEWAY_POLICY_NAME is not set');
  return name;
};

/** Thing names are account-wide: the tenant id keeps two tenants' gateways with one EUI apart. */
export const gatewayThingName = (ctx: TenantContext, eui: string) => `gw-${ctx.tenantId}-${eui}`;

export interface ProvisionedThing {
  thingName: string;
  certificateId: string;
  certificateArn: string;
  certificatePem: string;
  privateKey: string;
}

export async function provisionGatewayThing(ctx: TenantContext, eui: string): Promise<ProvisionedThing> {
  const thingName = gatewayThingName(ctx, eui);
  await iot().send(
    new CreateThingCommand({ thingName, attributePayload: { attributes: { [TENANT_ATTRIBUTE]: ctx.tenantId } } }),
  );
  const certificate = await iot().send(new CreateKeysAndCertificateCommand({ setAsActive: true }));
  const provisioned = {
    thingName,
    certificateId: certificate.certificateId as string,
    certificateArn: certificate.certificateArn as string,
    certificatePem: certificate.certificatePem as string,
    privateKey: certificate.keyPair?.PrivateKey as string,
  };
  try {
    await iot().send(new AttachPolicyCommand({ policyName: gatewayPolicyName(), target: provisioned.certificateArn }));
    await iot().send(new AttachThingPrincipalCommand({ thingName, principal: provisioned.certificateArn }));
  } catch (error) {
    await removeGatewayThing(provisioned);
    throw error;
  }
  return provisioned;
}

/** Tolerates what is gone already, so a removal cut short is finished by the next one. */
const ignoreMissing = async (step: () => Promise<unknown>) => {
  try {
    await step();
  } catch (error) {
    if ((error as Error).name !== 'ResourceNotFoundException') throw error;
  }
};

/**
 * Revokes first: once the certificate is INACTIVE, IoT Core refuses its next connection and message; then
 * the attachments, the certificate and the thing go.
 */
export async function removeGatewayThing(
  thing: Pick<ProvisionedThing, 'thingName' | 'certificateId' | 'certificateArn'>,
) {
  const { thingName, certificateId, certificateArn } = thing;
  await ignoreMissing(() => iot().send(new UpdateCertificateCommand({ certificateId, newStatus: 'INACTIVE' })));
  await ignoreMissing(() => iot().send(new DetachThingPrincipalCommand({ thingName, principal: certificateArn })));
  await ignoreMissing(() =>
    iot().send(new DetachPolicyCommand({ policyName: gatewayPolicyName(), target: certificateArn })),
  );
  await ignoreMissing(() => iot().send(new DeleteCertificateCommand({ certificateId })));
  await ignoreMissing(() => iot().send(new DeleteThingCommand({ thingName })));
}

/** The broker's address for the gateway's MQTT client (ATS endpoint; port 8883 for MQTT over TLS). */
export async function mqttEndpoint(): Promise<string> {
  const { endpointAddress } = await iot().send(new DescribeEndpointCommand({ endpointType: 'iot:Data-ATS' }));
  const address = endpointAddress as string;
  return `mqtts://${/:\d+$/.test(address) ? address : `${address}:8883`}`;
}
