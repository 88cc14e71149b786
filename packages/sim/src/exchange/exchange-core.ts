import { Accounts, type LedgerEntry } from './accounts.js';
import { RestingBook } from './book.js';
import { checkInstrument, type Instrument } from './instrument.js';
import {
  type AccountSummary,
  accountSummary,
  type PositionView,
  positionView,
  type Valuation,
} from './margin.js';
import type { MarketFeed } from './market-feed.js';
import type { Market } from './matching.js';
import { ObservedMarkets } from './observed-markets.js';
import { type Fill, isFinal, type Order, type OrderRequest } from './order.js';
import { type CoreEvent, OrderEngine } from './order-engine.js';
import { snap } from './steps.js';
import { DEFAULT_DEPTH, type DepthShape, type Level, SyntheticDepth } from './synthetic-depth.js';

/** The only source of time in the core; the frame's SimClock is one (real time, or a manual clock in tests). */
export interface Clock {
  now(): number;
}

export interface ExchangeCoreOptions {
  instruments: readonly Instrument[];
  feed: MarketFeed;
  clock: Clock;
  /** Seed of the synthetic depth (level sizes); the prices come from the feed. */
  seed: number;
  /** Shape of the synthetic makers per instrument; the default level is worth about 100 000 USD. */
  depth?: (instrument: Instrument) => Partial<DepthShape>;
}

export interface Placement {
  order: Readonly<Order>;
  /** The fills of this order during the call (for a market trigger, those come later). */
  fills: Fill[];
}

export type CancelOutcome = { order: Readonly<Order> } | { error: 'unknown_order' | 'not_open' };

const DEFAULT_LEVEL_VALUE_USD = 100_000;

/**
 * One simulated exchange: instruments, books, accounts, orders. Pure and deterministic: all time comes from the
 * clock and all prices from the feed, both read only when an operation runs. Each operation first observes the
 * market at the clock's instant (funding due since the last look, resting orders the market has crossed,
 * triggers; each market's marks and synthetic depth when it is read, observed-markets.ts), then does its work. A
 * move that goes out and back between two looks is not seen; the venue simulators call sync() on a timer or
 * when a test advances the clock.
 *
 * Returned orders are the live records, typed read-only: read them, never change them.
 */
export class ExchangeCore {
  private readonly markets: ObservedMarkets;
  /** The instruments that pay funding (perpetuals): the others have nothing to settle between looks. */
  private readonly funded: Instrument[];
  private readonly accounts = new Accounts();
  private readonly engine: OrderEngine;
  private readonly listeners = new Set<(event: CoreEvent) => void>();
  private readonly clock: Clock;
  private readonly feed: MarketFeed;
  private readonly valuation: Valuation;
  private lastLook: number;

  constructor(options: ExchangeCoreOptions) {
    this.clock = options.clock;
    this.feed = options.feed;
    this.lastLook = options.clock.now();
    this.markets = new ObservedMarkets(options.feed, this.lastLook);
    this.funded = options.instruments.filter((instrument) => instrument.fundingIntervalMs !== undefined);
    for (const instrument of options.instruments) {
      checkInstrument(instrument);
      if (this.markets.has(instrument.symbol))
        throw new Error(`two instruments are named ${instrument.symbol}`);
      const mark = options.feed.mark(instrument, this.lastLook);
      const levelSize =
        instrument.settlement === 'linear' ? DEFAULT_LEVEL_VALUE_USD / mark : DEFAULT_LEVEL_VALUE_USD;
      const shape = {
        ...DEFAULT_DEPTH,
        meanSize: Math.max(instrument.lotSize, snap(levelSize, instrument.lotSize)),
        ...options.depth?.(instrument),
      };
      const depth = new SyntheticDepth(options.seed, instrument, shape);
      const market: Market = { instrument, book: new RestingBook(), depth, index: 0, mark, last: mark };
      this.markets.add(market);
    }
    this.valuation = {
      instrument: (symbol) => this.instrumentOf(symbol),
      mark: (instrument) => this.market(instrument.symbol).mark,
    };
    this.engine = new OrderEngine(this.markets, this.accounts, this.valuation, (event) => {
      for (const listener of this.listeners) listener(event);
    });
    this.engine.at = this.lastLook;
  }

  /**
   * Observes the market at the clock's instant: funding due, crossed resting orders, triggers. Marks and depth
   * of the markets that have none of these are observed when something reads them.
   */
  sync(): void {
    const at = this.clock.now();
    this.engine.at = at;
    this.markets.look(at);
    if (at > this.lastLook) {
      for (const instrument of this.funded) this.settleFunding(instrument, this.lastLook, at);
      this.lastLook = at;
    }
    for (const market of this.markets.withRestingOrders()) this.engine.sweep(market);
    this.engine.runTriggers();
  }

  place(request: OrderRequest): Placement {
    return this.operate(() => {
      const order = this.engine.create(request);
      this.engine.execute(order);
      return order;
    });
  }

  /** One-cancels-other: the first leg to fill, fire or end cancels the others. */
  placeOco(requests: readonly OrderRequest[]): Placement[] {
    const orders: Order[] = [];
    this.operate(() => {
      const group = this.engine.links.newGroup();
      for (const request of requests) {
        const order = this.engine.create(request, { ocoGroup: group });
        orders.push(order);
        if (this.engine.links.isClosed(group) && !isFinal(order)) this.engine.cancel(order, 'oco_sibling');
        this.engine.execute(order);
      }
      return orders[0]!;
    });
    return orders.map((order) => ({ order, fills: this.fillsOf(order) }));
  }

  /**
   * One-triggers-other: the secondaries wait until the primary ends, then work for the size it filled (none
   * filled: they are cancelled). With `oco`, the secondaries are also one OCO group (a bracket's exits).
   */
  placeOto(
    primary: OrderRequest,
    secondaries: readonly OrderRequest[],
    { oco = false } = {},
  ): { primary: Placement; secondaries: Placement[] } {
    const waiting: Order[] = [];
    const placed = this.operate(() => {
      const order = this.engine.create(primary);
      const group = oco ? this.engine.links.newGroup() : undefined;
      for (const request of secondaries)
        waiting.push(
          this.engine.create(request, {
            waiting: true,
            primaryOrderId: order.id,
            ...(group === undefined ? {} : { ocoGroup: group }),
          }),
        );
      this.engine.await(order, waiting);
      this.engine.execute(order);
      return order;
    });
    return { primary: placed, secondaries: waiting.map((order) => ({ order, fills: this.fillsOf(order) })) };
  }

  /** An entry with a take-profit and a stop-loss that work once it fills and cancel each other. */
  placeBracket(entry: OrderRequest, takeProfit: OrderRequest, stopLoss: OrderRequest) {
    return this.placeOto(entry, [takeProfit, stopLoss], { oco: true });
  }

  cancel(account: string, orderId: number): CancelOutcome {
    this.sync();
    const order = this.engine.orders.get(orderId);
    if (!order || order.account !== account) return { error: 'unknown_order' };
    if (isFinal(order)) return { error: 'not_open' };
    this.operate(() => {
      this.engine.cancel(order, 'user');
      return order;
    });
    return { order };
  }

  /** Cancels the working orders carrying a client order id (Hyperliquid cancelByCloid); returns them. */
  cancelByClientId(account: string, clientId: string): Readonly<Order>[] {
    const working = this.engine.byClientId(account, clientId).filter((order) => !isFinal(order));
    for (const order of working) if (!isFinal(order)) this.cancel(account, order.id);
    return working;
  }

  /** Cancels every working order of the account, optionally on one instrument; returns them. */
  cancelAll(account: string, symbol?: string): Readonly<Order>[] {
    const working = [...this.engine.workingOrders(account)].filter(
      (o) => symbol === undefined || o.symbol === symbol,
    );
    for (const order of working) if (!isFinal(order)) this.cancel(account, order.id);
    return working;
  }

  deposit(account: string, currency: string, amount: number): void {
    this.sync();
    this.accounts.deposit(account, currency, amount, this.engine.at);
  }

  /** Leverage for the account's initial margin on one instrument: 1 … the instrument's maximum. */
  setLeverage(account: string, symbol: string, leverage: number): boolean {
    const instrument = this.markets.instrument(symbol);
    if (!instrument || !(leverage >= 1 && leverage <= instrument.maxLeverage)) return false;
    this.accounts.get(account).leverage.set(symbol, leverage);
    this.engine.margins.leverageChanged(account);
    return true;
  }

  subscribe(listener: (event: CoreEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  // Queries: each observes the market first, so what they report is the state at the clock's instant.

  order(id: number): Readonly<Order> | undefined {
    this.sync();
    return this.engine.orders.get(id);
  }

  /** Every order the account placed with this client order id, oldest first (a fired trigger's child too). */
  ordersByClientId(account: string, clientId: string): readonly Readonly<Order>[] {
    this.sync();
    return this.engine.byClientId(account, clientId);
  }

  /** Open, partially filled, untriggered and waiting orders, oldest first. */
  openOrders(account: string, symbol?: string): Readonly<Order>[] {
    this.sync();
    return [...this.engine.workingOrders(account)]
      .filter((order) => symbol === undefined || order.symbol === symbol)
      .sort((a, b) => a.id - b.id);
  }

  /** The open orders that are reduce-only, oldest first, without copying the others. */
  reduceOnlyOrders(account: string): Readonly<Order>[] {
    this.sync();
    return [...this.engine.reduceOnlyOrders(account)];
  }

  fills(account?: string): readonly Fill[] {
    this.sync();
    return account === undefined ? this.engine.fills : this.engine.fills.filter((f) => f.account === account);
  }

  ledger(account?: string): readonly LedgerEntry[] {
    this.sync();
    const { ledger } = this.accounts;
    return account === undefined ? ledger : ledger.filter((entry) => entry.account === account);
  }

  position(account: string, symbol: string): PositionView {
    this.sync();
    const state = this.accounts.get(account);
    return positionView(state, this.accounts.position(account, symbol), this.valuation);
  }

  /** Positions the account has traded (flat ones included, with their realised P&L). */
  positions(account: string): PositionView[] {
    this.sync();
    const state = this.accounts.get(account);
    return [...state.positions.values()].map((position) => positionView(state, position, this.valuation));
  }

  summary(account: string, currency: string): AccountSummary {
    this.sync();
    const reserved = this.engine.orderMargin(account, currency);
    return accountSummary(this.accounts.get(account), currency, this.valuation, reserved);
  }

  /** The book as a venue shows it: resting orders and synthetic makers together, by price, `levels` a side. */
  book(symbol: string, levels = 20): { bids: Level[]; asks: Level[] } {
    this.sync();
    const market = this.market(symbol);
    const side = (makerSide: 'buy' | 'sell') => {
      const sizes = new Map<number, number>();
      for (const order of market.book.side(makerSide))
        sizes.set(order.price!, (sizes.get(order.price!) ?? 0) + order.size - order.filled);
      for (
        let k = 0, level = market.depth.level(makerSide, 0);
        level;
        level = market.depth.level(makerSide, ++k)
      )
        if (level.size > 0) sizes.set(level.price, (sizes.get(level.price) ?? 0) + level.size);
      const step = market.instrument.lotSize;
      return [...sizes.entries()]
        .sort((a, b) => (makerSide === 'buy' ? b[0] - a[0] : a[0] - b[0]))
        .slice(0, levels)
        .map(([price, size]) => ({ price, size: snap(size, step) }));
    };
    return { bids: side('buy'), asks: side('sell') };
  }

  prices(symbol: string): { index: number; mark: number; last: number } {
    this.sync();
    const { index, mark, last } = this.market(symbol);
    return { index, mark, last };
  }

  instrument(symbol: string): Instrument | undefined {
    return this.markets.instrument(symbol);
  }

  private operate(work: () => Order): Placement {
    this.sync();
    const order = work();
    this.engine.drain();
    this.engine.runTriggers();
    return { order, fills: this.fillsOf(order) };
  }

  private fillsOf(order: Order): Fill[] {
    const fills: Fill[] = [];
    for (let i = this.engine.fills.length - 1; i >= 0; i--) {
      const fill = this.engine.fills[i]!;
      if (fill.at < order.createdAt) break;
      if (fill.orderId === order.id) fills.unshift(fill);
    }
    return fills;
  }

  private market(symbol: string): Market {
    const market = this.markets.get(symbol);
    if (!market) throw new Error(`unknown instrument ${symbol}`);
    return market;
  }

  private instrumentOf(symbol: string): Instrument {
    const instrument = this.markets.instrument(symbol);
    if (!instrument) throw new Error(`unknown instrument ${symbol}`);
    return instrument;
  }

  /** Funding at every interval boundary in (from, to], each at that boundary's rate and index. */
  private settleFunding(instrument: Instrument, from: number, to: number): void {
    const interval = instrument.fundingIntervalMs!;
    for (let boundary = (Math.floor(from / interval) + 1) * interval; boundary <= to; boundary += interval) {
      const rate = this.feed.fundingRate(instrument, boundary);
      this.accounts.applyFunding(instrument, rate, this.feed.index(instrument, boundary), boundary);
    }
  }
}
