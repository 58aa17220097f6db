import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Address } from '../../functions/lib/geocoding/address';
import { cellOf } from '../../functions/lib/geocoding/cell';
import type { GeocodedAddress } from '../../functions/lib/geocoding/geocode-writes';
import { offlineGeocoder } from '../../functions/lib/geocoding/offline-geocoder';
import { type GeocodedDevice, pipelineAddress } from '../../functions/lib/geocoding/pipeline-address';
import type { Fix } from '../../functions/lib/pipeline/contracts';
import { TOWNS, ZONE_PLACES } from '../seed/places';
import { mulberry32 } from '../seed/prng';
import { newTag, nextUplink } from '../simulate/fleet';
import { markdownTable } from './markdown-table';

/**
 * Geocoding benchmark: the address cache's hit ratio on a simulator-like day, in process. Moving
 * tags are the simulator's (`npm run simulate`: scripts/simulate/fleet.ts, truck speed between the seed's
 * places, dwelling at stops); parked tags stay at a yard and jitter within their fix accuracy. Every uplink
 * goes through the processor's own rule (pipelineAddress: moved beyond its accuracy from the device's last
 * geocoded position) and every request through the code's ~25 m cells; the DynamoDB cache is a Map here (the
 * run is far shorter than the 30-day TTL). The provider is the offline geocoder, timed per call.
 * `npx tsx scripts/bench/geocoding.bench.ts` writes the section (BENCH_DRY_RUN=true only prints);
 * `npm run bench` with BENCH_SECTIONS=geocoding calls `benchGeocoding()`.
 */
const MOVING_TAGS = 100;
const PARKED_TAGS = 100;
const UPLINK_EVERY_MS = 5 * 60_000;
const HOURS = 24;
const DOC = path.resolve(__dirname, '../../docs/performance.md');

interface Counts {
  uplinks: number;
  requests: number;
  hits: number;
  providerCalls: number;
  providerMs: number;
}

async function simulate(): Promise<{ moving: Counts; parked: Counts }> {
  const rng = mulberry32(16);
  const geocoder = offlineGeocoder();
  const cache = new Map<string, Address | null>();
  const counts = () => ({ uplinks: 0, requests: 0, hits: 0, providerCalls: 0, providerMs: 0 });
  const result = { moving: counts(), parked: counts() };
  const start = Date.UTC(2026, 10, 23, 6);
  const stops = [...ZONE_PLACES, ...TOWNS];
  const moving = Array.from({ length: MOVING_TAGS }, (_, i) => {
    const stop = stops[i % stops.length] as (typeof stops)[number];
    const tag = newTag(rng, { devEui: `M${i}`, assetName: `Moving ${i}`, lat: stop.lat, lon: stop.lon }, i);
    tag.lastAt = start;
    return { tag, device: { id: i } as GeocodedDevice };
  });
  const parked = Array.from({ length: PARKED_TAGS }, (_, i) => {
    const yard = ZONE_PLACES[i % ZONE_PLACES.length] as (typeof ZONE_PLACES)[number];
    // Spread over the yard (a few hundred metres), each tag on its own spot.
    const spot = { lat: yard.lat + (rng() - 0.5) * 0.004, lon: yard.lon + (rng() - 0.5) * 0.006 };
    return { spot, device: { id: 1000 + i } as GeocodedDevice };
  });

  const geocode = async (counts: Counts, device: GeocodedDevice, fix: Fix, at: number) => {
    counts.uplinks += 1;
    if (!pipelineAddress(device, fix, null).geocode) return;
    counts.requests += 1;
    const cell = cellOf(fix.latitude, fix.longitude);
    let address = cache.get(cell.key);
    if (cache.has(cell.key)) counts.hits += 1;
    else {
      const t0 = performance.now();
      address = await geocoder.reverse(cell.latitude, cell.longitude, 'nl');
      counts.providerMs += performance.now() - t0;
      counts.providerCalls += 1;
      cache.set(cell.key, address ?? null);
    }
    const geocoded: GeocodedAddress = {
      ...(address ?? { street: null, postal_code: null, city: null, region: null, country: null }),
      latitude: fix.latitude,
      longitude: fix.longitude,
      accuracy: fix.accuracy ?? null,
      at: new Date(at).toISOString(),
    };
    device.geocoded = geocoded;
  };

  for (let now = start + UPLINK_EVERY_MS; now <= start + HOURS * 3_600_000; now += UPLINK_EVERY_MS) {
    for (const { tag, device } of moving) {
      const fix = nextUplink(tag, rng, now).payload.fix as Fix;
      await geocode(result.moving, device, { ...fix, source: 'gnss' }, now);
    }
    for (const { spot, device } of parked) {
      const accuracy = 8 + Math.round(rng() * 20);
      // GNSS scatter around the spot, within the stated accuracy.
      const r = accuracy * Math.sqrt(rng());
      const bearing = rng() * 2 * Math.PI;
      const fix: Fix = {
        latitude: spot.lat + (r * Math.cos(bearing)) / 111_320,
        longitude: spot.lon + (r * Math.sin(bearing)) / (111_320 * Math.cos((spot.lat * Math.PI) / 180)),
        accuracy,
        source: 'gnss',
      };
      await geocode(result.parked, device, fix, now);
    }
  }
  return result;
}

const pct = (part: number, whole: number) => (whole === 0 ? '–' : `${((100 * part) / whole).toFixed(1)} %`);

export async function benchGeocoding(): Promise<string> {
  const t0 = performance.now();
  const { moving, parked } = await simulate();
  const seconds = (performance.now() - t0) / 1000;
  const all: Counts = {
    uplinks: moving.uplinks + parked.uplinks,
    requests: moving.requests + parked.requests,
    hits: moving.hits + parked.hits,
    providerCalls: moving.providerCalls + parked.providerCalls,
    providerMs: moving.providerMs + parked.providerMs,
  };
  const row = (name: string, c: Counts) => [
    name,
    c.uplinks.toLocaleString('en'),
    `${c.requests.toLocaleString('en')} (${pct(c.requests, c.uplinks)})`,
    `${c.hits.toLocaleString('en')} (${pct(c.hits, c.requests)})`,
    `${c.providerCalls.toLocaleString('en')} (${pct(c.providerCalls, c.uplinks)})`,
  ];
  const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
  return [
    '## Geocoding: geocoder runs and cache hits on a simulated day (`scripts/bench/geocoding.bench.ts`)',
    '',
    `Run ${when} UTC, ${os.cpus().length} cores (shared), Node.js ${process.version}, ${seconds.toFixed(1)} s. ` +
      `${MOVING_TAGS} moving tags of the simulator (\`npm run simulate\`'s fleet: 80 km/h between the seed's ` +
      `places, 4 uplinks at each stop) and ${PARKED_TAGS} parked tags spread over the yards (GNSS scatter within ` +
      `an accuracy of 8–28 m), one uplink each every ${UPLINK_EVERY_MS / 60_000} minutes for ${HOURS} h. ` +
      "Each uplink goes through the processor's rule (geocoding/pipeline-address.ts); each geocoder run " +
      "through the code's ~25 m cells, the DynamoDB cache played by a Map (the run is shorter than its TTL).",
    '',
    ...markdownTable(
      [
        { heading: 'tags' },
        { heading: 'uplinks', align: 'right' },
        { heading: 'geocoder runs (of uplinks)', align: 'right' },
        { heading: 'cache hits (of runs)', align: 'right' },
        { heading: 'provider calls (of uplinks)', align: 'right' },
      ],
      [row('moving', moving), row('parked', parked), row('all', all)],
    ),
    '',
    `The offline provider took ${(all.providerMs / Math.max(1, all.providerCalls)).toFixed(3)} ms a call ` +
      '(warm; its first call loads the 135k places, ~1 s). A parked tag runs the geocoder for its first fix only: ' +
      "its scatter stays within the two fixes' radii, so its later fixes keep the address at no cost. Moving tags miss on every new stretch of road and hit where tags share a route and at stops.",
  ].join('\n');
}

if (require.main === module) {
  void benchGeocoding().then((section) => {
    if (process.env.BENCH_DRY_RUN === 'true') {
      console.log(section);
      return;
    }
    const { replaceSection } = require('./index') as typeof import('./index');
    writeFileSync(DOC, replaceSection(readFileSync(DOC, 'utf8'), 'geocoding', section));
    execFileSync(process.execPath, [require.resolve('@biomejs/biome/bin/biome'), 'format', '--write', DOC]);
    console.log(section);
  });
}
