import { createHttpHandler, route } from '../lib/http/handler';
import { readUtilisation } from '../lib/utilisation/utilisation-report';

/**
 * Utilisation (GET /api/utilisation): the nightly rollup's figures of up to 12 months, in the caller's scope
 * (functions/lib/utilisation/utilisation-report.ts).
 */
export const handler = createHttpHandler('utilisation', {
  'utilisation.report': route({ run: async ({ auth, query }) => readUtilisation(auth, query) }),
});
