import { DEMO_CODEC_NAME, encodeDemoPayload } from '../seed/demo-codec';
import type { Uplink } from './bodies';
import type { SimTag } from './fleet';

/**
 * `--layout codec`: the tags the simulator drives are put on the demo tenant's Geotrax GT-2 codec
 * profile (scripts/seed/demo-codec.ts) and send their bytes in that layout instead of tracker-v1, so the assets
 * move through the profile's codec on every way in that carries bytes. `--layout tracker` (the default) puts
 * them back on no profile when a codec run left them on it.
 */
type Request = <T>(method: string, path: string, token?: string, body?: unknown) => Promise<T>;
type Profile = { id: number; name: string; codec: string | null };
type Device = { id: number; dev_eui: string; device_profiles: number[] };
type Asset = { devices: { id: number; dev_eui: string }[] };

/** Each driven tag on `layout`'s profile: one GET per tag, a PUT only where the profile must change. */
export async function putTagsOnLayout(request: Request, token: string, layout: 'tracker' | 'codec', tags: SimTag[]) {
  const profiles = (await request<{ 'hydra:member': Profile[] }>('GET', '/api/device-profiles', token))['hydra:member'];
  const demo = profiles.find((p) => p.name === DEMO_CODEC_NAME);
  if (layout === 'codec' && !demo)
    throw new Error(`No "${DEMO_CODEC_NAME}" profile: run \`npm start\` on a fresh seed`);
  const codecIds = new Set(profiles.filter((p) => p.codec).map((p) => p.id));
  const assets = (await request<{ 'hydra:member': Asset[] }>('GET', '/api/assets?pagination=false', token))[
    'hydra:member'
  ];
  const deviceIds = new Map(assets.flatMap((a) => a.devices.map((d) => [d.dev_eui, d.id] as const)));
  for (const tag of tags) {
    const id = deviceIds.get(tag.devEui);
    if (id === undefined) continue;
    const device = await request<Device>('GET', `/api/devices/${id}`, token);
    const first = device.device_profiles[0];
    const wanted = layout === 'codec' ? [demo?.id as number] : first !== undefined && codecIds.has(first) ? [] : null;
    if (wanted && wanted[0] !== first) await request('PUT', `/api/devices/${id}`, token, { device_profiles: wanted });
  }
}

/** The uplink with its bytes in the GT-2 layout (fPort 2 with a fix, fPort 3 without). */
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
