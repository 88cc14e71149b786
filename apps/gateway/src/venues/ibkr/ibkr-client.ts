import type { CallDeadline } from '../../upstream/call-deadline.js';
import type { Lifecycle } from '../../upstream/lifecycle.js';
import type { UpstreamHttp, UpstreamRequest, UpstreamResponse } from '../../upstream/upstream-types.js';
import type { IbkrAuthorizer } from './ibkr-authorizer.js';
import { readBody, sessionMissing } from './ibkr-errors.js';
import { DEFAULT_AUTO_CONFIRM, type QuestionVeto, submitWithReplies } from './ibkr-orders.js';
import { type AccountsInfo, BrokerageSession } from './ibkr-session.js';
import { IbkrStreamHub, STREAM_DEFAULTS, type StreamHubOptions } from './ibkr-stream-hub.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Snapshot preflight: the first answer per conid carries no fields (notes §0.4); asked again up to 5 times. */
const SNAPSHOT_TRIES = 6;
const SNAPSHOT_RETRY_MS = 250;
export const TICKER_FIELDS = ['31', '84', '86', '85', '88', '7059', '7762'];
export const SNAPSHOT_FIELDS = [
  ...TICKER_FIELDS,
  '7295',
  '70',
  '71',
  '7296',
  '7741',
  '82',
  '83',
  '87',
  '7635',
  '6509',
  '55',
  '7051',
];

export interface Fetched<T> {
  data: T;
  receivedAt: number;
}

/**
 * The IBKR Web API client of one environment: every `/iserver` call opens the brokerage session first (and
 * once more when the venue says it is gone), handles the snapshot and first-orders quirks so callers never
 * see them, and runs order writes through the reply loop. Signing is the authorizer's (per attempt).
 */
export class IbkrClient {
  readonly session: BrokerageSession;
  readonly allowed: Set<string>;
  #ordersReadInSession = -1;
  #streams: IbkrStreamHub | undefined;
  /** Settings of the shared websocket, set by the namespace before its first use. */
  streamOptions: StreamHubOptions = STREAM_DEFAULTS;

  constructor(
    readonly http: UpstreamHttp,
    readonly authorizer: IbkrAuthorizer | undefined,
    private readonly lifecycle: Lifecycle,
    autoConfirm: readonly string[] = DEFAULT_AUTO_CONFIRM,
  ) {
    this.session = new BrokerageSession(http, lifecycle);
    this.allowed = new Set(autoConfirm);
  }

  /** The environment's one shared websocket, opened on the first subscription. */
  get streams(): IbkrStreamHub {
    this.#streams ??= new IbkrStreamHub(this, this.lifecycle, this.streamOptions);
    return this.#streams;
  }

  get environment() {
    return this.http.environment;
  }

  async account(toolCall: CallDeadline): Promise<string> {
    return (await this.session.ensure(toolCall)).selectedAccount;
  }

  accounts(toolCall: CallDeadline): Promise<AccountsInfo> {
    return this.session.ensure(toolCall);
  }

  /** One call; `/iserver` paths open the session first and reopen it once if the venue lost it. */
  async send(toolCall: CallDeadline, request: UpstreamRequest): Promise<UpstreamResponse> {
    const brokerage = request.path.startsWith('/iserver');
    if (brokerage) await this.session.ensure(toolCall);
    const response = await this.http.request(request, toolCall.deadline, toolCall.dryRun);
    if (!brokerage || !sessionMissing(response)) return response;
    this.session.invalidate();
    await this.session.ensure(toolCall);
    return this.http.request(request, toolCall.deadline, toolCall.dryRun);
  }

  async read<T>(
    toolCall: CallDeadline,
    request: Omit<UpstreamRequest, 'idempotent'>,
    what: string,
  ): Promise<Fetched<T>> {
    const response = await this.send(toolCall, { ...request, idempotent: true });
    return { data: readBody(response, this.environment, what) as T, receivedAt: response.receivedAt };
  }

  authStatus(toolCall: CallDeadline) {
    return this.read<Record<string, unknown>>(
      toolCall,
      { method: 'POST', path: '/iserver/auth/status' },
      'auth status',
    );
  }

  async summary(toolCall: CallDeadline) {
    const account = await this.account(toolCall);
    return this.read<Record<string, { amount?: number; value?: string | null }>>(
      toolCall,
      { method: 'GET', path: `/portfolio/${account}/summary` },
      'account summary',
    );
  }

  async ledger(toolCall: CallDeadline) {
    const account = await this.account(toolCall);
    return this.read<Record<string, Record<string, unknown>>>(
      toolCall,
      { method: 'GET', path: `/portfolio/${account}/ledger` },
      'ledger',
    );
  }

  /** Every position page until a short one (notes §5.2), after invalidating the server's cache. */
  async positions(toolCall: CallDeadline): Promise<Fetched<Record<string, unknown>[]>> {
    const account = await this.account(toolCall);
    await this.send(toolCall, {
      method: 'POST',
      path: `/portfolio/${account}/positions/invalidate`,
      idempotent: true,
    });
    const rows: Record<string, unknown>[] = [];
    let receivedAt = 0;
    for (let page = 0; page < 50; page++) {
      const fetched = await this.read<Record<string, unknown>[]>(
        toolCall,
        { method: 'GET', path: `/portfolio/${account}/positions/${page}` },
        'positions',
      );
      receivedAt = fetched.receivedAt;
      rows.push(...fetched.data);
      const pageSize = Number(fetched.data[0]?.pageSize ?? 100);
      if (fetched.data.length < pageSize) break;
    }
    return { data: rows, receivedAt };
  }

  /**
   * Live orders; the first read of a session can be empty while the server subscribes (notes §0.4), so it is
   * read a second time once per session.
   */
  async liveOrders(toolCall: CallDeadline): Promise<Fetched<Record<string, unknown>[]>> {
    await this.session.ensure(toolCall);
    const first = this.#ordersReadInSession !== this.session.opened;
    let fetched = await this.read<{ orders?: Record<string, unknown>[]; snapshot?: boolean }>(
      toolCall,
      { method: 'GET', path: '/iserver/account/orders', ...(first ? { query: { force: true } } : {}) },
      'open orders',
    );
    if (first) {
      this.#ordersReadInSession = this.session.opened;
      await sleep(SNAPSHOT_RETRY_MS);
      fetched = await this.read(toolCall, { method: 'GET', path: '/iserver/account/orders' }, 'open orders');
    }
    return { data: fetched.data.orders ?? [], receivedAt: fetched.receivedAt };
  }

  trades(toolCall: CallDeadline, days: number) {
    return this.read<Record<string, unknown>[]>(
      toolCall,
      { method: 'GET', path: '/iserver/account/trades', query: { days } },
      'executions',
    );
  }

  /** Snapshot rows with the requested fields, asking again while the preflight answers come back empty. */
  async snapshot(
    toolCall: CallDeadline,
    conids: number[],
    fields: string[],
  ): Promise<Fetched<Record<string, unknown>[]>> {
    const query = { conids: conids.join(','), fields: fields.join(',') };
    for (let attempt = 1; ; attempt++) {
      const fetched = await this.read<Record<string, unknown>[]>(
        toolCall,
        { method: 'GET', path: '/iserver/marketdata/snapshot', query },
        'snapshot',
      );
      const complete = fetched.data.every((row) => '31' in row || '84' in row);
      if (complete || attempt >= SNAPSHOT_TRIES) return fetched;
      await sleep(SNAPSHOT_RETRY_MS);
    }
  }

  /** Places (or amends) through the reply loop; the body is the full ticket list; `veto` may decline a question. */
  async placeOrders(toolCall: CallDeadline, tickets: Record<string, unknown>[], veto?: QuestionVeto) {
    const account = await this.account(toolCall);
    return submitWithReplies(
      this,
      toolCall,
      `/iserver/account/${account}/orders`,
      { orders: tickets },
      this.allowed,
      veto,
    );
  }

  async amendOrder(
    toolCall: CallDeadline,
    orderId: string,
    ticket: Record<string, unknown>,
    veto?: QuestionVeto,
  ) {
    const account = await this.account(toolCall);
    return submitWithReplies(
      this,
      toolCall,
      `/iserver/account/${account}/order/${orderId}`,
      ticket,
      this.allowed,
      veto,
    );
  }

  async cancelOrder(toolCall: CallDeadline, orderId: string): Promise<UpstreamResponse> {
    const account = await this.account(toolCall);
    return this.send(toolCall, {
      method: 'DELETE',
      path: `/iserver/account/${account}/order/${orderId}`,
      idempotent: false,
    });
  }

  orderStatus(toolCall: CallDeadline, orderId: string) {
    return this.read<Record<string, unknown>>(
      toolCall,
      { method: 'GET', path: `/iserver/account/order/status/${orderId}` },
      `order ${orderId}`,
    );
  }
}
