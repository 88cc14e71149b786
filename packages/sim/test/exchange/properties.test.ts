import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ExchangeCore as Core,
  contractValue,
  type ExchangeCore,
  manualFeed,
  type Order,
  type OrderRequest,
  snap,
  triggerCrossed,
} from '../../src/exchange/index.js';
import { INVERSE, LINEAR, manualClock } from './fixtures.js';

const ACCOUNTS = ['alice', 'bob'] as const;
const INSTRUMENTS = [LINEAR, INVERSE];

type Step =
  | {
      kind: 'order';
      account: number;
      instrument: number;
      buy: boolean;
      market: boolean;
      offsetTicks: number;
      lots: number;
      tif: 'gtc' | 'ioc' | 'fok';
      postOnly: boolean;
      reduceOnly: boolean;
      stop: number;
    }
  | { kind: 'oco'; account: number; instrument: number; buy: boolean; lots: number; ticks: number }
  | { kind: 'cancel'; pick: number }
  | { kind: 'leverage'; account: number; instrument: number; leverage: number }
  | { kind: 'move'; percent: number; ms: number; fundingBp: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('order' as const),
    account: fc.integer({ min: 0, max: 1 }),
    instrument: fc.integer({ min: 0, max: 1 }),
    buy: fc.boolean(),
    market: fc.boolean(),
    offsetTicks: fc.integer({ min: -400, max: 400 }),
    lots: fc.integer({ min: 1, max: 400 }),
    tif: fc.constantFrom('gtc' as const, 'ioc' as const, 'fok' as const),
    // Mostly plain orders, so sessions trade; one in five post-only or reduce-only, one in five a stop.
    postOnly: fc.integer({ min: 0, max: 4 }).map((n) => n === 0),
    reduceOnly: fc.integer({ min: 0, max: 4 }).map((n) => n === 0),
    stop: fc.integer({ min: -10, max: 10 }).map((n) => (Math.abs(n) <= 2 ? n : 0)),
  }),
  fc.record({
    kind: fc.constant('oco' as const),
    account: fc.integer({ min: 0, max: 1 }),
    instrument: fc.integer({ min: 0, max: 1 }),
    buy: fc.boolean(),
    lots: fc.integer({ min: 1, max: 200 }),
    ticks: fc.integer({ min: 1, max: 400 }),
  }),
  fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }),
  fc.record({
    kind: fc.constant('leverage' as const),
    account: fc.integer({ min: 0, max: 1 }),
    instrument: fc.integer({ min: 0, max: 1 }),
    leverage: fc.integer({ min: 1, max: 10 }),
  }),
  fc.record({
    kind: fc.constant('move' as const),
    percent: fc.double({ min: -1.5, max: 1.5, noNaN: true }),
    ms: fc.integer({ min: 0, max: 2 * 3_600_000 }),
    fundingBp: fc.integer({ min: -5, max: 5 }),
  }),
);

/** Runs a random session on two instruments and two accounts, checking the invariants after every step. */
function session(steps: Step[]) {
  const clock = manualClock();
  const feed = manualFeed({ BTC: 50_000 });
  const core: ExchangeCore = new Core({
    instruments: INSTRUMENTS,
    feed,
    clock,
    seed: 3,
    depth: (instrument) => ({
      levels: 5,
      halfSpread: 0.0005,
      step: 0.0005,
      meanSize: instrument.lotSize * 150,
    }),
  });
  for (const account of ACCOUNTS) {
    core.deposit(account, 'USD', 200_000);
    core.deposit(account, 'BTC', 4);
  }
  let price = 50_000;
  const placed: Order[] = [];
  const ocoGroups: Order[][] = [];
  const firedAt = new Map<number, number>();
  core.subscribe((event) => {
    if (event.kind !== 'order' || event.order.state !== 'triggered' || firedAt.has(event.order.id)) return;
    // The stop fires at the mark the test has set at this instant: it must have crossed.
    expect(triggerCrossed(event.order.trigger!, event.order.side, price)).toBe(true);
    firedAt.set(event.order.id, clock.now());
  });
  for (const s of steps) {
    if (s.kind === 'move') {
      price = Math.round(price * (1 + s.percent / 100));
      clock.advance(s.ms);
      feed.set('BTC', { index: price, fundingRate: s.fundingBp / 10_000 });
      core.sync();
    } else if (s.kind === 'leverage') {
      core.setLeverage(ACCOUNTS[s.account]!, INSTRUMENTS[s.instrument]!.symbol, s.leverage);
    } else if (s.kind === 'cancel') {
      const open = placed.filter((o) => !['filled', 'cancelled', 'rejected', 'triggered'].includes(o.state));
      const target = open[s.pick % Math.max(1, open.length)];
      if (target) core.cancel(target.account, target.id);
    } else {
      const instrument = INSTRUMENTS[s.instrument]!;
      const tick = instrument.tickSize;
      const lots = s.lots * instrument.lotSize;
      const base = {
        account: ACCOUNTS[s.account]!,
        symbol: instrument.symbol,
        side: s.buy ? 'buy' : 'sell',
      } as const;
      if (s.kind === 'oco') {
        const away = s.ticks * tick * (s.buy ? -1 : 1);
        const legs = core.placeOco([
          { ...base, type: 'limit', size: snap(lots, instrument.lotSize), price: snap(price + away, tick) },
          {
            ...base,
            type: 'market',
            size: snap(lots, instrument.lotSize),
            trigger: { kind: 'stop', price: snap(price - away, tick), reference: 'mark' },
          },
        ]);
        ocoGroups.push(legs.map((leg) => leg.order as Order));
      } else {
        const request: OrderRequest = {
          ...base,
          type: s.market ? 'market' : 'limit',
          size: snap(lots, instrument.lotSize),
          ...(s.market ? {} : { price: snap(price + s.offsetTicks * tick, tick) }),
          timeInForce: s.tif,
          ...(s.postOnly ? { postOnly: 'reject' as const } : {}),
          reduceOnly: s.reduceOnly,
          ...(s.stop === 0
            ? {}
            : {
                trigger: {
                  kind: 'stop' as const,
                  price: snap(price + s.stop * 50 * tick, tick),
                  reference: 'mark' as const,
                },
              }),
        };
        placed.push(core.place(request).order as Order);
      }
    }
    check(core, ocoGroups, firedAt);
  }
}

function check(core: ExchangeCore, ocoGroups: Order[][], firedAt: Map<number, number>) {
  const fills = core.fills();
  for (const fill of fills) {
    const order = core.order(fill.orderId)!;
    // No fill outside a limit price.
    if (order.price !== null)
      expect(fill.side === 'buy' ? fill.price <= order.price : fill.price >= order.price).toBe(true);
    // A triggered stop never fills before its trigger fired.
    if (order.triggerOrderId !== null)
      expect(fill.at).toBeGreaterThanOrEqual(firedAt.get(order.triggerOrderId)!);
    expect(order.trigger).toBeNull();
  }
  for (const account of ACCOUNTS)
    for (const instrument of INSTRUMENTS) {
      const mine = fills.filter((f) => f.account === account && f.symbol === instrument.symbol);
      const signed = mine.reduce((sum, f) => sum + (f.side === 'buy' ? f.size : -f.size), 0);
      const position = core.position(account, instrument.symbol);
      // Position size equals the sum of signed fills.
      expect(position.size).toBe(snap(signed, instrument.lotSize));
    }
  // The reduce-only orders the core indexes are the open ones that are reduce-only, oldest first.
  for (const account of ACCOUNTS)
    expect(core.reduceOnlyOrders(account)).toEqual(core.openOrders(account).filter((o) => o.reduceOnly));
  for (const account of ACCOUNTS)
    for (const currency of ['USD', 'BTC']) {
      const ledger = core.ledger(account).filter((e) => e.currency === currency);
      const deposits = ledger.filter((e) => e.kind === 'deposit').reduce((sum, e) => sum + e.amount, 0);
      const funding = ledger.filter((e) => e.kind === 'funding').reduce((sum, e) => sum + e.amount, 0);
      let pnl = 0;
      let fees = 0;
      for (const instrument of INSTRUMENTS.filter((i) => i.settlementCurrency === currency)) {
        const mark = core.prices(instrument.symbol).mark;
        for (const f of core.fills(account).filter((x) => x.symbol === instrument.symbol)) {
          const s = f.side === 'buy' ? f.size : -f.size;
          // Total P&L of a fill valued at the mark, independent of how the position averages its entry.
          pnl += instrument.settlement === 'linear' ? s * (mark - f.price) : s * (1 / f.price - 1 / mark);
          fees += f.fee;
        }
      }
      // Equity moves only by fees, realised and unrealised P&L and funding.
      const summary = core.summary(account, currency);
      expect(summary.equity).toBeCloseTo(deposits - fees + pnl + funding, currency === 'BTC' ? 9 : 4);
      // The margin the core keeps for open orders is a walk over them, oldest first, to the last bit.
      expect(summary.openOrderMargin).toBe(walkedOrderMargin(core, account, currency));
    }
  // OCO never leaves both legs filled (a leg's fill includes the order its trigger created).
  for (const legs of ocoGroups) {
    const filled = legs.filter((leg) => {
      const live = core.order(leg.id)!;
      const child = live.triggeredOrderId === null ? undefined : core.order(live.triggeredOrderId);
      return live.filled > 0 || (child?.filled ?? 0) > 0;
    });
    expect(filled.length).toBeLessThanOrEqual(1);
  }
}

/** Initial margin of the account's working orders that could add exposure, summed oldest first. */
function walkedOrderMargin(core: ExchangeCore, account: string, currency: string): number {
  let reserved = 0;
  for (const order of core.openOrders(account)) {
    const instrument = core.instrument(order.symbol)!;
    if (order.reduceOnly || instrument.settlementCurrency !== currency) continue;
    const price = order.price ?? order.trigger?.price ?? core.prices(order.symbol).mark;
    const { leverage } = core.position(account, order.symbol);
    reserved += contractValue(instrument, order.size - order.filled, price) / leverage;
  }
  return reserved;
}

describe('exchange core: properties over random sessions', () => {
  it('keeps fills within limits, positions equal to fills, equity explained, stops after triggers, OCO single', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 20, maxLength: 80, size: 'max' }), (steps) => session(steps)),
      { numRuns: 80, seed: 20261125 },
    );
  });
});
