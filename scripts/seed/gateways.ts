import type { TenantContext } from '../../functions/lib/data/tenant-context';
import { createGateway, gatewayRepository } from '../../functions/lib/gateways/gateway-repository';
import { provisionGatewayThing } from '../../functions/lib/gateways/gateway-things';

/**
 * One LoRaWAN gateway per demo tenant, provisioned in the local IoT registry as the
 * gateways API does, so the console's list is not empty and the isolation sweep has a gateway to try. Its
 * private key is thrown away, as the API's answer is the only place one ever is.
 */
export async function seedGateway(ctx: TenantContext, eui: string, createdBy: number): Promise<void> {
  const thing = await provisionGatewayThing(ctx, eui);
  await createGateway(ctx, {
    id: await gatewayRepository.nextId(ctx),
    version: 1,
    name: 'Depot gateway',
    gateway_eui: eui,
    thing_name: thing.thingName,
    certificate_id: thing.certificateId,
    certificate_arn: thing.certificateArn,
    created_by: createdBy,
    created_at: new Date().toISOString(),
  });
}
