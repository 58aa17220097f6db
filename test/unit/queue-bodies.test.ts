import { ZodError } from 'zod';
import { alarmRaisedSchema } from '../../functions/lib/alarms/alarm-raised-schema';
import type { AlarmRaised, NormalizedUplink } from '../../functions/lib/pipeline/contracts';
import { queuedUplinkSchema } from '../../functions/lib/pipeline/queue/queued-uplink-schema';
import { batchResponse, recordBody } from '../../functions/lib/sqs-batch';
import { scheduledJob, type WebhookJob, webhookJobSchema } from '../../functions/lib/webhooks/webhook-queue';

/** What the queues and the bus carry between our own parts is read by schema, not cast. */
describe('queue and bus bodies', () => {
  const uplinkAlarm: AlarmRaised = {
    tenantId: '1',
    kind: 1,
    assetId: 7,
    assetName: 'Haspel 7',
    deviceId: 3,
    deviceName: 'Tag 3',
    devEui: '0004A30B001C0530',
    zoneId: 2,
    zoneName: 'Depot Noord',
    at: '2026-11-30T10:00:00.000Z',
    latitude: 52.1,
    longitude: 5.1,
  };
  // A zone stock alarm: the zone owns it, no asset or device.
  const zoneStockAlarm: AlarmRaised = {
    ...uplinkAlarm,
    kind: 4,
    assetId: null,
    assetName: null,
    deviceId: 0,
    deviceName: null,
    devEui: '',
    latitude: null,
    longitude: null,
    profileId: 5,
    values: { profile_name: 'Haspel groot', count: 2, limit: 3 },
  };

  it('reads every alarm the processor and the jobs raise, and refuses a detail in another shape', () => {
    for (const alarm of [uplinkAlarm, zoneStockAlarm, { ...uplinkAlarm, kind: 7 as const, ruleId: 12 }])
      expect(alarmRaisedSchema.parse(JSON.parse(JSON.stringify(alarm)))).toEqual(alarm);
    const { tenantId: _dropped, ...withoutTenant } = uplinkAlarm;
    expect(() => alarmRaisedSchema.parse(withoutTenant)).toThrow(ZodError);
    expect(() => alarmRaisedSchema.parse({ ...uplinkAlarm, kind: 12 })).toThrow(ZodError);
  });

  it('reads the webhook jobs the queue is given, scheduled or not, and refuses another shape', () => {
    const job: WebhookJob = { tenantId: '1', endpointId: 4, deliveryId: 'd-1' };
    const now = new Date('2026-11-30T10:00:00Z');
    const soon = scheduledJob(job, new Date(now.getTime() + 60_000), now).job;
    const later = scheduledJob(job, new Date(now.getTime() + 3_600_000), now).job;
    for (const queued of [job, soon, later, { ...job, manual: true }])
      expect(recordBody({ body: JSON.stringify(queued) }, webhookJobSchema)).toEqual(
        JSON.parse(JSON.stringify(queued)),
      );
    expect(later.notBefore).toBe('2026-11-30T11:00:00.000Z');
    expect(() => recordBody({ body: JSON.stringify({ ...job, endpointId: '4' }) }, webhookJobSchema)).toThrow(ZodError);
    expect(() => recordBody({ body: 'not json' }, webhookJobSchema)).toThrow(SyntaxError);
  });

  it('answers Lambda the failed records by message id, and none when all are done', () => {
    expect(batchResponse(['m-2', 'm-5'])).toEqual({
      batchItemFailures: [{ itemIdentifier: 'm-2' }, { itemIdentifier: 'm-5' }],
    });
    expect(batchResponse([])).toEqual({ batchItemFailures: [] });
  });
  it('reads a queued uplink with every field a way in sets, and refuses one in another shape', () => {
    const uplink: NormalizedUplink = {
      devEui: '0004A30B001C0530',
      source: 'kpn',
      measuredAt: '2026-11-30T10:00:00.000Z',
      receivedAt: '2026-11-30T10:00:01.000Z',
      frameCounter: 12,
      fPort: 1,
      payloadFormat: 'demo',
      payloadHex: '0102',
      decoded: { batteryVoltage: 3.6, fix: { latitude: 52.1, longitude: 5.1, accuracy: 20, source: 'gnss' } },
      networkFix: { latitude: 52.2, longitude: 5.2, source: 'network' },
      warnings: ['a record that is not hex'],
      gateways: [{ id: 'gw-1', rssi: -100, snr: 7.5 }],
      tenant: '1',
    };
    expect(queuedUplinkSchema.parse(JSON.parse(JSON.stringify(uplink)))).toEqual(uplink);
    for (const other of [
      { ...uplink, measuredAt: 'yesterday' },
      { ...uplink, source: 'carrier-pigeon' },
      { ...uplink, fPort: '1' },
      { ...uplink, decoded: { fix: { latitude: '52' } } },
    ])
      expect(queuedUplinkSchema.safeParse(other).success).toBe(false);
  });
});
