import type { QueryClient } from '@tanstack/react-query';
import { applyChanges } from './applyChanges';
import { registerPushState } from './exportWaits';
import { readLiveEvent } from './liveChanges';
import { liveStatus, setLiveStatus } from './liveStatus';

/** Where and as whom to subscribe: the view channel (staff or the customer's) and the user's own. */
export interface LiveTarget {
  endpoint: string;
  region: string;
  token: string;
  channels: { view: string; own: string };
}

export interface LiveHandlers {
  onMessage(value: unknown): void;
  /** The connection dropped or the view's subscription failed after it was ready. */
  onDown(): void;
}

export interface LiveLink {
  close(): Promise<void>;
}

/** Opens the connection and subscriptions (liveConnection.ts, loaded lazily with aws-amplify). */
export type OpenLink = (target: LiveTarget, handlers: LiveHandlers) => Promise<LiveLink>;

/** How the supervisor reaches the rest of the console (liveDelta.ts and the session, in the app). */
export interface SupervisorDeps {
  loadOpen(): Promise<OpenLink>;
  catchUp(client: QueryClient, options: { conditional?: boolean; afterGap?: boolean }): Promise<void>;
  rememberCursor(cursor: string | null): void;
  /** Renews the session's token when it is about to expire (a new token then arrives through update()). */
  freshenToken(): void;
}

/** The 30 s conditional poll of the delta while push is unavailable. */
export const POLL_MS = 30_000;
/** A connection not ready by then counts as failed (amplify itself retries for ~10 s). */
const CONNECT_TIMEOUT_MS = 20_000;
/** After this many failures in a row the console says it is polling (it keeps trying to connect). */
const FAILURES_BEFORE_POLLING = 2;
const retryDelay = (failures: number) => Math.min(2000 * 2 ** failures, 60_000);

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timeout')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/**
 * Keeps the console subscribed to the right channels with the current token, and never lets a change be
 * missed: a new token or tenant re-subscribes; a drop reconnects and catches up through the map's delta;
 * repeated failures (or no push service at all) fall back to polling the delta every 30 s.
 */
export class LiveSupervisor {
  private key = '';
  private generation = 0;
  private link: LiveLink | null = null;
  private failures = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private pollTimer: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly client: QueryClient,
    private readonly deps: SupervisorDeps,
  ) {
    registerPushState(() => liveStatus() === 'live');
  }

  /** The current target; null when push is unavailable (no push configured, or no view to subscribe to). */
  update(target: LiveTarget | null) {
    const key = target ? JSON.stringify([target.endpoint, target.token, target.channels]) : 'none';
    if (key === this.key) return;
    this.key = key;
    this.restart();
    this.failures = 0;
    if (!target) return this.startPolling();
    if (liveStatus() !== 'polling') setLiveStatus('connecting');
    void this.attempt(this.generation, target);
  }

  /** A hidden tab came back: whatever arrived meanwhile is asked for (a frozen tab may have missed messages). */
  onVisible() {
    if (liveStatus() !== 'connecting') this.catchUp({ afterGap: true });
  }

  dispose() {
    this.key = '';
    this.restart();
    this.stopPolling();
  }

  private restart() {
    this.generation += 1;
    clearTimeout(this.retryTimer);
    const link = this.link;
    this.link = null;
    void link?.close().catch(() => undefined);
  }

  private async attempt(generation: number, target: LiveTarget) {
    this.deps.freshenToken();
    let link: LiveLink;
    try {
      const open = await this.deps.loadOpen();
      link = await withTimeout(open(target, this.handlersFor(generation, target)), CONNECT_TIMEOUT_MS);
    } catch {
      if (generation === this.generation) this.failed(target);
      return;
    }
    if (generation !== this.generation) return void link.close().catch(() => undefined);
    this.link = link;
    this.failures = 0;
    this.stopPolling();
    setLiveStatus('live');
    // Changes between the last state read (the map's answer, or before a drop) and the subscription.
    this.catchUp({ afterGap: false });
  }

  private handlersFor(generation: number, target: LiveTarget): LiveHandlers {
    return {
      onMessage: (value) => {
        if (generation !== this.generation) return;
        const event = readLiveEvent(value);
        if (!event) return;
        this.deps.rememberCursor(event.cursor);
        applyChanges(this.client, event.changes);
      },
      onDown: () => {
        if (generation !== this.generation) return;
        this.restart();
        if (liveStatus() !== 'polling') setLiveStatus('connecting');
        const next = this.generation;
        this.retryTimer = setTimeout(() => void this.attempt(next, target), 1000);
      },
    };
  }

  private failed(target: LiveTarget) {
    this.restart();
    this.failures += 1;
    if (this.failures >= FAILURES_BEFORE_POLLING) this.startPolling();
    const next = this.generation;
    this.retryTimer = setTimeout(() => void this.attempt(next, target), retryDelay(this.failures));
  }

  private startPolling() {
    setLiveStatus('polling');
    if (this.pollTimer !== undefined) return;
    this.pollTimer = setInterval(() => this.catchUp({ conditional: true }), POLL_MS);
  }

  private stopPolling() {
    clearInterval(this.pollTimer);
    this.pollTimer = undefined;
  }

  private catchUp(options: { conditional?: boolean; afterGap?: boolean }) {
    this.deps.catchUp(this.client, options).catch(() => undefined);
  }
}
