import type { CallDeadline } from '../../upstream/call-deadline.js';
import type { CredentialHandle } from '../../upstream/credentials.js';
import type { UpstreamHttp, UpstreamRequest } from '../../upstream/upstream-types.js';
import { type Fetched, VenueCall } from '../venue-call.js';
import { readResult } from './deribit-errors.js';
import { readPrivateResult, readWriteResult } from './deribit-order-errors.js';

/**
 * The optx namespace's Deribit calls beyond the common interface's (notes §4, §5, §6): books, trades and
 * platform status (public), the account, positions and orders (private, Bearer from deribit-auth.ts), and
 * order entry. Every method is `GET {base}/{scope}/{method}` with query parameters (notes §1.1); arrays of
 * objects go as a JSON string. Writes are sent once (`idempotent: false`) and never retried.
 */

export type Query = Record<string, string | number | boolean | undefined>;
export type WireObject = Record<string, unknown>;
export interface OrderAnswer {
  order: WireObject;
  trades: WireObject[];
}

const call = (
  scope: 'public' | 'private',
  method: string,
  query: Query,
  idempotent = true,
): UpstreamRequest => ({
  method: 'GET',
  path: `/${scope}/${method}`,
  query,
  idempotent,
});

const asObject = (result: unknown) => (result ?? {}) as WireObject;
const asList = (result: unknown) => (Array.isArray(result) ? (result as WireObject[]) : []);
const asOrder = (result: unknown) => {
  const answer = result as Partial<OrderAnswer> | null;
  return { order: answer?.order ?? {}, trades: answer?.trades ?? [] };
};

export class DeribitTrading {
  readonly #public: VenueCall;
  readonly #private: VenueCall;
  readonly #write: VenueCall;

  constructor(
    readonly http: UpstreamHttp,
    readonly credentials: CredentialHandle | undefined,
  ) {
    const environment = http.environment;
    this.#public = new VenueCall(http, (response, what) => readResult(response, environment, what));
    this.#private = new VenueCall(http, (response, what) => readPrivateResult(response, environment, what));
    this.#write = new VenueCall(http, (response, what) => readWriteResult(response, environment, what));
  }

  // Public market data.
  getOrderBook(toolCall: CallDeadline, instrument: string, depth: number): Promise<Fetched<WireObject>> {
    const request = call('public', 'get_order_book', { instrument_name: instrument, depth });
    return this.#public.send(toolCall, request, `instrument ${instrument}`, asObject);
  }

  getLastTrades(
    toolCall: CallDeadline,
    params: {
      instrument: string;
      startMs?: number;
      endMs?: number;
      count: number;
      sorting: 'asc' | 'desc';
    },
  ): Promise<Fetched<{ trades: WireObject[]; has_more: boolean }>> {
    const timed = params.startMs !== undefined || params.endMs !== undefined;
    const request = call(
      'public',
      timed ? 'get_last_trades_by_instrument_and_time' : 'get_last_trades_by_instrument',
      {
        instrument_name: params.instrument,
        ...(timed ? { start_timestamp: params.startMs ?? 0, end_timestamp: params.endMs ?? Date.now() } : {}),
        count: params.count,
        sorting: params.sorting,
      },
    );
    return this.#public.send(toolCall, request, `instrument ${params.instrument}`, (result) => {
      const page = result as { trades?: WireObject[]; has_more?: boolean } | null;
      return { trades: page?.trades ?? [], has_more: page?.has_more === true };
    });
  }

  /** `public/test` (version), `public/get_time` and `public/status`, for environment_info. */
  platform(toolCall: CallDeadline) {
    return Promise.all([
      this.#public.send(toolCall, call('public', 'test', {}), 'test', asObject),
      this.#public.send(toolCall, call('public', 'get_time', {}), 'time', Number),
      this.#public.send(toolCall, call('public', 'status', {}), 'status', asObject),
    ]);
  }

  // Private reads.
  getAccountSummary(toolCall: CallDeadline, currency: string, extended = false) {
    const request = call('private', 'get_account_summary', { currency, extended });
    return this.#private.send(toolCall, request, `currency ${currency}`, asObject);
  }

  getPositions(toolCall: CallDeadline, currency: string, kind?: string) {
    const request = call('private', 'get_positions', { currency, ...(kind ? { kind } : {}) });
    return this.#private.send(toolCall, request, `currency ${currency}`, asList);
  }

  getPosition(toolCall: CallDeadline, instrument: string) {
    const request = call('private', 'get_position', { instrument_name: instrument });
    return this.#private.send(toolCall, request, `instrument ${instrument}`, asObject);
  }

  getOpenOrders(toolCall: CallDeadline, currency: string, type: string, kind?: string) {
    const request = call('private', 'get_open_orders_by_currency', {
      currency,
      type,
      ...(kind ? { kind } : {}),
    });
    return this.#private.send(toolCall, request, `currency ${currency}`, asList);
  }

  /** Every currency's open orders of one `type` (private/get_open_orders). */
  getAllOpenOrders(toolCall: CallDeadline, type: string) {
    return this.#private.send(toolCall, call('private', 'get_open_orders', { type }), 'open orders', asList);
  }

  getOpenOrdersByInstrument(toolCall: CallDeadline, instrument: string) {
    const request = call('private', 'get_open_orders_by_instrument', {
      instrument_name: instrument,
      type: 'all',
    });
    return this.#private.send(toolCall, request, `instrument ${instrument}`, asList);
  }

  /** The account's latest fills on one instrument, newest first. */
  getUserTrades(toolCall: CallDeadline, instrument: string, count: number) {
    const request = call('private', 'get_user_trades_by_instrument', {
      instrument_name: instrument,
      count,
      sorting: 'desc',
    });
    return this.#private.send(toolCall, request, `instrument ${instrument}`, (result) => {
      const page = result as { trades?: WireObject[] } | null;
      return page?.trades ?? [];
    });
  }

  getOrderState(toolCall: CallDeadline, orderId: string) {
    const request = call('private', 'get_order_state', { order_id: orderId });
    return this.#private.send(toolCall, request, `order ${orderId}`, asObject);
  }

  getOrderStateByLabel(toolCall: CallDeadline, currency: string, label: string) {
    const request = call('private', 'get_order_state_by_label', { currency, label });
    return this.#private.send(toolCall, request, `label ${label}`, asList);
  }

  // Order entry: sent once.
  place(toolCall: CallDeadline, side: 'buy' | 'sell', params: Query): Promise<Fetched<OrderAnswer>> {
    const request = call('private', side, params, false);
    return this.#write.send(toolCall, request, `private/${side} ${params.instrument_name}`, asOrder);
  }

  cancel(toolCall: CallDeadline, orderId: string): Promise<Fetched<WireObject>> {
    return this.#write.send(
      toolCall,
      call('private', 'cancel', { order_id: orderId }, false),
      `order ${orderId}`,
      asObject,
    );
  }

  closePosition(
    toolCall: CallDeadline,
    instrument: string,
    type: 'market' | 'limit',
    price?: number,
  ): Promise<Fetched<OrderAnswer>> {
    const request = call(
      'private',
      'close_position',
      { instrument_name: instrument, type, ...(price === undefined ? {} : { price }) },
      false,
    );
    return this.#write.send(toolCall, request, `instrument ${instrument}`, asOrder);
  }

  /** `private/create_combo`: returns the venue's combo (an existing one for the same structure). */
  createCombo(
    toolCall: CallDeadline,
    legs: { instrument_name: string; direction: 'buy' | 'sell'; amount: number }[],
  ) {
    const request = call('private', 'create_combo', { trades: JSON.stringify(legs) }, false);
    return this.#write.send(toolCall, request, 'combo', asObject);
  }
}
