import type { RouteContract } from '../route-contracts';
import { labelFileSchema, labelRequestSchema } from '../schemas/labels';
import { any, noClients, type RouteDef } from './route-def';

/**
 * Printable labels of selected assets and devices (functions/http/labels.ts): the same readers as the lists'
 * exports. A label sheet is bounded by its selection, so the PDF is drawn in the request and answered inline.
 */
export const LABELS_ROUTES = [
  { id: 'labels.assets', method: 'POST', path: '/api/assets/labels', access: any('ASSET_READ'), handler: 'labels' },
  {
    id: 'labels.devices',
    method: 'POST',
    path: '/api/devices/labels',
    access: noClients('DEVICE_READ'),
    handler: 'labels',
  },
] as const satisfies readonly RouteDef[];

export const LABELS_CONTRACTS = {
  'labels.assets': {
    summary: 'Print labels (QR code and barcode) of selected assets',
    body: labelRequestSchema,
    response: labelFileSchema,
  },
  'labels.devices': {
    summary: 'Print labels (QR code and barcode) of selected devices',
    body: labelRequestSchema,
    response: labelFileSchema,
  },
} as const satisfies Record<(typeof LABELS_ROUTES)[number]['id'], RouteContract>;
