import { LIVE_LEASE_MS, leasedChannel, leaseOf } from '@shared/schemas/live';
import type { QueryCacheNotifyEvent, QueryClient } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { liveConfig } from '../api/runtimeConfig';
import { getSessionState, refreshSession, subscribeToSession } from '../session/sessionStore';
import { useSession } from '../session/useSession';
import { useSelectedTenant } from '../tenants/selectedTenant';
import { MAP_QUERY_KEY } from './applyChanges';
import { liveChannelsOf, secondsLeftOf } from './liveChannels';
import { catchUp, forgetCursor, rememberCursor } from './liveDelta';
import { liveStatus } from './liveStatus';
import { LiveSupervisor } from './liveSupervisor';

const tokenOf = () => getSessionState().session?.token ?? null;
const loadOpen = () => import('./liveConnection').then((module) => module.openLiveLink);

/** A token this close to its end is renewed before (re)connecting: the service would refuse it soon anyway. */
const RENEW_BEFORE_S = 60;
function freshenToken() {
  const token = tokenOf();
  const left = token ? secondsLeftOf(token) : null;
  if (left !== null && left < RENEW_BEFORE_S) void refreshSession();
}

/**
 * The lease of now, turning over when it ends (shared/schemas/live.ts): a subscription hears one lease only, so
 * the console subscribes again at each turn (the supervisor catches up through the delta after it) and the
 * authorizer decides again with the user's record as it is then.
 */
function useLiveLease(): number {
  const [lease, setLease] = useState(() => leaseOf(Date.now()));
  useEffect(() => {
    // A timer that fires a little early still turns the lease; one that fires late (a frozen tab) catches up.
    const turn = () => setLease((current) => Math.max(current + 1, leaseOf(Date.now())));
    const timer = setTimeout(turn, Math.max(0, (lease + 1) * LIVE_LEASE_MS - Date.now()));
    return () => clearTimeout(timer);
  }, [lease]);
  return lease;
}

/**
 * The console's live layer, mounted once in the signed-in layout: subscribes to the user's channels with the
 * session's token (again when the token is renewed or a super admin switches tenants), applies what arrives
 * to the cached data, and catches up when a hidden tab comes back.
 */
export function useLiveConsole() {
  const client = useQueryClient();
  const { user } = useSession();
  const token = useSyncExternalStore(subscribeToSession, tokenOf, tokenOf);
  const selected = useSelectedTenant();
  const supervisor = useRef<LiveSupervisor | null>(null);
  const lease = useLiveLease();
  const channels = liveChannelsOf(user, selected);
  const view = channels?.view ?? null;
  const own = channels?.own ?? null;

  useEffect(() => {
    const current = new LiveSupervisor(client, { loadOpen, catchUp, rememberCursor, freshenToken });
    supervisor.current = current;
    return () => {
      current.dispose();
      supervisor.current = null;
      forgetCursor();
    };
  }, [client]);

  // A cursor means something only in its own view: another tenant or customer starts from its map again.
  const viewKey = useMemo(() => `${user?.id}|${view}`, [user?.id, view]);
  useEffect(() => {
    if (viewKey) forgetCursor();
  }, [viewKey]);

  useEffect(() => {
    const config = liveConfig();
    const channels = view && own ? { view: leasedChannel(view, lease), own: leasedChannel(own, lease) } : null;
    const target = config && token && channels ? { ...config, token, channels } : null;
    supervisor.current?.update(target);
  }, [token, view, own, lease]);

  useEffect(() => {
    const onVisibility = () => {
      if (document.visibilityState === 'visible') supervisor.current?.onVisible();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, []);

  useEffect(() => followMapCursor(client), [client]);
}

interface MapPageLike {
  cursor?: unknown;
  next?: unknown;
}

/**
 * The full map answer carries the cursor it was read at (live-contract). Once all its pages are in, the
 * console continues from there and asks the delta once: changes that happened while the map was loading
 * (before the subscription, or pushed into a cache that had no map yet) are not lost.
 */
function followMapCursor(client: QueryClient) {
  let followed: string | null = null;
  return client.getQueryCache().subscribe((event: QueryCacheNotifyEvent) => {
    if (event.type !== 'updated' || event.action.type !== 'success' || event.action.manual) return;
    const key = event.query.queryKey;
    if (
      key.length !== MAP_QUERY_KEY.length ||
      key.some((part: unknown, index: number) => part !== MAP_QUERY_KEY[index])
    )
      return;
    const pages = (event.query.state.data as { pages?: MapPageLike[] } | undefined)?.pages ?? [];
    const first = pages[0]?.cursor;
    const done = typeof pages.at(-1)?.next !== 'string';
    if (typeof first !== 'string' || !done || first === followed) return;
    followed = first;
    rememberCursor(first);
    if (liveStatus() !== 'connecting') catchUp(client).catch(() => undefined);
  });
}
