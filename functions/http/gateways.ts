import { type Gateway, gatewaySchema } from '../../shared/schemas/gateway';
import {
  createGateway,
  deleteGateway,
  euiTaken,
  type GatewayRecord,
  gatewayEuiTaken,
  gatewayRepository,
} from '../lib/gateways/gateway-repository';
import { mqttEndpoint, provisionGatewayThing, removeGatewayThing } from '../lib/gateways/gateway-things';
import { allowListOf } from '../lib/http/allow-list';
import { parseCollectionQuery } from '../lib/http/collection-query';
import { createHttpHandler, reply, route } from '../lib/http/handler';
import { toCollection } from '../lib/http/hydra';
import { gatewayUplinkTopic } from '../lib/pipeline/topics';

/**
 * LoRaWAN gateways: registering one makes its IoT thing, bound to the tenant, and a
 * certificate whose private key is answered once; deleting one revokes the certificate and removes the thing.
 */
const allowedGateway = allowListOf(gatewaySchema);

const toGateway = (tenantId: string, record: GatewayRecord): Gateway =>
  allowedGateway({
    '@id': `/api/gateways/${record.id}`,
    '@type': 'Gateway',
    ...record,
    topic: gatewayUplinkTopic(tenantId, '<DEVEUI>'),
  });

export const handler = createHttpHandler('gateways', {
  'gateways.list': route({
    run: async ({ auth, rawQuery }) => {
      const request = parseCollectionQuery(rawQuery, { orders: [] });
      const [page, total] = await Promise.all([
        gatewayRepository.page(auth.tenant, { page: request.page, itemsPerPage: request.itemsPerPage }),
        gatewayRepository.count(auth.tenant),
      ]);
      const members = page.items.map((record) => toGateway(auth.tenant.tenantId, record));
      return toCollection('/api/gateways', request, members, total);
    },
  }),
  'gateways.get': route({
    run: async ({ auth, params }) =>
      toGateway(auth.tenant.tenantId, await gatewayRepository.getOrThrow(auth.tenant, params.id)),
  }),
  'gateways.create': route({
    run: async ({ auth, body }) => {
      // Asked before IoT Core is touched; the transaction below still decides a race.
      if (await gatewayEuiTaken(auth.tenant, body.gateway_eui)) throw euiTaken();
      const endpoint = await mqttEndpoint();
      const id = await gatewayRepository.nextId(auth.tenant);
      const thing = await provisionGatewayThing(auth.tenant, body.gateway_eui);
      let record: GatewayRecord;
      try {
        record = await createGateway(auth.tenant, {
          id,
          version: 1,
          name: body.name,
          gateway_eui: body.gateway_eui,
          thing_name: thing.thingName,
          certificate_id: thing.certificateId,
          certificate_arn: thing.certificateArn,
          created_by: auth.userId,
          created_at: new Date().toISOString(),
        });
      } catch (error) {
        // Nothing half-written: without its record the certificate goes again, and the thing unless a
        // concurrent registration of the same EUI (the one that won) holds it.
        await removeGatewayThing(thing).catch(() => undefined);
        throw error;
      }
      const gateway = toGateway(auth.tenant.tenantId, record);
      // The only answer that ever carries the private key.
      return reply(201, {
        ...gateway,
        credentials: {
          certificate_pem: thing.certificatePem,
          private_key: thing.privateKey,
          endpoint,
          client_id: thing.thingName,
          topic: gateway.topic,
        },
      });
    },
  }),
  'gateways.delete': route({
    run: async ({ auth, params }) => {
      const record = await gatewayRepository.getOrThrow(auth.tenant, params.id);
      // IoT Core first: the certificate is refused from this moment, even if the table write fails after.
      await removeGatewayThing({
        thingName: record.thing_name,
        certificateId: record.certificate_id,
        certificateArn: record.certificate_arn,
      });
      await deleteGateway(auth.tenant, record);
      return reply(204);
    },
  }),
});
