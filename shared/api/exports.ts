import { z } from 'zod';
import type { RouteContract } from '../route-contracts';
import { exportJobSchema } from '../schemas/export';
import type { RouteDef } from './route-def';

/** Background exports: the caller's own export jobs (functions/http/exports.ts). */
export const EXPORTS_ROUTES = [
  // Background exports of any list: the caller's own jobs only.
  { id: 'exports.get', method: 'GET', path: '/api/exports/{id}', access: 'authenticated', handler: 'exports' },
] as const satisfies readonly RouteDef[];

export const EXPORTS_CONTRACTS = {
  'exports.get': {
    summary: 'Follow a background export',
    params: z.object({ id: z.string() }),
    response: exportJobSchema,
  },
} as const satisfies Record<(typeof EXPORTS_ROUTES)[number]['id'], RouteContract>;
