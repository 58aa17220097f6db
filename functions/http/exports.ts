import { readExportJob } from '../lib/exports/export-job-status';
import { createHttpHandler, route } from '../lib/http/handler';

/** Background export jobs of every list (functions/lib/exports/export-jobs.ts): the caller's own only. */
export const handler = createHttpHandler('exports', {
  'exports.get': route({ run: ({ auth, params }) => readExportJob(auth, params.id ?? '') }),
});
