import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { notifyError } from '../common/notifications/notificationStore';
import { ApiError } from './ApiError';
import { errorMessage } from './errorMessage';

/** `meta: { silent: true }` on a query or mutation: it shows its own errors, no global notification. */
interface CallMeta extends Record<string, unknown> {
  silent?: boolean;
  /** The caller shows a save that met someone else's save (409/412) in its conflict dialog: no notification. */
  ownsConflicts?: boolean;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: CallMeta;
    mutationMeta: CallMeta;
  }
}

function notifyFailure(error: unknown, meta: CallMeta | undefined) {
  // A 401 reaching here means the session could not be renewed; the session reports that itself.
  if (meta?.silent || (error instanceof ApiError && error.status === 401)) return;
  if (meta?.ownsConflicts && error instanceof ApiError && (error.status === 409 || error.status === 412)) return;
  notifyError(errorMessage(error));
}

const isClientError = (error: unknown) => error instanceof ApiError && error.status >= 400 && error.status < 500;

export function createQueryClient() {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => notifyFailure(error, query.meta) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => notifyFailure(error, mutation.meta),
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => !isClientError(error) && failureCount < 2,
      },
      mutations: { retry: false },
    },
  });
}
