import { DEMO_CODEC_NAME, encodeDemoPayload } from '../seed/demo-codec';
import type { Uplink } from './bodies';
import { newTag, type SimTag } from './fleet';

/**
 * `--layout codec` (issue 16): the demo tenant's tags whose payload profile is the Geotrax GT-2 demo codec
 * (scripts/seed/demo-codec.ts), and their uplinks in that layout instead of tracker-v1, so the assets move through
 * the profile's codec on every way in that carries bytes.
 */
type Request = <T>(method: string, path: string, token?: string) => Promise<T>;
type Profile = { id: number; name: string };
type DemoDevice = {
  dev_eui: string;
  device_profiles: number[];
  asset: { name: string } | null;
  last_event: { latitude: number | null; longitude: number | null } | null;
};

export async function codecTags(request: Request, token: string, count: number, rng: () => number) {
  const profiles = await request<{ 'hydra:member': Profile[] }>('GET', '/api/device-profiles', token);
  const profile = profiles['hydra:member'].find((p) => p.name === DEMO_CODEC_NAME);
  if (!profile)
    throw new Error(`No "${DEMO_CODEC_NAME}" profile in the demo tenant: run \`npm start\` on a fresh seed`);
  const tags: SimTag[] = [];
  for (let page = 1; tags.length < count && page <= 20; page++) {
    const list = await request<{ 'hydra:member': DemoDevice[] }>('GET', `/api/devices?page=${page}`, token);
    const members = list['hydra:member'];
    for (const device of members) {
      const at = device.last_event;
      if (device.device_profiles[0] !== profile.id || at?.latitude == null || at.longitude == null) continue;
      const start = { devEui: device.dev_eui, assetName: device.asset?.name ?? device.dev_eui };
      tags.push(newTag(rng, { ...start, lat: at.latitude, lon: at.longitude }, tags.length));
    }
    if (members.length === 0) break;
  }
  if (tags.length === 0) throw new Error(`No located demo tag uses "${DEMO_CODEC_NAME}"`);
  return tags.slice(0, count);
}

/** The uplink with its bytes in the GT-2 layout (fPort 2, the position report). */
export function inCodecLayout(uplink: Uplink): Uplink {
  const { fix, batteryVoltage, sabotaged, eventType } = uplink.payload;
  const raw = encodeDemoPayload({
    latitude: fix?.latitude,
    longitude: fix?.longitude,
    accuracy: fix?.accuracy,
    batteryMv: Math.round((batteryVoltage ?? 3.6) * 1000),
    tamper: sabotaged === true,
    motion: eventType === 'moving' || eventType === 'start',
  });
  return { ...uplink, raw };
}
