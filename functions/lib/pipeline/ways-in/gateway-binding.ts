import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../../data/client';
import { devEuiClaimKey } from '../../devices/dev-eui-claims';
import { GATEWAY_DEVEUI_FIELD, GATEWAY_TENANT_FIELD } from '../topics';
import { refuse, toDevEui, type WayInResult } from './result';

/**
 * Issue 13, item 3: a gateway publishes `tracking/<tenant id>/<DEVEUI>/uplink`, and IoT Core let it only
 * because the tenant level is its own thing's `tenant` attribute (infra/iot-policies.ts). The gateway rule
 * adds both topic levels to the message (gatewayUplinkRuleSql()). This keeps such an uplink only when the
 * body speaks of the topic's DEVEUI and that tag belongs to the topic's tenant, so a gateway can never move
 * another tenant's tag.
 */
export interface GatewayTopic {
  tenantId: string;
  devEui: string;
}

/** Splits the rule's topic fields from the message; `topic` is undefined for a tag's own topic. */
export function splitGatewayTopic(event: unknown): { body: unknown; topic?: GatewayTopic } {
  if (!event || typeof event !== 'object' || Array.isArray(event) || !(GATEWAY_TENANT_FIELD in event))
    return { body: event };
  const {
    [GATEWAY_TENANT_FIELD]: tenantId,
    [GATEWAY_DEVEUI_FIELD]: devEui,
    ...body
  } = event as Record<string, unknown>;
  return { body, topic: { tenantId: String(tenantId), devEui: String(devEui) } };
}

/** The read uplinks if every one is the topic's tag of the topic's tenant; otherwise a refusal. */
export async function bindToGatewayTopic(result: WayInResult, topic: GatewayTopic): Promise<WayInResult> {
  if (!result.ok) return result;
  const devEui = toDevEui(topic.devEui);
  if (!devEui || result.uplinks.some((uplink) => uplink.devEui !== devEui))
    return refuse(`The gateway topic's DEVEUI "${topic.devEui}" is not the message's`);
  const claim = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: devEuiClaimKey(devEui), ConsistentRead: true }),
  );
  if (String(claim.Item?.tenantId) !== topic.tenantId)
    return refuse(`Tag ${devEui} is not a tag of the gateway's tenant ${topic.tenantId}`);
  return result;
}
