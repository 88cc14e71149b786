import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../helpers.js';
import { optxCall, shiftPrice, startOptxGateway } from './optx-gateway.js';

/**
 * Trading as a bot runs it on /mcp-optx against the simulator: entries, protective orders, the market moved
 * through them (the simulator's price-path shift), and closes. Each scenario uses its own instrument.
 */

let gateway: Gateway;
beforeAll(async () => {
  // The market pinned: it moves only when a test shifts a coin's price path.
  const pinned = Date.UTC(2026, 10, 25, 12);
  gateway = await startOptxGateway({ env: { OPTX_MAX_LEVERAGE: '20' }, simNow: () => pinned });
});
afterEach(async () => {
  for (const coin of ['BTC', 'ETH']) await shiftPrice(gateway, coin, 1);
});
afterAll(() => gateway.close());

const call = async (tool: string, body: unknown) => {
  const res = await optxCall(gateway, tool, body);
  if (res.status !== 200) throw new Error(`${tool}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
};
const ticker = async (name: string) => (await call('get_ticker', { instrument_name: name })).ticker;
const position = async (currency: string, name: string) =>
  (await call('get_positions', { currency })).positions.find(
    (p: { instrument_name: string }) => p.instrument_name === name,
  );
const openOrders = async (currency: string) => (await call('get_open_orders', { currency })).orders;
const onTick = (price: number, tick: number) => Math.round(Math.round(price / tick) * tick * 1e8) / 1e8;

describe('optx trading scenarios', () => {
  it('BTC perpetual: a limit rests then fills, stop-loss and take-profit, the price falls through the stop', async () => {
    const { best_bid_price: bid, mark_price: mark } = await ticker('BTC-PERPETUAL');
    const entry = await call('place_order', {
      instrument_name: 'BTC-PERPETUAL',
      side: 'buy',
      amount: 1000,
      type: 'limit',
      price: onTick(bid * 0.996, 0.5),
    });
    expect(entry.order.order_state).toBe('open');
    await shiftPrice(gateway, 'BTC', 0.99);
    expect((await call('get_open_orders', { currency: 'BTC' })).orders).toEqual([]);
    expect(await position('BTC', 'BTC-PERPETUAL')).toMatchObject({ direction: 'buy', size: 1000 });

    const stop = await call('set_stop_loss', {
      instrument_name: 'BTC-PERPETUAL',
      trigger_price: onTick(mark * 0.97, 0.5),
    });
    const take = await call('set_take_profit', {
      instrument_name: 'BTC-PERPETUAL',
      trigger_price: onTick(mark * 1.05, 0.5),
    });
    expect(stop.order).toMatchObject({
      direction: 'sell',
      amount: 1000,
      reduce_only: true,
      order_state: 'untriggered',
    });
    const untriggered = await openOrders('BTC');
    expect(untriggered.map((o: { order_id: string }) => o.order_id).sort()).toEqual(
      [stop.order.order_id, take.order.order_id].sort(),
    );
    expect(untriggered.every((o: { order_state: string }) => o.order_state === 'untriggered')).toBe(true);

    await shiftPrice(gateway, 'BTC', 0.95);
    expect(await position('BTC', 'BTC-PERPETUAL')).toBeUndefined();
    // The stop fired (its state is `triggered`); the take-profit stays untriggered until the bot cancels it
    // (docs/decisions.md, "optx: protective orders after a close").
    const left = await openOrders('BTC');
    expect(left.map((o: { order_id: string }) => o.order_id)).toEqual([take.order.order_id]);
    const fired = await optxCall(gateway, 'cancel_order', { order_id: stop.order.order_id });
    expect(fired.body.error).toMatchObject({ code: 'ORDER_NOT_OPEN' });
    await call('cancel_order', { order_id: take.order.order_id });
  });

  it('ETH option: bought, a stop on its mark, the underlying falls and the option is sold', async () => {
    const res = await fetch(
      `${gateway.sims.get('optx')!.instance('test').url}/api/v2/public/get_instruments?currency=ETH&kind=option`,
    );
    const options = (
      (await res.json()) as {
        result: { instrument_name: string; option_type: string; expiration_timestamp: number }[];
      }
    ).result;
    const call_ = options
      .filter((o) => o.option_type === 'call')
      .sort((a, b) => b.expiration_timestamp - a.expiration_timestamp)[0]!;
    const name = call_.instrument_name;
    const bought = await call('place_order', {
      instrument_name: name,
      side: 'buy',
      amount: 1,
      type: 'market',
    });
    expect(bought.order.order_state).toBe('filled');
    expect(await position('ETH', name)).toMatchObject({ kind: 'option', size: 1, direction: 'buy' });
    const { mark_price: mark } = await ticker(name);
    const stop = await call('set_stop_loss', {
      instrument_name: name,
      trigger_price: onTick(mark * 0.8, mark * 0.8 >= 0.005 ? 0.0005 : 0.0001),
    });
    expect(stop.order).toMatchObject({ order_type: 'stop_market', amount: 1 });
    await shiftPrice(gateway, 'ETH', 0.8);
    expect(await position('ETH', name)).toBeUndefined();
  });

  it('USDC-linear perpetual: long in coin, take-profit fires when the price rises', async () => {
    const name = 'BTC_USDC-PERPETUAL';
    const bought = await call('place_order', {
      instrument_name: name,
      side: 'buy',
      amount: 0.01,
      type: 'market',
    });
    expect(bought.order).toMatchObject({ order_state: 'filled', amount: 0.01 });
    const { mark_price: mark } = await ticker(name);
    await call('set_take_profit', { instrument_name: name, trigger_price: onTick(mark * 1.02, 1) });
    expect(await position('USDC', name)).toMatchObject({ size: 0.01 });
    await shiftPrice(gateway, 'BTC', 1.03);
    expect(await position('USDC', name)).toBeUndefined();
    const summary = (await call('get_account_summary', { currency: 'USDC' })).summary;
    expect(summary.balance).toBeGreaterThan(1_000_000);
  });

  it('close_position of a partially filled position closes exactly what filled', async () => {
    const name = 'ETH-PERPETUAL';
    // Up to the second level, for about three times what the book shows there: part fills, the rest rests.
    const book = await call('get_orderbook', { instrument_name: name, depth: 5 });
    const shown = book.asks[0][1] + book.asks[1][1];
    const entry = await call('place_order', {
      instrument_name: name,
      side: 'buy',
      amount: shown * 3,
      type: 'limit',
      price: book.asks[1][0],
    });
    const filled = entry.order.filled_amount;
    expect(filled).toBeGreaterThan(0);
    expect(filled).toBeLessThan(shown * 3);
    expect(entry.order.order_state).toBe('open');
    // The unfilled rest is cancelled first: it is the best bid, and the close would otherwise trade with it.
    const rest = await call('cancel_order', { order_id: entry.order.order_id });
    expect(rest.order).toMatchObject({ order_state: 'cancelled', filled_amount: filled });
    expect(await position('ETH', name)).toMatchObject({ size: filled });
    const closed = await call('close_position', { instrument_name: name });
    expect(closed.order).toMatchObject({
      direction: 'sell',
      amount: filled,
      reduce_only: true,
      order_state: 'filled',
    });
    expect(await position('ETH', name)).toBeUndefined();
  });
  it('combo: a BTC call spread created by the venue and traded at once; the same structure reuses the combo', async () => {
    const res = await fetch(
      `${gateway.sims.get('optx')!.instance('test').url}/api/v2/public/get_instruments?currency=BTC&kind=option`,
    );
    const calls = (
      (await res.json()) as {
        result: {
          instrument_name: string;
          option_type: string;
          expiration_timestamp: number;
          strike: number;
        }[];
      }
    ).result
      .filter((o) => o.option_type === 'call')
      .sort((a, b) => b.expiration_timestamp - a.expiration_timestamp || a.strike - b.strike);
    const expiry = calls[0]!.expiration_timestamp;
    const [low, high] = calls.filter((o) => o.expiration_timestamp === expiry).slice(0, 2);
    const legs = [
      { instrument_name: low!.instrument_name, direction: 'buy', amount: 1 },
      { instrument_name: high!.instrument_name, direction: 'sell', amount: 1 },
    ];
    const first = await call('place_combo_order', { legs, side: 'buy', amount: 0.1, type: 'market' });
    expect(first.combo_id).toMatch(/^BTC-/);
    expect(first.order).toMatchObject({ instrument_name: first.combo_id, order_state: 'filled' });
    expect(first.trades.map((t: { instrument_name: string }) => t.instrument_name).sort()).toEqual(
      [low!.instrument_name, high!.instrument_name].sort(),
    );
    expect(first.trades.every((t: { combo_id: string }) => t.combo_id === first.combo_id)).toBe(true);
    expect(await position('BTC', low!.instrument_name)).toMatchObject({ size: 0.1 });
    expect(await position('BTC', high!.instrument_name)).toMatchObject({ size: -0.1 });
    const again = await call('place_combo_order', { legs, side: 'sell', amount: 0.1, type: 'market' });
    expect(again.combo_id).toBe(first.combo_id);
    expect(await position('BTC', low!.instrument_name)).toBeUndefined();
  });
});
