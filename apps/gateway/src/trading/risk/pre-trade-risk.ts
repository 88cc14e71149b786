import type { Environment } from '../../upstream/upstream-types.js';
import type { ReserveCheckInput } from '../exposure-view.js';
import { riskRefusal } from './risk-errors.js';
import { globMatcher, type Limits, type RiskLimits } from './risk-limits.js';
import type { Halt, RiskStore } from './risk-store.js';

/** Who is writing: the call's environment and bot tag, the venue and the client order id it will carry. */
export interface WriteScope {
  environment: Environment;
  botTag: string;
  venue: string;
  clientOrderId: string;
}

/** The limits in force for one write, and the `bots` rule they came from. */
export interface Effective {
  limits: Limits;
  rule: string | null;
}

export interface RiskStatus {
  environment: Environment;
  bot_tag: string;
  rule: string | null;
  limits: Limits;
  dry_run: boolean;
  halt: Halt | null;
  /** Orders in the last 60 s; null when the bot has no orders_per_minute (not counted). */
  orders_last_minute: number | null;
}

const halted = (halt: Halt) =>
  riskRefusal(
    'TRADING_HALTED',
    halt.bot_tag === null
      ? `Trading is halted in the ${halt.environment} environment: ${halt.reason}`
      : `Trading is halted for bot ${halt.bot_tag}: ${halt.reason}`,
    {
      risk_check: 'halt',
      scope: halt.bot_tag ?? 'environment',
      reason: halt.reason,
      since: halt.since,
      by: halt.by,
    },
  );

/**
 * The pre-trade checks of every order write (docs/architecture.md, "Risk"), in the write pipeline's order:
 * `admit` (halt, venue allow-list, rate window: one store round trip) before the exposure step; `checkOrder`
 * inside the exposure step's atomic check-and-reserve, so concurrent orders never share headroom;
 * `checkDailyLoss` on the account read the exposure step used; `beforeSend` reads the halt again right before
 * the order leaves, so none is sent after a halt is acknowledged.
 */
export class PreTradeRisk {
  readonly #sending = new Set<{ environment: Environment; botTag: string; done: Promise<void> }>();
  readonly #instrumentMatchers = new Map<string, (value: string) => boolean>();

  constructor(
    readonly limits: RiskLimits,
    readonly store: RiskStore,
    private readonly now: () => number,
    /** The longest an order's send may take (the tool deadline): how long it may be missing from a read. */
    private readonly inFlightMs = 10_000,
  ) {}

  effective(environment: Environment, botTag: string): Effective {
    return this.limits.forBot(environment, botTag);
  }

  /**
   * Halt, venue allow-list, order rate and open orders, in one store call. `open`: the venue's working orders
   * (their client order ids) as a read that started at `since` saw them, when the bot has max_open_orders.
   */
  async admit(
    scope: WriteScope,
    { limits, rule }: Effective,
    open?: { ids: readonly string[]; since: number },
  ): Promise<void> {
    if (limits.venues && !limits.venues.includes(scope.venue as never))
      throw riskRefusal('VENUE_NOT_ALLOWED', `Bot ${scope.botTag} may not trade on ${scope.venue}`, {
        risk_check: 'venue_allow_list',
        rule,
        venue: scope.venue,
        allowed: limits.venues,
      });
    const maxOpen = limits.max_open_orders;
    const admitted = await this.store.admit({
      ...scope,
      now: this.now(),
      perMinute: limits.orders_per_minute,
      ...(maxOpen !== undefined && open
        ? { openOrders: { limit: maxOpen, open: open.ids, since: open.since, inFlightMs: this.inFlightMs } }
        : {}),
    });
    if (admitted.ok) return;
    if ('halt' in admitted) throw halted(admitted.halt);
    if ('openOrders' in admitted)
      throw riskRefusal(
        'OPEN_ORDERS_LIMIT',
        `Bot ${scope.botTag} has ${admitted.openOrders.count} open orders on ${scope.venue}; its limit is ${admitted.openOrders.limit}`,
        {
          risk_check: 'max_open_orders',
          rule,
          venue: scope.venue,
          limit: admitted.openOrders.limit,
          value: admitted.openOrders.count,
        },
      );
    const { count, limit, retryAfterMs } = admitted.rate;
    throw riskRefusal(
      'ORDER_RATE_LIMIT',
      `Bot ${scope.botTag} placed ${count} orders in the last 60 s; its limit is ${limit}`,
      { risk_check: 'orders_per_minute', rule, limit, value: count, retry_after_ms: retryAfterMs },
      { 'retry-after': String(Math.ceil(retryAfterMs / 1000)) },
    );
  }

  /**
   * Synchronous and without side effects: runs inside the exposure step's check-and-reserve (again, when a
   * shared store finds another instance reserved meanwhile). Throws the first limit the order breaks. Positions
   * are the account's (a venue does not attribute them to bots): its last read plus every order in flight.
   */
  checkOrder(scope: WriteScope, { limits, rule }: Effective, order: ReserveCheckInput): void {
    if (limits.instruments)
      for (const leg of order.legs)
        if (!limits.instruments.some((pattern) => this.#matcher(pattern)(leg.instrument)))
          throw riskRefusal(
            'INSTRUMENT_NOT_ALLOWED',
            `Bot ${scope.botTag} may not trade ${leg.instrument} on ${scope.venue}`,
            {
              risk_check: 'instrument_allow_list',
              rule,
              instrument: leg.instrument,
              allowed: limits.instruments,
            },
          );
    const max = limits.max_order_notional;
    if (max !== undefined && order.gross_notional > max)
      throw riskRefusal(
        'ORDER_NOTIONAL_LIMIT',
        `The order is worth ${round(order.gross_notional)} where it can fill; bot ${scope.botTag} may place at most ${max}`,
        { risk_check: 'max_order_notional', rule, limit: max, value: order.gross_notional },
      );
    if (order.reduce_only) return;
    const { snapshot, pending } = order;
    const perInstrument = limits.max_position_notional;
    if (perInstrument !== undefined)
      for (const leg of order.legs) {
        const held =
          (snapshot.positions.get(leg.instrument)?.notional ?? 0) +
          (pending.by_instrument.get(leg.instrument) ?? 0);
        const after = held + leg.notional;
        if (leg.notional > 0 && after > perInstrument)
          throw riskRefusal(
            'POSITION_LIMIT',
            `The order would take the ${leg.instrument} position to ${round(after)}; bot ${scope.botTag} may hold at most ${perInstrument}`,
            {
              risk_check: 'max_position_notional',
              rule,
              instrument: leg.instrument,
              limit: perInstrument,
              value: after,
            },
          );
      }
    const perVenue = limits.max_venue_notional;
    const after = snapshot.current_notional + pending.total + order.added_notional;
    if (perVenue !== undefined && order.added_notional > 0 && after > perVenue)
      throw riskRefusal(
        'POSITION_LIMIT',
        `The order would take the open notional on ${scope.venue} to ${round(after)}; bot ${scope.botTag} may hold at most ${perVenue}`,
        { risk_check: 'max_venue_notional', rule, venue: scope.venue, limit: perVenue, value: after },
      );
  }

  /**
   * The account's loss since the day's first read (realised and unrealised alike: the venue's equity), against
   * the bot's max_daily_loss. Crossing it halts the bot, so its next orders stop at `admit` at no cost.
   */
  async checkDailyLoss(scope: WriteScope, { limits, rule }: Effective, account: string, equity: number) {
    const max = limits.max_daily_loss;
    if (max === undefined || !Number.isFinite(equity)) return;
    const now = this.now();
    const day = new Date(now).toISOString().slice(0, 10);
    const open = await this.store.dayOpen(`${scope.venue}:${scope.environment}:${account}`, day, equity);
    const loss = open - equity;
    if (loss < max) return;
    const reason = `daily loss ${round(loss)} on ${scope.venue} reached the limit ${max}`;
    await this.store.halt({
      environment: scope.environment,
      bot_tag: scope.botTag,
      reason,
      since: new Date(now).toISOString(),
      by: 'daily_loss',
    });
    throw riskRefusal('DAILY_LOSS_LIMIT', `Bot ${scope.botTag} is halted: ${reason}`, {
      risk_check: 'max_daily_loss',
      rule,
      limit: max,
      value: loss,
      day_open_equity: open,
      equity,
    });
  }

  /**
   * The halt read from the store now: the last step before the order leaves. An order that passes is counted
   * as sending until `done` is called (its answer or lookup is in), so a halt can wait for it (`settled`).
   */
  async beforeSend(scope: WriteScope, { limits }: Effective): Promise<() => void> {
    const halt = await this.store.haltOf(scope.environment, scope.botTag);
    if (halt) throw halted(halt);
    // From its answer on, a read of the venue's open orders shows it: it stops counting as in flight.
    const settle =
      limits.max_open_orders === undefined
        ? undefined
        : () => this.store.settled({ ...scope, now: this.now() }, this.now()).catch(() => undefined);
    let finish!: () => void;
    const done = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const entry = { environment: scope.environment, botTag: scope.botTag, done };
    this.#sending.add(entry);
    return () => {
      this.#sending.delete(entry);
      finish();
      void settle?.();
    };
  }

  /** Waits (at most `maxMs`) for this instance's orders of a scope that passed `beforeSend` and are still out. */
  async settled(environment: Environment, botTag: string | null, maxMs: number): Promise<void> {
    const out = [...this.#sending]
      .filter((entry) => entry.environment === environment && (botTag === null || entry.botTag === botTag))
      .map((entry) => entry.done);
    if (out.length === 0) return;
    let timer: NodeJS.Timeout | undefined;
    const limit = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, maxMs);
    });
    await Promise.race([Promise.all(out), limit]);
    clearTimeout(timer);
  }

  /** What a bot may do now and how much of it it used: GET /admin/risk and get_risk_status. */
  async status(environment: Environment, botTag: string): Promise<RiskStatus> {
    const { limits, rule } = this.effective(environment, botTag);
    const now = this.now();
    const [halt, orders] = await Promise.all([
      this.store.haltOf(environment, botTag),
      // Only a limited bot's orders are counted (the window costs a store write per order).
      limits.orders_per_minute === undefined ? null : this.store.rateCount(environment, botTag, now),
    ]);
    return {
      environment,
      bot_tag: botTag,
      rule,
      limits,
      dry_run: limits.dry_run === true,
      halt: halt ?? null,
      orders_last_minute: orders,
    };
  }

  #matcher(pattern: string) {
    let matcher = this.#instrumentMatchers.get(pattern);
    if (!matcher) {
      matcher = globMatcher(pattern);
      this.#instrumentMatchers.set(pattern, matcher);
    }
    return matcher;
  }
}

const round = (value: number) => Math.round(value * 100) / 100;
