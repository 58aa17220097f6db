import type { TenantContext } from '../data/tenant-context';
import { queueWebhookEvent } from '../webhooks/webhook-events';
import type { VisitRecord } from './visit-keys';

/** The `zone.entered` / `zone.left` payload of the rental contract. */
export function queueVisitWebhook(ctx: TenantContext, visit: VisitRecord): void {
  const type = visit.leftAt ? 'zone.left' : 'zone.entered';
  queueWebhookEvent(
    ctx,
    type,
    {
      zone: { id: visit.zoneId, name: visit.zoneName },
      asset: { id: visit.assetId, name: visit.assetName },
      customer: visit.clientId === null ? null : { id: visit.clientId },
      visit: { arrivedAt: visit.arrivedAt, leftAt: visit.leftAt, dwellSeconds: visit.dwellSeconds },
    },
    visit.leftAt ?? visit.arrivedAt,
  );
}
