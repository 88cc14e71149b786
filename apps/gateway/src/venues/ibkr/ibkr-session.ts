import type { CallDeadline, Deadline } from '../../upstream/call-deadline.js';
import type { Lifecycle } from '../../upstream/lifecycle.js';
import type { UpstreamHttp } from '../../upstream/upstream-types.js';
import { readBody } from './ibkr-errors.js';

/** `/tickle` interval (notes §3.1 step 7). */
export const TICKLE_MS = 60_000;

/**
 * Message ids suppressed at session start (notes §5.5, the usual ones): informational warnings a bot cannot
 * act on. Questions about the order itself (o163 price constraint, o10331 stop risk) are not suppressed;
 * the reply loop answers them from its allow-list.
 */
export const SUPPRESSED_IDS = ['o354', 'o383', 'o451', 'o2136', 'o2137', 'o10082', 'o10138', 'p12'];

export interface AccountsInfo {
  accounts: string[];
  selectedAccount: string;
  isPaper: boolean;
}

/**
 * The brokerage session of one environment (notes §3.7): `ssodh/init` (compete), `/iserver/accounts`,
 * question suppression, then `/tickle` every minute. Opened once on first use (one opening in flight);
 * reopened when a call finds it gone ("no bridge") or `/tickle` reports it unauthenticated or competing.
 */
export class BrokerageSession {
  #opening: Promise<AccountsInfo> | undefined;
  #info: AccountsInfo | undefined;
  /** The websocket cookie value from the last `/tickle`. */
  cookie: string | undefined;
  /** The HTTP `Date` of the latest `/tickle` answer and when it came (get_clock). */
  lastServerDate: { date: number; receivedAt: number } | undefined;
  opened = 0;
  /** How often `/tickle` keeps the session alive (TICKLE_MS; tests shorten it). */
  tickleMs = TICKLE_MS;
  #tickler: NodeJS.Timeout | undefined;

  constructor(
    private readonly http: UpstreamHttp,
    private readonly lifecycle: Lifecycle,
  ) {}

  get info(): AccountsInfo | undefined {
    return this.#info;
  }

  /** The open session; opened under the deadline of the call that needs it first (callers share the opening). */
  ensure(toolCall: CallDeadline): Promise<AccountsInfo> {
    if (this.#info) return Promise.resolve(this.#info);
    this.#opening ??= this.#open(toolCall.deadline).finally(() => {
      this.#opening = undefined;
    });
    return this.#opening;
  }

  /** Forgets the session; the next call opens it again. */
  invalidate(): void {
    this.#info = undefined;
  }

  async #open(deadline: Deadline): Promise<AccountsInfo> {
    const env = this.http.environment;
    readBody(
      await this.http.request(
        {
          method: 'POST',
          path: '/iserver/auth/ssodh/init',
          body: { publish: true, compete: true },
          idempotent: true,
        },
        deadline,
      ),
      env,
      'ssodh/init',
    );
    const accounts = readBody(
      await this.http.request({ method: 'GET', path: '/iserver/accounts', idempotent: true }, deadline),
      env,
      'accounts',
    ) as AccountsInfo;
    readBody(
      await this.http.request(
        {
          method: 'POST',
          path: '/iserver/questions/suppress',
          body: { messageIds: SUPPRESSED_IDS },
          idempotent: true,
        },
        deadline,
      ),
      env,
      'question suppression',
    );
    this.#info = {
      accounts: accounts.accounts,
      selectedAccount: accounts.selectedAccount,
      isPaper: accounts.isPaper,
    };
    this.opened += 1;
    if (!this.#tickler && !this.lifecycle.closed)
      this.#tickler = this.lifecycle.interval(
        () => void this.tickle(undefined).catch(() => undefined),
        this.tickleMs,
      );
    await this.tickle(deadline);
    return this.#info;
  }

  /**
   * Keeps the session alive; a lost or competing session is reopened on the next call. `deadline`: the
   * opening call's, undefined for the periodic tickle.
   */
  async tickle(deadline: Deadline): Promise<void> {
    const response = await this.http.request<{
      session?: string;
      iserver?: { authStatus?: { authenticated?: boolean; competing?: boolean } };
    }>({ method: 'POST', path: '/tickle', idempotent: true }, deadline);
    const body = readBody(response, this.http.environment, 'tickle') as typeof response.body;
    if (body.session) this.cookie = body.session;
    const date = Date.parse(String(response.headers.date ?? ''));
    if (Number.isFinite(date)) this.lastServerDate = { date, receivedAt: response.receivedAt };
    const status = body.iserver?.authStatus;
    if (status && (status.authenticated === false || status.competing === true)) this.invalidate();
  }
}
