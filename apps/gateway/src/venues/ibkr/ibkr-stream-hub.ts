// The shared websocket outlives the call that opened it: its requests carry no call deadline.

import { randomUUID } from 'node:crypto';
import { AppError } from '@app/kit';
import WebSocket from 'ws';
import { NO_DEADLINE } from '../../upstream/call-deadline.js';
import type { Lifecycle } from '../../upstream/lifecycle.js';
import type { IbkrClient } from './ibkr-client.js';
import { StreamCache } from './ibkr-stream-cache.js';

export interface StreamHubOptions {
  /** No `system` heartbeat for this long: the socket is taken for dead (notes §6.4: 60 s). */
  heartbeatTimeoutMs: number;
  /** `tic` keep-alive (notes §6.4: every 30-50 s). */
  ticMs: number;
  /** A bot's subscriptions end after this long without any streaming call of that bot. */
  idleMs: number;
  /** Reconnect backoff bounds (1, 2, 4 … 30 s). */
  backoffMs: number;
  backoffCapMs: number;
}

export const STREAM_DEFAULTS: StreamHubOptions = {
  heartbeatTimeoutMs: 60_000,
  ticMs: 45_000,
  idleMs: 5 * 60_000,
  backoffMs: 1_000,
  backoffCapMs: 30_000,
};

/** Depth is scarce upstream (notes §6.3): at most this many conids per environment. */
export const MAX_DEPTH_STREAMS = 3;
export const TICK_FIELDS = ['31', '84', '86', '85', '88', '7059', '7762'];

interface Subscription {
  id: string;
  owner: string;
  conid: number;
  kind: 'tick' | 'depth';
}

/**
 * The one websocket of an environment (notes §6.4), owned here and shared by every bot: subscriptions are
 * counted per (kind, conid) and sent upstream on the first reference only, released on the last; the merged
 * last values live in a cache that get_tick / get_depth read. Heartbeats are watched; a lost socket is
 * reconnected with backoff and every active subscription sent again, values marked stale until fresh data.
 */
export class IbkrStreamHub {
  readonly cache = new StreamCache();
  readonly #subs = new Map<string, Subscription>();
  readonly #lastUse = new Map<string, number>();
  #socket: WebSocket | undefined;
  #connecting: Promise<void> | undefined;
  #authenticated = false;
  #lastHeartbeat = 0;
  #attempt = 0;
  #reconnectTimer: NodeJS.Timeout | undefined;
  #closed = false;
  connects = 0;
  heartbeatLosses = 0;

  constructor(
    private readonly client: IbkrClient,
    private readonly lifecycle: Lifecycle,
    private readonly options: StreamHubOptions = STREAM_DEFAULTS,
    private readonly now: () => number = Date.now,
  ) {
    lifecycle.onClose(() => this.close());
    lifecycle.interval(() => this.#watch(), Math.min(1_000, options.heartbeatTimeoutMs / 4));
    lifecycle.interval(() => this.#send('tic'), options.ticMs);
  }

  get connected(): boolean {
    return this.#socket?.readyState === WebSocket.OPEN && this.#authenticated;
  }

  /** Upstream references per kind and conid, as sent on the socket. */
  references(kind: 'tick' | 'depth', conid: number): number {
    let count = 0;
    for (const sub of this.#subs.values()) if (sub.kind === kind && sub.conid === conid) count++;
    return count;
  }

  get subscriptionCount(): number {
    return this.#subs.size;
  }

  async subscribe(owner: string, conid: number, kind: 'tick' | 'depth'): Promise<Subscription> {
    this.touch(owner);
    if (kind === 'depth' && this.references('depth', conid) === 0) {
      const conids = new Set([...this.#subs.values()].filter((s) => s.kind === 'depth').map((s) => s.conid));
      if (conids.size >= MAX_DEPTH_STREAMS)
        throw new AppError(
          429,
          'DEPTH_STREAMS_EXHAUSTED',
          `at most ${MAX_DEPTH_STREAMS} depth streams per environment; unsubscribe one first`,
          {
            retryable: true,
            details: { limit: MAX_DEPTH_STREAMS, conids: [...conids] },
          },
        );
    }
    const sub = { id: `sub-${randomUUID()}`, owner, conid, kind };
    const first = this.references(kind, conid) === 0;
    // A socket opened now sends every held subscription itself once authenticated (this one included).
    const open = this.connected;
    this.#subs.set(sub.id, sub);
    try {
      await this.#ensureSocket();
    } catch (error) {
      // The caller gets no id for it, so nothing may keep it alive.
      this.#subs.delete(sub.id);
      throw error;
    }
    if (first && open) this.#send(this.#subscribeMessage(kind, conid));
    return sub;
  }

  /** Drops one reference; the last one of a (kind, conid) stops the upstream stream. False if unknown. */
  unsubscribe(id: string, owner?: string): boolean {
    const sub = this.#subs.get(id);
    if (!sub || (owner !== undefined && sub.owner !== owner)) return false;
    this.#subs.delete(id);
    if (this.references(sub.kind, sub.conid) === 0) {
      if (sub.kind === 'tick') this.#send(`umd+${sub.conid}+{}`);
      else if (![...this.#subs.values()].some((s) => s.kind === 'depth'))
        this.#send(`ubd+${this.#account()}`);
      this.cache.forget(sub.kind, sub.conid);
    }
    return true;
  }

  /** Any streaming call of a bot keeps all its subscriptions alive. */
  touch(owner: string): void {
    this.#lastUse.set(owner, this.now());
  }

  /** Waits for the first fresh value of a (kind, conid) after subscribing. */
  waitFresh(kind: 'tick' | 'depth', conid: number, timeoutMs: number) {
    return this.cache.waitFresh(kind, conid, timeoutMs);
  }

  /** Closes and reopens the socket (key rotation, a new LST): every subscription is sent again. */
  async reconnect(): Promise<void> {
    this.#socket?.terminate();
    this.#socket = undefined;
    this.#authenticated = false;
    if (this.#subs.size > 0) await this.#ensureSocket();
  }

  close(): void {
    this.#closed = true;
    clearTimeout(this.#reconnectTimer);
    this.#socket?.terminate();
  }

  #account(): string {
    return this.client.session.info?.selectedAccount ?? '';
  }

  #subscribeMessage(kind: 'tick' | 'depth', conid: number): string {
    return kind === 'tick'
      ? `smd+${conid}+${JSON.stringify({ fields: TICK_FIELDS })}`
      : `sbd+${this.#account()}+${conid}+SMART`;
  }

  #send(message: string): void {
    if (this.connected) this.#socket!.send(message);
  }

  #ensureSocket(): Promise<void> {
    if (this.connected || this.#closed) return Promise.resolve();
    this.#connecting ??= this.#open().finally(() => {
      this.#connecting = undefined;
    });
    return this.#connecting;
  }

  async #open(): Promise<void> {
    // Opening the session tickles once and keeps the cookie; only a session without one asks again.
    await this.client.session.ensure(NO_DEADLINE);
    if (!this.client.session.cookie) await this.client.session.tickle(undefined);
    const token = this.client.authorizer?.keys().accessToken ?? '';
    const url = `${this.client.http.baseUrl.replace(/^http/, 'ws')}/ws?oauth_token=${encodeURIComponent(token)}`;
    const socket = new WebSocket(url, {
      headers: { cookie: `api=${this.client.session.cookie}`, 'user-agent': 'ClientPortalGW/1' },
    });
    this.#socket = socket;
    this.#authenticated = false;
    this.connects += 1;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(new AppError(502, 'UPSTREAM_UNAVAILABLE', 'broker websocket did not authenticate in time')),
        10_000,
      );
      socket.on('message', (data) => {
        const wasAuthenticated = this.#authenticated;
        this.#onMessage(data.toString());
        if (!wasAuthenticated && this.#authenticated) {
          clearTimeout(timer);
          this.#attempt = 0;
          this.#resubscribe();
          resolve();
        }
      });
      socket.on('error', (error) => {
        clearTimeout(timer);
        reject(new AppError(502, 'UPSTREAM_UNAVAILABLE', `broker websocket failed: ${error.message}`));
      });
      socket.on('close', () => {
        clearTimeout(timer);
        if (this.#socket === socket) this.#lost();
        reject(new AppError(502, 'UPSTREAM_UNAVAILABLE', 'broker websocket closed before it authenticated'));
      });
    });
  }

  #onMessage(text: string): void {
    let message: Record<string, unknown>;
    try {
      message = JSON.parse(text) as Record<string, unknown>;
    } catch {
      return;
    }
    const topic = String(message.topic ?? '');
    if (topic === 'system') {
      this.#lastHeartbeat = this.now();
      if (typeof message.hb === 'number') this.cache.serverTime = { hb: message.hb, at: this.now() };
    } else if (topic === 'sts') {
      const args = (message.args ?? {}) as { authenticated?: boolean };
      this.#authenticated = args.authenticated === true;
      this.#lastHeartbeat = this.now();
      if (!this.#authenticated) this.#socket?.terminate();
    } else if (topic.startsWith('smd+')) this.cache.mergeTick(Number(topic.slice(4)), message, this.now());
    else if (topic.startsWith('sbd'))
      this.cache.setDepth(Number(topic.split('+')[2]), message.data, this.now());
  }

  /** Every active (kind, conid) once, paced by the socket's own order. */
  #resubscribe(): void {
    const sent = new Set<string>();
    for (const sub of this.#subs.values()) {
      const message = this.#subscribeMessage(sub.kind, sub.conid);
      if (!sent.has(message)) this.#socket!.send(message);
      sent.add(message);
    }
  }

  #lost(): void {
    this.#socket = undefined;
    this.#authenticated = false;
    this.cache.markAllStale();
    if (this.#closed || this.lifecycle.closed || this.#subs.size === 0) return;
    const delay = Math.min(this.options.backoffCapMs, this.options.backoffMs * 2 ** this.#attempt++);
    clearTimeout(this.#reconnectTimer);
    this.#reconnectTimer = setTimeout(() => void this.#ensureSocket().catch(() => this.#lost()), delay);
  }

  /** Heartbeat loss and idle bots, checked on a timer. */
  #watch(): void {
    const now = this.now();
    if (this.connected && now - this.#lastHeartbeat > this.options.heartbeatTimeoutMs) {
      this.heartbeatLosses += 1;
      this.#socket?.terminate();
    }
    for (const sub of [...this.#subs.values()])
      if (now - (this.#lastUse.get(sub.owner) ?? 0) > this.options.idleMs) this.unsubscribe(sub.id);
  }
}
