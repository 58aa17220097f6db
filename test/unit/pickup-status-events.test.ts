import type { AssetRecord } from '../../functions/lib/assets/asset-repository';
import { makeTenantContext } from '../../functions/lib/data/tenant-context';
import { withEffects } from '../../functions/lib/effects/with-effects';
import { isWaiting, pickupWrites } from '../../functions/lib/pickups/pickup-items';
import { queueStatusEvents } from '../../functions/lib/pickups/status-events';
import { type WebhookEvent, webhookEventSinks } from '../../functions/lib/webhooks/webhook-events';

/** Which asset writes start or end a pickup, and the webhook events of the status actions. */
const ctx = makeTenantContext('1');
const asset = (status: string | null, client: number | null = 3) =>
  ({
    id: 7,
    name: 'Reel 7',
    version: 1,
    status: status && { id: 1, status },
    client: client && { id: client, company: 'C' },
  }) as unknown as AssetRecord;
const request = { at: '2026-03-01T10:00:00.000Z', by: 5 };

describe('pickup writes', () => {
  process.env.TABLE_NAME = 'tracking';
  it('puts on a report, deletes on its end, moves nothing while it waits', () => {
    const put = pickupWrites(ctx, asset('registered'), asset('send_deregistered'), request);
    expect(put[0]?.Put?.Item).toMatchObject({
      pk: 'T#1#PICKUP',
      sk: 'ASSET#0000000007',
      gsi1pk: 'T#1#PICKUP',
      gsi1sk: '2026-03-01T10:00:00.000Z#0000000007',
      gsi2pk: 'T#1#CLIENT#3#PICKUP',
      requestedBy: 5,
    });
    expect(pickupWrites(ctx, asset('send_deregistered'), asset('deregistered'), request)[0]?.Delete).toBeDefined();
    expect(pickupWrites(ctx, asset('send_deregistered'), undefined, request)[0]?.Delete).toBeDefined();
    expect(pickupWrites(ctx, asset('send_deregistered'), asset('send_deregistered'), request)).toEqual([]);
    expect(
      pickupWrites(ctx, asset('send_deregistered'), asset('send_deregistered', null), request)[0]?.Update,
    ).toMatchObject({
      UpdateExpression: 'SET clientId = :none REMOVE gsi2pk, gsi2sk',
    });
    expect(pickupWrites(ctx, asset('registered'), asset('send_delivered'), request)).toEqual([]);
    expect(pickupWrites(ctx, undefined, asset('send_deregistered', null), request)[0]?.Put?.Item).not.toHaveProperty(
      'gsi2pk',
    );
    expect(isWaiting(asset(null))).toBe(false);
  });

  it('queues the event of each status transition', async () => {
    const seen: WebhookEvent[] = [];
    const sink = async (events: WebhookEvent[]) => {
      seen.push(...events);
    };
    webhookEventSinks.push(sink);
    const context = { at: request.at, requestedAt: '2026-02-28T08:00:00.000Z' };
    // Sent when the invocation ends, as every Lambda's (functions/lib/effects/).
    await withEffects('worker', async () => {
      queueStatusEvents(ctx, asset('registered'), asset('send_deregistered'), 5, context);
      queueStatusEvents(ctx, asset('send_deregistered'), asset('deregistered'), 6, context);
      queueStatusEvents(ctx, asset('registered'), asset('send_delivered'), null, context);
      queueStatusEvents(ctx, asset('send_delivered'), asset('delivered'), 6, context);
      queueStatusEvents(ctx, asset('delivered'), asset('delivered'), 6, context);
    })(undefined);
    webhookEventSinks.splice(webhookEventSinks.indexOf(sink), 1);
    expect(seen.map((e) => e.type)).toEqual([
      'pickup.requested',
      'pickup.confirmed',
      'delivery.reported',
      'delivery.confirmed',
    ]);
    expect(seen[1]?.data).toEqual({
      asset: { id: 7, name: 'Reel 7' },
      customer: { id: 3 },
      requestedAt: '2026-02-28T08:00:00.000Z',
      by: { id: 6 },
    });
    expect(seen[2]?.data).toMatchObject({ at: request.at, by: null });
  });
});
