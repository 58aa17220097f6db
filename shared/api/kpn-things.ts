import type { RouteContract } from '../route-contracts';
import {
  kpnThingsDeviceCountSchema,
  kpnThingsSaveInputSchema,
  kpnThingsSettingsSchema,
  kpnThingsVerifyResponseSchema,
} from '../schemas/kpn-things';
import { uplinkIntegrationSecretSchema, uplinkIntegrationsSchema } from '../schemas/uplink-integrations';
import { any, type RouteDef } from './route-def';

/** The KPN Things integration and the secrets of the other networks' ways in (functions/http/kpn-things.ts). */
export const KPN_THINGS_ROUTES = [
  // spec 001: KPN Things integration
  { id: 'kpn.get', method: 'GET', path: '/api/kpn-things', access: any('KPN_THINGS'), handler: 'kpn-things' },
  { id: 'kpn.save', method: 'PUT', path: '/api/kpn-things', access: any('KPN_THINGS'), handler: 'kpn-things' },
  {
    id: 'kpn.verify',
    method: 'POST',
    path: '/api/kpn-things/verify',
    access: any('KPN_THINGS'),
    handler: 'kpn-things',
  },
  {
    id: 'kpn.deviceCount',
    method: 'GET',
    path: '/api/kpn-things/device-count',
    access: any('ROLE_SUPER_ADMIN'),
    handler: 'kpn-things',
  },
  // The secrets of the TTS and ChirpStack ways in (made by the API, shown once)
  {
    id: 'uplinkIntegrations.get',
    method: 'GET',
    path: '/api/uplink-integrations',
    access: any('KPN_THINGS'),
    handler: 'kpn-things',
  },
  {
    id: 'uplinkIntegrations.ttsSecret',
    method: 'POST',
    path: '/api/uplink-integrations/tts/secret',
    access: any('KPN_THINGS'),
    handler: 'kpn-things',
  },
  {
    id: 'uplinkIntegrations.chirpstackSecret',
    method: 'POST',
    path: '/api/uplink-integrations/chirpstack/secret',
    access: any('KPN_THINGS'),
    handler: 'kpn-things',
  },
] as const satisfies readonly RouteDef[];

export const KPN_THINGS_CONTRACTS = {
  'kpn.get': { summary: 'KPN Things settings', response: kpnThingsSettingsSchema },
  'kpn.save': {
    summary: 'Save KPN Things settings',
    body: kpnThingsSaveInputSchema,
    response: kpnThingsSettingsSchema,
  },
  'kpn.verify': {
    summary: 'Check KPN Things credentials',
    body: kpnThingsSaveInputSchema,
    response: kpnThingsVerifyResponseSchema,
  },
  'kpn.deviceCount': {
    summary: 'Devices known to KPN Things',
    response: kpnThingsDeviceCountSchema,
    // KPN's API unreachable or refusing the stored credentials (functions/http/kpn-things.ts).
    errors: [502],
  },
  'uplinkIntegrations.get': {
    summary: 'Which TTS and ChirpStack secrets are set (never the secrets)',
    response: uplinkIntegrationsSchema,
  },
  'uplinkIntegrations.ttsSecret': {
    summary: 'Make a new secret for The Things Stack webhook (the answer holds it, once)',
    response: uplinkIntegrationSecretSchema,
    status: 201,
  },
  'uplinkIntegrations.chirpstackSecret': {
    summary: 'Make a new secret for the ChirpStack HTTP integration (the answer holds it, once)',
    response: uplinkIntegrationSecretSchema,
    status: 201,
  },
} as const satisfies Record<(typeof KPN_THINGS_ROUTES)[number]['id'], RouteContract>;
