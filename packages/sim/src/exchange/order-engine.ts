import type { Accounts } from './accounts.js';
import { ContingentLinks } from './contingent-links.js';
import { accountSummary, type Valuation } from './margin.js';
import { liquidityWithin, type Market, type MatchHooks, matchTaker, opposite, touch } from './matching.js';
import type { MarketLookup } from './observed-markets.js';
import {
  type CancelReason,
  type Fill,
  isFinal,
  type Order,
  type OrderRequest,
  type OrderState,
  type RejectReason,
  sideSign,
} from './order.js';
import { addedMargin, ReservedMargins } from './order-margin.js';
import { snap } from './steps.js';
import { staticProblem, triggerCrossed } from './validation.js';
import { WorkingOrders } from './working-orders.js';

export type CoreEvent = { kind: 'order'; order: Readonly<Order> } | { kind: 'fill'; fill: Fill };

/** How a new order hangs together with others. */
export interface OrderLinks {
  ocoGroup?: number;
  primaryOrderId?: number;
  triggerOrderId?: number;
  /** An OTO secondary: waits for its primary instead of working. */
  waiting?: boolean;
}

/**
 * The order lifecycle: creation and validation, execution against the market, fills, state changes with
 * timestamps and triggers. It acts on the contingent links (ContingentLinks) and prices margin with
 * order-margin. `at` is the instant of the operation in progress; the core sets it from its clock, so nothing
 * here reads time.
 */
export class OrderEngine implements MatchHooks {
  at = 0;
  readonly orders = new Map<number, Order>();
  readonly fills: Fill[] = [];
  private readonly clientIds = new Map<string, Map<string, Order[]>>();
  private readonly working = new WorkingOrders();
  readonly untriggered = new Map<number, Order>();
  readonly links = new ContingentLinks();
  private readonly deferred: (() => void)[] = [];
  private ids = { order: 0, fill: 0, sequence: 0 };
  /** Told of every new order and of every change to one (size, price, fill, state). */
  readonly margins: ReservedMargins;

  constructor(
    private readonly markets: MarketLookup,
    private readonly accounts: Accounts,
    private readonly valuation: Valuation,
    private readonly emit: (event: CoreEvent) => void,
  ) {
    this.margins = new ReservedMargins(accounts, markets, (account) => this.workingOrders(account));
  }

  byClientId(account: string, clientId: string): readonly Order[] {
    return this.clientIds.get(account)?.get(clientId) ?? [];
  }

  workingOrders(account: string): ReadonlySet<Order> {
    return this.working.of(account);
  }

  /** The account's working reduce-only orders, oldest first. */
  reduceOnlyOrders(account: string): ReadonlySet<Order> {
    return this.working.reduceOnlyOf(account);
  }

  /** Records a new order: rejected if a static check fails, else open, untriggered or waiting. */
  create(request: OrderRequest, links: OrderLinks = {}): Order {
    const market = this.markets.get(request.symbol);
    let problem: RejectReason | null = market
      ? staticProblem(market.instrument, request)
      : 'unknown_instrument';
    // A trigger already crossed at placement is refused, as Deribit and Hyperliquid do (an OTO secondary is
    // checked when released instead: the market may have moved by then).
    if (!problem && market && request.trigger && !links.waiting && links.triggerOrderId === undefined)
      if (triggerCrossed(request.trigger, request.side, this.reference(market, request.trigger.reference)))
        problem = 'bad_trigger_price';
    const state: OrderState = links.waiting ? 'waiting' : request.trigger ? 'untriggered' : 'open';
    const order: Order = {
      id: ++this.ids.order,
      account: request.account,
      symbol: request.symbol,
      side: request.side,
      type: request.type,
      size: request.size,
      price: request.price ?? null,
      timeInForce: request.timeInForce ?? 'gtc',
      postOnly: request.postOnly ?? null,
      reduceOnly: request.reduceOnly ?? false,
      clientId: request.clientId ?? null,
      trigger: request.trigger ?? null,
      state,
      filled: 0,
      averagePrice: 0,
      fees: 0,
      createdAt: this.at,
      updatedAt: this.at,
      history: [{ state, at: this.at }],
      rejectReason: null,
      cancelReason: null,
      triggerOrderId: links.triggerOrderId ?? null,
      triggeredOrderId: null,
      ocoGroup: links.ocoGroup ?? null,
      primaryOrderId: links.primaryOrderId ?? null,
      sequence: 0,
    };
    this.orders.set(order.id, order);
    if (order.clientId !== null) {
      let index = this.clientIds.get(order.account);
      if (!index) {
        index = new Map();
        this.clientIds.set(order.account, index);
      }
      const list = index.get(order.clientId);
      if (list) list.push(order);
      else index.set(order.clientId, [order]);
    }
    this.links.join(order);
    this.working.add(order);
    this.margins.added(order);
    if (problem) this.reject(order, problem);
    else this.emit({ kind: 'order', order });
    return order;
  }

  /** Puts a created order to work: parks a trigger, or checks, matches and rests (or ends) the rest. */
  execute(order: Order): void {
    if (isFinal(order) || order.state === 'waiting') return;
    if (order.state === 'untriggered') {
      this.untriggered.set(order.id, order);
      return;
    }
    const market = this.markets.get(order.symbol)!;
    const { instrument } = market;
    if (order.reduceOnly) {
      const cap = this.reducible(order);
      if (cap <= 0) {
        this.reject(order, 'reduce_only_would_increase');
        return;
      }
      if (order.size > cap) {
        order.size = cap;
        this.margins.changed(order);
      }
    }
    if (order.postOnly && order.price !== null) {
      const far = touch(market, opposite(order.side));
      const crosses = far !== undefined && (order.side === 'buy' ? order.price >= far : order.price <= far);
      if (crosses && order.postOnly === 'reject') {
        this.reject(order, 'post_only_would_cross');
        return;
      }
      if (crosses) {
        order.price = snap(far! - sideSign(order.side) * instrument.tickSize, instrument.tickSize);
        this.margins.changed(order);
      }
      if (order.price <= 0) {
        this.reject(order, 'post_only_would_cross');
        return;
      }
    }
    if (
      !order.reduceOnly &&
      addedMargin(this.accounts, market, order) > this.availableFunds(order, market) + 1e-12
    ) {
      this.reject(order, 'insufficient_margin');
      return;
    }
    const limit = order.price ?? (order.side === 'buy' ? Number.POSITIVE_INFINITY : 0);
    if (order.timeInForce === 'fok') {
      const remaining = order.size - order.filled;
      if (
        liquidityWithin(market, order, limit, remaining, (maker) => this.fillable(maker)) <
        remaining - 1e-12
      ) {
        this.cancel(order, 'fill_or_kill');
        return;
      }
    }
    if (!order.postOnly) matchTaker(market, order, limit, () => this.wanted(order), this);
    if (isFinal(order)) return;
    if (order.type === 'market') {
      if (order.filled > 0) this.cancel(order, 'market_unfilled');
      else this.reject(order, 'no_liquidity');
      return;
    }
    if (order.timeInForce !== 'gtc') {
      this.cancel(order, 'immediate_or_cancel');
      return;
    }
    order.sequence = ++this.ids.sequence;
    market.book.add(order);
  }

  /** Fires every untriggered order whose reference has crossed, until none is left to fire. */
  runTriggers(): void {
    for (let fired = true; fired; ) {
      fired = false;
      for (const order of [...this.untriggered.values()]) {
        if (order.state !== 'untriggered') continue;
        const market = this.markets.get(order.symbol)!;
        if (!triggerCrossed(order.trigger!, order.side, this.reference(market, order.trigger!.reference)))
          continue;
        this.fire(order);
        fired = true;
      }
      this.drain();
    }
  }

  /** The market's flow fills every resting order the available synthetic touch has crossed, at its price. */
  sweep(market: Market): void {
    for (const side of ['buy', 'sell'] as const) {
      for (let order = market.book.best(side); order; order = market.book.best(side)) {
        const far = market.depth.best(opposite(side))?.level.price;
        if (far === undefined || (side === 'buy' ? order.price! < far : order.price! > far)) break;
        const size = this.fillable(order);
        if (size <= 0) this.retire(order, 'reduce_only');
        else this.fill(order, size, order.price!, 'maker', null);
      }
    }
    this.drain();
  }

  fillable(maker: Order): number {
    return this.wanted(maker);
  }

  retire(maker: Order, reason: CancelReason): void {
    this.cancel(maker, reason);
  }

  trade(taker: Order, maker: Order | null, size: number, price: number): void {
    this.fill(taker, size, price, 'taker', maker?.id ?? null);
    if (maker) this.fill(maker, size, price, 'maker', taker.id);
  }

  cancel(order: Order, reason: CancelReason): void {
    order.cancelReason = reason;
    this.transition(order, 'cancelled');
  }

  drain(): void {
    for (let task = this.deferred.shift(); task; task = this.deferred.shift()) task();
  }

  reference(market: Market, reference: 'mark' | 'index' | 'last'): number {
    return market[reference];
  }

  private reject(order: Order, reason: RejectReason): void {
    order.rejectReason = reason;
    this.transition(order, 'rejected');
  }

  /** What the order may still fill: its remainder, for reduce-only no more than closes the position. */
  private wanted(order: Order): number {
    const remaining = snap(order.size - order.filled, this.markets.get(order.symbol)!.instrument.lotSize);
    return order.reduceOnly ? Math.min(remaining, this.reducible(order)) : remaining;
  }

  private reducible(order: Order): number {
    const size = this.accounts.position(order.account, order.symbol).size;
    return Math.sign(size) === -sideSign(order.side) ? Math.abs(size) : 0;
  }

  /** Initial margin reserved by the account's working orders but `except` (see ReservedMargins). */
  orderMargin(account: string, currency: string, except?: Order): number {
    return this.margins.of(account, currency, except);
  }

  private availableFunds(order: Order, market: Market): number {
    const currency = market.instrument.settlementCurrency;
    const reserved = this.orderMargin(order.account, currency, order);
    return accountSummary(this.accounts.get(order.account), currency, this.valuation, reserved)
      .availableFunds;
  }

  private fill(
    order: Order,
    size: number,
    price: number,
    liquidity: 'maker' | 'taker',
    counter: number | null,
  ) {
    const market = this.markets.get(order.symbol)!;
    const { instrument } = market;
    const rate = liquidity === 'maker' ? instrument.makerFee : instrument.takerFee;
    const signed = sideSign(order.side) * size;
    const booked = this.accounts.applyFill(order.account, instrument, signed, price, rate, this.at);
    const before = order.filled;
    order.filled = snap(before + size, instrument.lotSize);
    this.margins.changed(order);
    order.averagePrice = (order.averagePrice * before + price * size) / order.filled;
    order.fees += booked.fee;
    market.last = price;
    const fill: Fill = {
      id: ++this.ids.fill,
      orderId: order.id,
      account: order.account,
      symbol: order.symbol,
      side: order.side,
      price,
      size,
      liquidity,
      fee: booked.fee,
      realisedPnl: booked.realisedPnl,
      counterOrderId: counter,
      at: this.at,
    };
    this.fills.push(fill);
    this.emit({ kind: 'fill', fill });
    if (order.filled >= order.size) this.transition(order, 'filled');
    else if (order.state !== 'partially_filled') this.transition(order, 'partially_filled');
    else {
      order.updatedAt = this.at;
      this.emit({ kind: 'order', order });
    }
    if (order.ocoGroup !== null) this.closeGroup(order);
  }

  private transition(order: Order, state: OrderState): void {
    order.state = state;
    this.margins.changed(order);
    order.updatedAt = this.at;
    order.history.push({ state, at: this.at });
    if (isFinal(order)) {
      this.working.remove(order);
      this.untriggered.delete(order.id);
      this.markets.get(order.symbol)?.book.remove(order);
      this.afterFinal(order);
    }
    this.emit({ kind: 'order', order });
  }

  private afterFinal(order: Order): void {
    if (order.ocoGroup !== null && order.cancelReason !== 'oco_sibling') this.closeGroup(order);
    const released = this.links.ended(order);
    if (released) this.deferred.push(() => this.release(released, order.filled));
  }

  /** Links OTO secondaries to their primary; they wait until it ends. */
  await(primary: Order, secondaries: Order[]): void {
    if (isFinal(primary)) this.deferred.push(() => this.release(secondaries, primary.filled));
    else this.links.wait(primary, secondaries);
  }

  /** The primary ended: secondaries work for what it filled (at most their size), or end if nothing did. */
  private release(secondaries: Order[], filled: number): void {
    for (const order of secondaries) {
      if (isFinal(order)) continue;
      if (filled <= 0) {
        this.cancel(order, 'oto_primary_closed');
        continue;
      }
      order.size = Math.min(order.size, filled);
      this.margins.changed(order);
      this.transition(order, order.trigger ? 'untriggered' : 'open');
      this.execute(order);
    }
  }

  private fire(order: Order): void {
    const child = this.create(
      {
        account: order.account,
        symbol: order.symbol,
        side: order.side,
        type: order.type,
        size: order.size,
        ...(order.price === null ? {} : { price: order.price }),
        timeInForce: order.timeInForce,
        ...(order.postOnly ? { postOnly: order.postOnly } : {}),
        reduceOnly: order.reduceOnly,
        ...(order.clientId === null ? {} : { clientId: order.clientId }),
      },
      { triggerOrderId: order.id, ...(order.ocoGroup === null ? {} : { ocoGroup: order.ocoGroup }) },
    );
    order.triggeredOrderId = child.id;
    this.transition(order, 'triggered');
    this.execute(child);
  }

  /** The first leg of an OCO group to fill, fire or end cancels every other working leg. */
  private closeGroup(leg: Order): void {
    for (const other of this.links.close(leg)) this.cancel(other, 'oco_sibling');
  }
}
