import type { LastEvent } from '../../../../shared/schemas/event';
import type { AlarmRaised } from '../contracts';
import type { UplinkInput } from './uplink-effects';

/** The alarms one uplink raises share its asset, device and last event; `kind` and the zone differ. */
export function alarmOf(input: UplinkInput, lastEvent: LastEvent) {
  return (kind: AlarmRaised['kind'], zone: { id: number; name: string | null } | null): AlarmRaised => ({
    tenantId: input.tenantId,
    kind,
    assetId: input.asset?.id ?? null,
    assetName: input.asset?.name ?? null,
    deviceId: input.device.id,
    deviceName: input.device.name,
    devEui: input.uplink.devEui,
    zoneId: zone?.id ?? null,
    zoneName: zone?.name ?? null,
    at: lastEvent.date,
    latitude: lastEvent.latitude,
    longitude: lastEvent.longitude,
  });
}
