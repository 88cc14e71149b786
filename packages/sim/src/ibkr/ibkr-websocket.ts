import type { IncomingMessage } from 'node:http';
import type { WebSocket } from 'ws';
import type { AccountScope } from './ibkr-account-routes.js';
import { stockByConid } from './ibkr-contracts.js';
import { quoteFields } from './ibkr-market-routes.js';

export interface StreamSettings {
  /** How often subscribed conids get their changed fields. */
  tickMs: number;
  /** `{"topic":"system","hb":…}` interval (notes §6.2: about 10 s). */
  heartbeatMs: number;
}

/**
 * The websocket of the simulated IBKR (`/v1/api/ws?oauth_token=…`, `Cookie: api=<session>`; notes §6): the
 * `system` greeting and heartbeats, `sts`, `smd`/`umd` top of book (first message full, then changed fields),
 * `sbd`/`ubd` depth ladders, `sor` order updates, `spl` P&L, `tic`/`ech` pings. Counts subscriptions per conid
 * so tests can see what the gateway holds upstream; `drop()` and `silence` are the faults.
 */
export class IbkrStreams {
  readonly sockets = new Set<WebSocket>();
  /** conid → number of sockets subscribed (smd). */
  readonly subscriptions = new Map<number, number>();
  readonly depth = new Map<number, number>();
  /** While true no heartbeats are sent (a heartbeat-loss fault). */
  silence = false;
  #timers: NodeJS.Timeout[] = [];

  constructor(
    private readonly scope: AccountScope,
    private readonly accessToken: () => string[],
    private readonly settings: StreamSettings,
  ) {
    this.#timers.push(setInterval(() => this.#heartbeat(), settings.heartbeatMs).unref());
  }

  handle = (socket: WebSocket, request: IncomingMessage): void => {
    const url = new URL(request.url ?? '/', 'http://sim');
    const cookie = /(?:^|;\s*)api=([^;]+)/.exec(request.headers.cookie ?? '')?.[1];
    if (
      !this.accessToken().includes(url.searchParams.get('oauth_token') ?? '') ||
      cookie !== this.scope.session.cookie
    ) {
      socket.close(1008, 'not authorized');
      return;
    }
    if (!this.scope.session.alive()) {
      socket.send(JSON.stringify({ message: 'waiting for session' }));
      socket.close(1008, 'no session');
      return;
    }
    this.sockets.add(socket);
    const mine = {
      smd: new Map<number, Record<string, string>>(),
      sbd: new Set<number>(),
      sor: false,
      spl: false,
    };
    const send = (message: unknown) =>
      socket.readyState === socket.OPEN && socket.send(JSON.stringify(message));
    send({ topic: 'system', success: this.scope.username, isPaper: this.scope.isPaper });
    send({
      topic: 'sts',
      args: {
        authenticated: true,
        competing: false,
        message: '',
        fail: '',
        serverName: this.scope.serverName,
        serverVersion: 'Build 10.25.0p',
        username: this.scope.username,
      },
    });
    const unsubscribeCore = this.scope.core.subscribe(() => {
      if (mine.sor) send({ topic: 'sor', args: [] });
    });
    const ticker = setInterval(() => {
      this.scope.core.sync();
      for (const [conid, previous] of mine.smd) {
        const now = quoteFields(this.scope, conid);
        const changed = Object.fromEntries(
          Object.entries(now).filter(([code, value]) => previous[code] !== value),
        );
        if (Object.keys(changed).length === 0) continue;
        mine.smd.set(conid, now);
        send({
          topic: `smd+${conid}`,
          conid,
          conidEx: String(conid),
          server_id: 'q0',
          _updated: this.scope.now(),
          ...changed,
        });
      }
      for (const conid of mine.sbd)
        send({ topic: `sbd+${this.scope.account}+${conid}`, data: this.#ladder(conid) });
      if (mine.spl) send({ topic: 'spl', args: this.#pnl() });
    }, this.settings.tickMs).unref();
    const count = (map: Map<number, number>, conid: number, delta: number) => {
      const next = (map.get(conid) ?? 0) + delta;
      if (next <= 0) map.delete(conid);
      else map.set(conid, next);
    };
    socket.on('message', (data) => {
      const text = data.toString();
      const [topic, first, second] = text.split('+');
      const conid = Number(first?.split('@')[0]);
      if (topic === 'smd' && stockByConid(conid) && !mine.smd.has(conid)) {
        mine.smd.set(conid, {});
        count(this.subscriptions, conid, 1);
      } else if (topic === 'umd' && mine.smd.delete(conid)) count(this.subscriptions, conid, -1);
      else if (topic === 'sbd' && first === this.scope.account && stockByConid(Number(second))) {
        if (!mine.sbd.has(Number(second))) count(this.depth, Number(second), 1);
        mine.sbd.add(Number(second));
      } else if (topic === 'ubd') {
        for (const c of mine.sbd) count(this.depth, c, -1);
        mine.sbd.clear();
      } else if (topic === 'sor') mine.sor = true;
      else if (topic === 'uor') mine.sor = false;
      else if (topic === 'spl') mine.spl = true;
      else if (topic === 'upl') mine.spl = false;
      else if (text === 'tic') send({ topic: 'tic', alive: true, lastAccessed: this.scope.now() });
    });
    socket.on('close', () => {
      clearInterval(ticker);
      unsubscribeCore();
      this.sockets.delete(socket);
      for (const c of mine.smd.keys()) count(this.subscriptions, c, -1);
      for (const c of mine.sbd) count(this.depth, c, -1);
    });
  };

  #ladder(conid: number) {
    const { bids, asks } = this.scope.core.book(String(conid), 5);
    const rows: Record<string, number>[] = [];
    for (const level of [...asks].reverse())
      rows.push({ row: rows.length, focus: 0, price: level.price, ask: Math.round(level.size) });
    rows.push({ row: rows.length, focus: 1, price: this.scope.core.prices(String(conid)).last });
    for (const level of bids)
      rows.push({ row: rows.length, focus: 0, price: level.price, bid: Math.round(level.size) });
    return rows;
  }

  #pnl() {
    const positions = this.scope.core.positions(this.scope.account);
    const upl = positions.reduce((sum, position) => sum + position.unrealisedPnl, 0);
    const dpl = positions.reduce((sum, position) => sum + position.realisedPnl, 0);
    return {
      [`${this.scope.account}.Core`]: {
        rowType: 1,
        dpl,
        upl,
        nl: this.scope.core.summary(this.scope.account, 'USD').equity,
      },
    };
  }

  #heartbeat(): void {
    if (this.silence) return;
    for (const socket of this.sockets) socket.send(JSON.stringify({ topic: 'system', hb: this.scope.now() }));
  }

  /** The drop-socket fault: every connection ends without a close frame. */
  drop(): void {
    for (const socket of this.sockets) socket.terminate();
  }

  close(): void {
    for (const timer of this.#timers) clearInterval(timer);
    this.drop();
  }
}
