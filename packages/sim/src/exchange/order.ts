/**
 * Orders as the core keeps them: one record per order with its state history, venue-neutral. Each venue maps
 * these names onto its own (Deribit `order_state`, Hyperliquid `orderStatus`, IBKR `order_status`).
 */
export type Side = 'buy' | 'sell';
export type PriceReference = 'mark' | 'index' | 'last';

/**
 * `open` rests in the book; `untriggered` waits for its trigger; `waiting` is the secondary of an OTO or bracket
 * waiting for its primary; `triggered` is a trigger order that fired (its work continues in a new order whose
 * `triggerOrderId` points back). Final: filled, cancelled, rejected, triggered.
 */
export type OrderState =
  | 'open'
  | 'partially_filled'
  | 'filled'
  | 'cancelled'
  | 'rejected'
  | 'untriggered'
  | 'triggered'
  | 'waiting';

export const FINAL_STATES: ReadonlySet<OrderState> = new Set([
  'filled',
  'cancelled',
  'rejected',
  'triggered',
]);

export type RejectReason =
  | 'unknown_instrument'
  | 'invalid_size'
  | 'size_not_on_lot'
  | 'size_below_minimum'
  | 'price_required'
  | 'invalid_price'
  | 'price_not_on_tick'
  | 'bad_trigger_price'
  | 'post_only_would_cross'
  | 'reduce_only_would_increase'
  | 'insufficient_margin'
  | 'no_liquidity';

export type CancelReason =
  | 'user'
  /** IOC remainder, or an IOC that found nothing (Hyperliquid answers that case as an error). */
  | 'immediate_or_cancel'
  | 'fill_or_kill'
  /** A market order's remainder once the book's depth ran out. */
  | 'market_unfilled'
  | 'oco_sibling'
  | 'oto_primary_closed'
  /** A resting order met by a taker of the same account (Hyperliquid's selfTradeCanceled). */
  | 'self_trade'
  /** A resting reduce-only order whose position is gone. */
  | 'reduce_only';

export interface Trigger {
  /** `stop`: fires when the reference moves against the order's side; `take_profit`: when it moves with it. */
  kind: 'stop' | 'take_profit';
  price: number;
  reference: PriceReference;
}

/**
 * `post_only`: `reject` refuses an order that would take liquidity (Hyperliquid `Alo`, Deribit
 * `reject_post_only`); `reprice` moves it one tick inside the spread (Deribit's `post_only` alone).
 */
export type PostOnly = 'reject' | 'reprice';
export type TimeInForce = 'gtc' | 'ioc' | 'fok';

export interface OrderRequest {
  account: string;
  symbol: string;
  side: Side;
  type: 'limit' | 'market';
  /** In the instrument's order units, a multiple of its lot. */
  size: number;
  /** Limit price; for a market order, an optional worst price (Hyperliquid sends one with every order). */
  price?: number;
  timeInForce?: TimeInForce;
  postOnly?: PostOnly;
  reduceOnly?: boolean;
  /** Deribit `label`, Hyperliquid `cloid`, IBKR `cOID`: stored and indexed so a lost answer can be reconciled. */
  clientId?: string;
  /** Makes this a stop or take-profit order: it waits, untriggered, until the reference crosses the price. */
  trigger?: Trigger;
}

export interface StateChange {
  state: OrderState;
  at: number;
}

export interface Order {
  readonly id: number;
  readonly account: string;
  readonly symbol: string;
  readonly side: Side;
  readonly type: 'limit' | 'market';
  /** Requested size, after a reduce-only order was capped to the position. */
  size: number;
  /** Limit price (after a post-only reprice), or the market order's worst price, or null. */
  price: number | null;
  readonly timeInForce: TimeInForce;
  readonly postOnly: PostOnly | null;
  readonly reduceOnly: boolean;
  readonly clientId: string | null;
  readonly trigger: Trigger | null;
  state: OrderState;
  filled: number;
  /** Size-weighted mean fill price; 0 while nothing filled. */
  averagePrice: number;
  /** Fees paid so far, in the settlement currency (negative for a net rebate). */
  fees: number;
  readonly createdAt: number;
  updatedAt: number;
  /** Every state the order went through, with the clock's time; the first entry is its creation. */
  readonly history: StateChange[];
  rejectReason: RejectReason | null;
  cancelReason: CancelReason | null;
  /** On the order a trigger created: the trigger order's id (Deribit `trigger_order_id`). */
  readonly triggerOrderId: number | null;
  /** On a fired trigger order: the order it created. */
  triggeredOrderId: number | null;
  /** OCO group (bracket legs share one); a fill or trigger of one leg cancels the others. */
  readonly ocoGroup: number | null;
  /** OTO secondary: the primary whose fill releases it. */
  readonly primaryOrderId: number | null;
  /** Sequence for time priority among resting orders at one price (a repriced order keeps its id). */
  sequence: number;
}

export interface Fill {
  readonly id: number;
  readonly orderId: number;
  readonly account: string;
  readonly symbol: string;
  readonly side: Side;
  readonly price: number;
  readonly size: number;
  readonly liquidity: 'maker' | 'taker';
  /** In the settlement currency; negative is a rebate. */
  readonly fee: number;
  /** P&L this fill realised by reducing the position, before the fee. */
  readonly realisedPnl: number;
  /** The other side's order, or null when it was the simulated market (synthetic depth or flow). */
  readonly counterOrderId: number | null;
  readonly at: number;
}

/** +1 for a buy, −1 for a sell: the sign a fill adds to the position. */
export const sideSign = (side: Side): 1 | -1 => (side === 'buy' ? 1 : -1);

export const isFinal = (order: Order): boolean => FINAL_STATES.has(order.state);
