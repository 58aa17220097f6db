import { z } from 'zod';
import type { RouteContract } from '../route-contracts';
import { ingestOutcomeSchema } from '../schemas/kpn-things';
import type { RouteDef } from './route-def';

/** The networks' ways in: KPN Things, The Things Stack and ChirpStack uplinks (functions/http/device-uplinks.ts). */
export const DEVICE_UPLINKS_ROUTES = [
  // The KPN Things HTTPS destination; public, the Things-Message-Token is its credential
  {
    id: 'uplinks.kpnThings',
    method: 'POST',
    path: '/api/things/uplink',
    access: 'public',
    handler: 'device-uplinks',
  },
  // The Things Stack webhook and the ChirpStack v4 HTTP integration; public, the
  // X-Uplink-Secret header is their credential (functions/lib/pipeline/network-webhooks.ts)
  { id: 'uplinks.tts', method: 'POST', path: '/api/tts/uplink', access: 'public', handler: 'device-uplinks' },
  {
    id: 'uplinks.chirpstack',
    method: 'POST',
    path: '/api/chirpstack/uplink',
    access: 'public',
    handler: 'device-uplinks',
  },
] as const satisfies readonly RouteDef[];

export const DEVICE_UPLINKS_CONTRACTS = {
  'uplinks.kpnThings': {
    summary: 'KPN Things uplink (the Things-Message-Token header is the credential)',
    response: ingestOutcomeSchema,
    status: 202,
  },
  'uplinks.tts': {
    summary: 'The Things Stack webhook message (the X-Uplink-Secret header is the credential)',
    response: ingestOutcomeSchema,
    status: 202,
    errors: [413],
  },
  'uplinks.chirpstack': {
    summary: 'ChirpStack v4 HTTP integration event (the X-Uplink-Secret header is the credential)',
    query: z.object({ event: z.string().optional() }),
    response: ingestOutcomeSchema,
    status: 202,
    errors: [413],
  },
} as const satisfies Record<(typeof DEVICE_UPLINKS_ROUTES)[number]['id'], RouteContract>;
