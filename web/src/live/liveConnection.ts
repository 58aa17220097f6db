import { Amplify } from 'aws-amplify';
import { events } from 'aws-amplify/api';
import { Hub } from 'aws-amplify/utils';
import type { LiveHandlers, LiveLink, LiveTarget } from './liveSupervisor';
import { reachLocalStandIn } from './localSocket';

/**
 * The push connection through aws-amplify's Events client (AppSync Events; the local stand-in speaks the same
 * protocol). Loaded lazily by the live layer: the sign-in page never downloads amplify.
 */

/** A subscription not confirmed by then failed (AppSync answers subscribe_success or subscribe_error). */
const READY_MS = 15_000;
/** amplify's connection states (Hub 'api', ConnectionStateChange) that mean the socket is gone. */
const DOWN_STATES = new Set(['ConnectionDisrupted', 'ConnectionDisruptedPendingNetwork', 'Disconnected']);

let configuredFor = '';

function configure({ endpoint, region }: LiveTarget) {
  reachLocalStandIn(endpoint);
  if (configuredFor === `${endpoint}|${region}`) return;
  Amplify.configure({ API: { Events: { endpoint, region, defaultAuthMode: 'lambda' } } });
  configuredFor = `${endpoint}|${region}`;
}

type Channel = Awaited<ReturnType<typeof events.connect>>;
interface Opened {
  channel: Channel;
  subscription: { unsubscribe(): void };
}

function timeout(ms: number) {
  return new Promise<never>((_, reject) => setTimeout(() => reject(new Error('Subscription not ready')), ms));
}

/**
 * Subscribes to one channel and resolves once AppSync confirmed it. `essential`: an error on it later means the
 * console no longer hears its view, so the live layer reconnects; the user's own channel is not essential.
 */
async function subscribe(name: string, token: string, handlers: LiveHandlers, essential: boolean): Promise<Opened> {
  const auth = { authMode: 'lambda' as const, authToken: token };
  const channel = await events.connect(name, auth);
  const subscription = channel.subscribe(
    {
      next: (message: { event?: unknown }) => handlers.onMessage(message.event),
      error: () => {
        if (essential) handlers.onDown();
      },
    },
    auth,
  );
  try {
    await Promise.race([subscription.ready, timeout(READY_MS)]);
  } catch (error) {
    subscription.unsubscribe();
    await Promise.resolve(channel.close()).catch(() => undefined);
    throw error;
  }
  return { channel, subscription };
}

export async function openLiveLink(target: LiveTarget, handlers: LiveHandlers): Promise<LiveLink> {
  configure(target);
  const opened: Opened[] = [];
  let stopHub: () => void = () => undefined;
  const close = async () => {
    stopHub();
    for (const { channel, subscription } of opened.splice(0)) {
      subscription.unsubscribe();
      await Promise.resolve(channel.close()).catch(() => undefined);
    }
  };
  try {
    opened.push(await subscribe(target.channels.view, target.token, handlers, true));
    // The user's own channel (export jobs) is a bonus: without it exports fall back to their slow poll.
    const own = await subscribe(target.channels.own, target.token, handlers, false).catch(() => null);
    if (own) opened.push(own);
  } catch (error) {
    await close();
    throw error;
  }
  stopHub = Hub.listen('api', ({ payload }) => {
    const state = (payload.data as { connectionState?: string } | undefined)?.connectionState;
    if (payload.event === 'ConnectionStateChange' && state && DOWN_STATES.has(state)) handlers.onDown();
  });
  return { close };
}
