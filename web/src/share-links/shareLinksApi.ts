import type { HydraCollection } from '@shared/hydra';
import { type SharedView, type ShareLink, type ShareLinkInput, shareLinkSchema } from '@shared/schemas/share-link';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../api/apiClient';
import type { ListRowsParams } from '../common/list/ListScreen';

/** Share links (docs/decisions/0322-share-links-that-expire-for-people-without-an-account.md). */
export const SHARE_LINKS_PAGE_SIZE = 30;

export const shareLinkKeys = {
  all: ['share-links'] as const,
  list: (page: number) => ['share-links', 'list', page] as const,
  shared: (token: string) => ['shared', token] as const,
};

export function useShareLinkList({ page }: ListRowsParams<never>) {
  const query = useQuery({
    queryKey: shareLinkKeys.list(page),
    queryFn: ({ signal }) =>
      api.get<HydraCollection<ShareLink>>('/api/share-links', {
        query: { page, itemsPerPage: SHARE_LINKS_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
  return {
    data: query.data,
    isPending: query.isPending,
    isError: query.isError,
    isPlaceholderData: query.isPlaceholderData,
  };
}

/** The answer holds the token: the only time the console sees it. */
export const createShareLink = async (input: ShareLinkInput) =>
  shareLinkSchema.parse(await api.post('/api/share-links', input));

export const revokeShareLink = (id: number) => api.post<ShareLink>(`/api/share-links/${id}/revoke`, {});

/** The public page's one read; no session is sent (nor needed). */
export const fetchSharedView = (token: string, signal?: AbortSignal) =>
  api.get<SharedView>(`/api/shared/${encodeURIComponent(token)}`, { signal, auth: false });

/** The address a recipient opens: the console's own origin, so the page finds the API as the console does. */
export const sharedPageUrl = (token: string) => `${window.location.origin}/shared/${token}`;
