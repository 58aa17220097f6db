import { createHttpHandler } from '../lib/http/handler';

/** Routes of this module answer 501 until their feature lands (see shared/routes.ts). */
export const handler = createHttpHandler('events', {});
