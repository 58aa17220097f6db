import type { TrackerPayload } from '../../functions/lib/pipeline/decoders';
import { TOWNS, ZONE_PLACES } from '../seed/places';
import type { Uplink } from './bodies';

/**
 * Simulated tags of the demo tenant: each drives from stop to stop along the seed's places (depots and yards
 * that are geo zones, and towns outside them) at a truck's speed in real time, so every fix passes the
 * pipeline's plausibility check. At a stop it reports stopped, then still; leaving, start, then moving. Now and
 * then a tag is tampered with (sabotage, cleared a few uplinks later); one in ten has a battery running low.
 */
const SPEED_MS = 80 / 3.6;
const DWELL_UPLINKS = 4;
const SABOTAGE_CHANCE = 0.01;
const LOW_BATTERY_VOLTS = 3.3;
const STOPS = [
  ...ZONE_PLACES.map((p) => ({ name: p.name, lat: p.lat, lon: p.lon, zone: true })),
  ...TOWNS.map((t) => ({ name: t.name, lat: t.lat, lon: t.lon, zone: false })),
];

export interface SimTag {
  devEui: string;
  assetName: string;
  lat: number;
  lon: number;
  target: (typeof STOPS)[number];
  dwell: number;
  sabotagedFor: number;
  voltage: number;
  frameCounter: number;
  lastAt: number;
}

/** The zone stop nearest to a position (flat distance: enough to choose). */
function nearestZoneStop(lat: number, lon: number): SimTag['target'] {
  const zones = STOPS.filter((stop) => stop.zone);
  const distance = (stop: SimTag['target']) =>
    Math.hypot(stop.lat - lat, (stop.lon - lon) * Math.cos((lat * Math.PI) / 180));
  return zones.reduce((best, stop) => (distance(stop) < distance(best) ? stop : best), zones[0] as SimTag['target']);
}

export function newTag(
  rng: () => number,
  device: { devEui: string; assetName: string; lat: number; lon: number },
  index: number,
): SimTag {
  return {
    ...device,
    // Every other tag heads for the nearest depot first, so a run makes zone visits within minutes:
    // an arrival (or, for a tag already there, a dwell and a departure); the rest go anywhere.
    target:
      index % 2 === 0
        ? nearestZoneStop(device.lat, device.lon)
        : (STOPS[Math.floor(rng() * STOPS.length)] as SimTag['target']),
    dwell: 0,
    sabotagedFor: 0,
    // One tag in ten starts just above LOW_BATTERY_VOLTS, below which the simulated tag sets its flag.
    voltage: index % 10 === 0 ? 3.34 : 3.6 + rng() * 0.5,
    frameCounter: Math.floor(rng() * 1000),
    lastAt: Date.now(),
  };
}

function moveToward(tag: SimTag, metres: number): boolean {
  const north = (tag.target.lat - tag.lat) * 111_320;
  const east = (tag.target.lon - tag.lon) * 111_320 * Math.cos((tag.lat * Math.PI) / 180);
  const distance = Math.hypot(north, east);
  if (distance <= metres) {
    tag.lat = tag.target.lat;
    tag.lon = tag.target.lon;
    return true;
  }
  tag.lat += (north / distance) * (metres / 111_320);
  tag.lon += (east / distance) * (metres / (111_320 * Math.cos((tag.lat * Math.PI) / 180)));
  return false;
}

/** The tag's next uplink, `now` being its measurement time. */
export function nextUplink(tag: SimTag, rng: () => number, now: number): Uplink {
  const seconds = Math.max(1, (now - tag.lastAt) / 1000);
  tag.lastAt = now;
  let eventType: TrackerPayload['eventType'];
  if (tag.dwell > 0) {
    tag.dwell -= 1;
    eventType = tag.dwell === 0 ? 'start' : 'still';
    if (tag.dwell === 0) tag.target = STOPS[Math.floor(rng() * STOPS.length)] as SimTag['target'];
  } else if (moveToward(tag, SPEED_MS * seconds)) {
    tag.dwell = DWELL_UPLINKS;
    eventType = 'stopped';
  } else eventType = 'moving';
  if (tag.sabotagedFor > 0) tag.sabotagedFor -= 1;
  else if (rng() < SABOTAGE_CHANCE) tag.sabotagedFor = 3;
  tag.voltage = Math.max(3.0, tag.voltage - 0.002);
  tag.frameCounter += 1;
  return {
    devEui: tag.devEui,
    at: new Date(now),
    frameCounter: tag.frameCounter,
    payload: {
      eventType,
      sabotaged: tag.sabotagedFor > 0,
      batteryLow: tag.voltage < LOW_BATTERY_VOLTS,
      batteryVoltage: Math.round(tag.voltage * 100) / 100,
      fix: {
        latitude: Math.round(tag.lat * 1e6) / 1e6,
        longitude: Math.round(tag.lon * 1e6) / 1e6,
        accuracy: 8 + Math.round(rng() * 20),
      },
    },
  };
}

export const describeUplink = (tag: SimTag, uplink: Uplink) =>
  `${tag.devEui} ${tag.assetName.padEnd(16).slice(0, 16)} ${uplink.payload.eventType.padEnd(9)} ` +
  `${uplink.payload.fix?.latitude.toFixed(5)},${uplink.payload.fix?.longitude.toFixed(5)} ` +
  `${uplink.payload.batteryVoltage?.toFixed(2)} V${uplink.payload.sabotaged ? ' SABOTAGED' : ''} -> ${tag.target.name}`;
