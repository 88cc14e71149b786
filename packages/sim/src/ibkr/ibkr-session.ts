import { randomBytes } from 'node:crypto';

/** Idle time after which the brokerage session closes (notes §8.1: configurable, default 5 minutes). */
export const SESSION_IDLE_MS = 5 * 60_000;

/**
 * The brokerage session of one username (one per instance): opened by `ssodh/init`, needing
 * `/iserver/accounts` before snapshots and orders, kept alive by any request, taken by a competing login.
 * Carries the quirks of notes §0.4: the first snapshot per conid and the first orders read are empty.
 */
export class BrokerageSession {
  bridge = false;
  accountsRead = false;
  competing = false;
  /** The websocket cookie value `/tickle` answers. */
  cookie = randomBytes(16).toString('hex');
  lastActivity = 0;
  readonly preflighted = new Set<number>();
  ordersReadOnce = false;
  readonly suppressed = new Set<string>();
  /** Ids a test wants asked on the next order (the sim's control route), besides the price rule. */
  forcedQuestions: string[] = [];

  constructor(private readonly now: () => number) {}

  /** Opens (or re-opens) the session: a fresh one forgets accounts, preflights and suppression. */
  open(): void {
    if (!this.bridge || this.competing) {
      this.accountsRead = false;
      this.preflighted.clear();
      this.ordersReadOnce = false;
      this.suppressed.clear();
    }
    this.bridge = true;
    this.competing = false;
    this.touch();
  }

  close(): void {
    this.bridge = false;
    this.accountsRead = false;
  }

  touch(): void {
    this.lastActivity = this.now();
  }

  /** Whether `/iserver` calls can go through; an idle session closes first. */
  alive(): boolean {
    if (this.bridge && this.now() - this.lastActivity > SESSION_IDLE_MS) this.close();
    return this.bridge && !this.competing;
  }

  authStatus(serverName: string) {
    const alive = this.alive();
    return {
      authenticated: alive,
      competing: this.competing,
      connected: true,
      established: alive,
      message: '',
      fail: '',
      MAC: '98:F2:B3:23:BF:A0',
      serverInfo: { serverName, serverVersion: 'Build 10.25.0p, Dec 5, 2023 5:48:12 PM' },
    };
  }
}
