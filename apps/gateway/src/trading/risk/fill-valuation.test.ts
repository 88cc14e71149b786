import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Book,
  checkPriceCollar,
  type Level,
  priceOrder,
  type ValuedOrder,
  worstCaseFill,
} from './fill-valuation.js';

const refusal = (fn: () => void) => {
  try {
    fn();
  } catch (error) {
    return error as { status: number; code: string; retryable: boolean; details: Record<string, unknown> };
  }
  return undefined;
};

const order = (fields: Partial<ValuedOrder>): ValuedOrder => ({
  venue: 'perpdex',
  instrument: 'ETH',
  side: 'buy',
  size: 1,
  ...fields,
});

const BOOK: Book = {
  bids: [
    [4419, 50],
    [4418, 50],
  ],
  asks: [
    [100, 1],
    [101, 1],
    [102, 5],
  ],
};

describe('worstCaseFill, hand-computed', () => {
  it('a market buy walks the asks: 100 + 101 + 102 for 3', () => {
    expect(worstCaseFill(BOOK, order({ size: 3 }), 100)).toEqual({ notional: 303, price: 101, walked: 3 });
  });

  it('a buy limit walks up to its limit and the rest counts at the limit', () => {
    expect(worstCaseFill(BOOK, order({ size: 3, limit: 101 }), 100)).toEqual({
      notional: 100 + 101 + 101,
      price: 302 / 3,
      walked: 2,
    });
  });

  it('a resting buy below the book counts at its limit', () => {
    expect(worstCaseFill(BOOK, order({ size: 2, limit: 50 }), 100).notional).toBe(100);
  });

  it('a sell limit at 1 walks every bid and the rest counts at max(limit, mark, best bid), not at 1', () => {
    const value = worstCaseFill(BOOK, order({ side: 'sell', size: 200, limit: 1 }), 4420);
    expect(value.walked).toBe(100);
    expect(value.notional).toBe(4419 * 50 + 4418 * 50 + 100 * 4420);
  });

  it('a resting sell above the market counts at its limit', () => {
    expect(worstCaseFill(BOOK, order({ side: 'sell', size: 2, limit: 5000 }), 4420).notional).toBe(10_000);
  });

  it('a market order the book cannot absorb is 503 PRICE_UNKNOWN (retryable), naming what it could absorb', () => {
    const error = refusal(() => worstCaseFill(BOOK, order({ size: 10 }), 100));
    expect(error).toMatchObject({ status: 503, code: 'PRICE_UNKNOWN', retryable: true });
    expect(error?.details).toMatchObject({
      risk_check: 'fill_valuation',
      reason: 'book_too_thin',
      size: 10,
      absorbable: 7,
    });
  });

  it('no far side or no mark is PRICE_UNKNOWN', () => {
    const oneSided = { bids: BOOK.bids, asks: [] };
    expect(refusal(() => worstCaseFill(oneSided, order({ limit: 50 }), 100))?.details).toMatchObject({
      reason: 'empty_book',
    });
    for (const mark of [undefined, 0, Number.NaN])
      expect(refusal(() => worstCaseFill(BOOK, order({ limit: 101 }), mark))?.details).toMatchObject({
        reason: 'no_mark',
      });
  });

  it('trigger orders: a buy at its bound, a sell at the highest of bound, trigger, mark and best bid', () => {
    expect(worstCaseFill(BOOK, order({ size: 2, trigger: 110, limit: 121 }), 100).notional).toBe(242);
    expect(
      worstCaseFill(BOOK, order({ side: 'sell', size: 2, trigger: 5000, limit: 4500 }), 4420).notional,
    ).toBe(10_000);
    expect(worstCaseFill(BOOK, order({ side: 'sell', size: 1, trigger: 3000 }), 4420).price).toBe(4420);
    expect(refusal(() => worstCaseFill(BOOK, order({ trigger: 110 }), 100))?.details).toMatchObject({
      reason: 'no_bound',
    });
  });
});

describe('checkPriceCollar', () => {
  const at = (side: 'buy' | 'sell', limit: number) => ({
    venue: 'broker',
    instrument: '265598',
    side,
    limit,
  });

  it('refuses a limit beyond the collar on the marketable side with 422 PRICE_COLLAR and its figures', () => {
    const error = refusal(() => checkPriceCollar(at('sell', 1), 200, 5));
    expect(error).toMatchObject({ status: 422, code: 'PRICE_COLLAR' });
    expect(error?.details).toEqual({
      risk_check: 'price_collar',
      venue: 'broker',
      instrument: '265598',
      side: 'sell',
      limit: 1,
      mark: 200,
      reference: 'mark',
      collar_pct: 5,
      bound: 190,
    });
    expect(refusal(() => checkPriceCollar(at('buy', 210.5), 200, 5))?.code).toBe('PRICE_COLLAR');
  });

  it('passes a limit up to the collar, and any limit on the passive side', () => {
    for (const [side, limit] of [
      ['buy', 210],
      ['sell', 190],
      ['buy', 1],
      ['sell', 1_000_000],
    ] as const)
      expect(refusal(() => checkPriceCollar(at(side, limit), 200, 5))).toBeUndefined();
  });

  it('priceOrder collars only the bot’s own limit, against the trigger for a trigger order', () => {
    const market = { book: BOOK, mark: 100, collarPct: 5 };
    // A market order's protection price far from the mark is the venue's bound, not a fat finger.
    expect(priceOrder({ ...order({ size: 1, limit: 150 }), collared: false }, market).notional).toBe(100);
    expect(
      refusal(() => priceOrder({ ...order({ size: 1, limit: 150 }), collared: true }, market))?.code,
    ).toBe('PRICE_COLLAR');
    const stop = { ...order({ size: 1, trigger: 140, limit: 145 }), collared: true };
    expect(priceOrder(stop, market).notional).toBe(145);
    expect(refusal(() => priceOrder({ ...stop, limit: 150 }, market))?.details).toMatchObject({
      reference: 'trigger',
      mark: 140,
    });
  });
});

/** A book around a mid: bids strictly below asks, each side best first, unique prices. */
const levels = (mid: number, direction: 1 | -1) =>
  fc
    .array(
      fc.record({
        gap: fc.double({ min: 1e-4, max: 0.05, noNaN: true }),
        size: fc.double({ min: 1e-3, max: 1e3, noNaN: true }),
      }),
      {
        maxLength: 12,
      },
    )
    .map((steps) => {
      let price = mid;
      return steps.map(({ gap, size }): Level => {
        price *= 1 + direction * gap;
        return [price, size];
      });
    });

const scenario = fc.double({ min: 1, max: 1e5, noNaN: true }).chain((mid) =>
  fc.record({
    book: fc.record({ bids: levels(mid, -1), asks: levels(mid, 1) }),
    mark: fc.double({ min: mid * 0.9, max: mid * 1.1, noNaN: true }),
    side: fc.constantFrom('buy' as const, 'sell' as const),
    size: fc.double({ min: 1e-3, max: 5e3, noNaN: true }),
    limit: fc.option(fc.double({ min: mid * 0.5, max: mid * 1.5, noNaN: true }), { nil: undefined }),
    // Where in its allowed range a resting remainder later fills (0: least notional, 1: most).
    later: fc.double({ min: 0, max: 1, noNaN: true }),
  }),
);

/**
 * The execution, simulated apart from the module: the far side sorted by price here (not trusted to be best
 * first), every unit that the limit allows taken from the best price on; a remainder that rests fills later
 * anywhere its limit and the market allow: a buy at or below its limit, a sell between its limit and the best
 * the market offers now (its mark or best bid).
 */
function executed(
  book: Book,
  side: 'buy' | 'sell',
  size: number,
  limit: number | undefined,
  mark: number,
  later: number,
) {
  const far = [...(side === 'buy' ? book.asks : book.bids)].sort((a, b) =>
    side === 'buy' ? a[0] - b[0] : b[0] - a[0],
  );
  let left = size;
  let notional = 0;
  for (const [price, available] of far) {
    const allowed = limit === undefined || (side === 'buy' ? price <= limit : price >= limit);
    if (!allowed || left <= 0) continue;
    const fill = Math.min(left, available);
    notional += fill * price;
    left -= fill;
  }
  if (left > size * 1e-9) {
    if (limit === undefined) return { notional, unfilled: left };
    const best = Math.max(limit, mark, book.bids[0]?.[0] ?? 0);
    notional += left * (side === 'buy' ? limit * later : limit + (best - limit) * later);
  }
  return { notional, unfilled: 0 };
}

describe('worstCaseFill, for any book and order', () => {
  it('is never below what the order can execute at against that book', () => {
    fc.assert(
      fc.property(scenario, ({ book, mark, side, size, limit, later }) => {
        const valued = order({ side, size, ...(limit === undefined ? {} : { limit }) });
        const far = side === 'buy' ? book.asks : book.bids;
        const simulated = executed(book, side, size, limit, mark, later);
        const error = refusal(() => worstCaseFill(book, valued, mark));
        if (far.length === 0 || simulated.unfilled > 0) {
          // An empty far side or a market order the book cannot absorb: no price to count, so refused.
          expect(error).toMatchObject({ code: 'PRICE_UNKNOWN' });
          return;
        }
        expect(error).toBeUndefined();
        const value = worstCaseFill(book, valued, mark);
        expect(value.notional).toBeGreaterThanOrEqual(simulated.notional * (1 - 1e-9));
        expect(value.price).toBeCloseTo(value.notional / size, 6);
      }),
      { numRuns: 2_000 },
    );
  });
});
