import { describe, expect, it } from 'vitest';
import type { ReserveCheckInput } from './exposure-check.js';
import { type AccountSnapshot, ExposureViews, type OrderLeg } from './exposure-view.js';

/** The check callback of `reserve` on the memory store: what it is shown, and that its refusal reserves nothing. */

const snapshot: AccountSnapshot = {
  equity: 1_000,
  current_notional: 500,
  positions: new Map([['AAPL', { size: 2, notional: 200 }]]),
  marks: new Map(),
};
const views = () => new ExposureViews({ now: () => 0, maxAgeMs: 60_000, refreshAfterMs: 60_000 });
const read = async () => snapshot;
const plan = (legs: OrderLeg[], extra: { oneOf?: boolean; reduceOnly?: boolean } = {}) => ({
  account: 'U1',
  legs: () => legs,
  ...extra,
});

describe('the check callback of reserve', () => {
  it('sees the valued legs, the gross notional and what is pending per instrument and per tag', async () => {
    const exposure = views();
    await exposure.reserve(
      'broker:test:U1',
      'broker',
      3,
      false,
      plan([{ instrument: 'AAPL', size: 3, unit_notional: 100 }]),
      read,
      undefined,
      'bot-a',
    );
    await exposure.reserve(
      'broker:test:U1',
      'broker',
      3,
      false,
      plan([{ instrument: 'MSFT', size: -1, unit_notional: 50 }]),
      read,
    );
    const seen: ReserveCheckInput[] = [];
    await exposure.reserve(
      'broker:test:U1',
      'broker',
      3,
      true,
      plan([
        { instrument: 'AAPL', size: -1, unit_notional: 100 },
        { instrument: 'IBM', size: -4, unit_notional: 10 },
      ]),
      read,
      (input) => {
        seen.push(input);
      },
      'bot-b',
    );
    const [input] = seen;
    expect(input).toMatchObject({
      key: 'broker:test:U1',
      venue: 'broker',
      tag: 'bot-b',
      reduce_only: false,
      one_of: false,
    });
    expect(input!.snapshot).toBe(snapshot);
    // AAPL is busy (an order not yet in a read touched it): no netting there; IBM nets from flat.
    expect(input!.legs.map((leg) => [leg.instrument, leg.size, leg.unit_notional, leg.notional])).toEqual([
      ['AAPL', -1, 100, 100],
      ['IBM', -4, 10, 40],
    ]);
    expect(input!.added_notional).toBe(140);
    expect(input!.gross_notional).toBe(140);
    expect(input!.pending.total).toBe(350);
    expect([...input!.pending.by_instrument]).toEqual([
      ['AAPL', 300],
      ['MSFT', 50],
    ]);
    expect([...input!.pending.by_tag]).toEqual([['bot-a', new Map([['AAPL', 300]])]]);
  });

  it('takes the largest alternative of a one-of group as the gross notional', async () => {
    let gross = 0;
    await views().reserve(
      'broker:test:U1',
      'broker',
      3,
      false,
      plan(
        [
          { instrument: 'AAPL', size: 1, unit_notional: 100 },
          { instrument: 'AAPL', size: 1, unit_notional: 120 },
        ],
        { oneOf: true },
      ),
      read,
      (input) => {
        gross = input.gross_notional;
        expect(input.one_of).toBe(true);
      },
    );
    expect(gross).toBe(120);
  });

  it('reserves nothing when it refuses, and runs after the leverage cap', async () => {
    const exposure = views();
    const order = plan([{ instrument: 'AAPL', size: 5, unit_notional: 100 }]);
    await expect(
      exposure.reserve('optx:test:U1', 'optx', 3, false, order, read, () => {
        throw new Error('halted');
      }),
    ).rejects.toThrow('halted');
    let pending = -1;
    await exposure.reserve('optx:test:U1', 'optx', 3, false, order, read, (input) => {
      pending = input.pending.total;
    });
    expect(pending).toBe(0);
    const over = plan([{ instrument: 'AAPL', size: 30, unit_notional: 100 }]);
    const check = () => {
      throw new Error('not reached');
    };
    await expect(exposure.reserve('optx:test:U1', 'optx', 3, false, over, read, check)).rejects.toMatchObject(
      {
        code: 'LEVERAGE_CAP_EXCEEDED',
      },
    );
  });
});
