import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../helpers.js';
import { brokerCall, brokerSim, type Json, startBrokerGateway } from '../support/broker-gateway.js';

let gateway: Gateway;
beforeAll(async () => {
  gateway = await startBrokerGateway();
});
afterAll(() => gateway?.close());

const AAPL = 265598;

describe.each(['test', 'live'] as const)(
  'broker reads and the remaining writes over HTTP (%s)',
  (environment) => {
    const call = (tool: string, body: Json = {}) => brokerCall(gateway, tool, body, { environment });

    it('search_contracts, get_ticker and get_snapshot (the empty preflight never shows)', async () => {
      const found = await call('search_contracts', { symbol: 'AAPL' });
      expect(found.status, JSON.stringify(found.body)).toBe(200);
      expect(found.body.contracts[0]).toMatchObject({ conid: AAPL, symbol: 'AAPL', exchange: 'NASDAQ' });
      const ticker = await call('get_ticker', { conids: [AAPL, 756733] });
      expect(ticker.status, JSON.stringify(ticker.body)).toBe(200);
      for (const row of ticker.body.tickers) {
        expect(row.last).toBeGreaterThan(0);
        expect(row.ask).toBeGreaterThanOrEqual(row.bid);
      }
      const snapshot = await call('get_snapshot', { conids: [8314] });
      expect(snapshot.status).toBe(200);
      expect(snapshot.body.snapshots[0]).toMatchObject({
        conid: 8314,
        symbol: 'IBM',
        availability: 'realtime',
      });
      expect(snapshot.body.snapshots[0].high).toBeGreaterThanOrEqual(snapshot.body.snapshots[0].low);
    });

    it('get_bars answers candles of the asked bar size', async () => {
      const bars = await call('get_bars', { conid: AAPL, period: '1d', bar: '1h' });
      expect(bars.status, JSON.stringify(bars.body)).toBe(200);
      expect(bars.body.candles.length).toBe(24);
      const [first, second] = bars.body.candles;
      expect(second.timestamp - first.timestamp).toBe(3_600_000);
      expect(first.high).toBeGreaterThanOrEqual(Math.max(first.open, first.close));
    });

    it('get_option_chain answers calls and puts around the money', async () => {
      const chain = await call('get_option_chain', { symbol: 'AAPL', strikes: 2 });
      expect(chain.status, JSON.stringify(chain.body)).toBe(200);
      expect(chain.body.options.length).toBe(4);
      expect(new Set(chain.body.options.map((o: Json) => o.right))).toEqual(new Set(['C', 'P']));
      expect(chain.body.options[0].expiry).toMatch(/^\d{8}$/);
    });

    it('amend_order sends the full ticket; close_position flattens; get_activities lists the fills', async () => {
      const placed = await call('place_order', {
        conid: AAPL,
        side: 'buy',
        type: 'limit',
        quantity: 2,
        price: 50,
      });
      expect(placed.status).toBe(200);
      const amended = await call('amend_order', { order_id: placed.body.order_id, price: 51 });
      expect(amended.status, JSON.stringify(amended.body)).toBe(200);
      expect(amended.body.ticket).toMatchObject({
        conid: AAPL,
        orderType: 'LMT',
        side: 'BUY',
        quantity: 2,
        price: 51,
        tif: 'DAY',
      });
      const sent = brokerSim(gateway, environment)
        .requests({ method: 'POST', path: '/v1/api/iserver/account/' })
        .filter((request) => request.path.includes('/order/'))
        .at(-1);
      expect(sent?.body).toMatchObject({
        conid: AAPL,
        orderType: 'LMT',
        side: 'BUY',
        quantity: 2,
        price: 51,
      });
      const open = await call('get_open_orders', { conid: AAPL });
      expect(open.body.orders.find((o: Json) => o.order_id === placed.body.order_id)).toMatchObject({
        price: 51,
        quantity: 2,
      });
      expect((await call('cancel_order', { order_id: placed.body.order_id })).body.status).toBe('Cancelled');

      expect(
        (await call('place_order', { conid: AAPL, side: 'buy', type: 'market', quantity: 3 })).status,
      ).toBe(200);
      const closed = await call('close_position', { conid: AAPL });
      expect(closed.status, JSON.stringify(closed.body)).toBe(200);
      const positions = await call('get_positions');
      expect(positions.body.positions.find((p: Json) => p.conid === AAPL)).toBeUndefined();
      const activities = await call('get_activities', { days: 1 });
      expect(activities.status).toBe(200);
      expect(activities.body.activities.filter((a: Json) => a.conid === AAPL).length).toBeGreaterThanOrEqual(
        2,
      );
      expect((await call('close_position', { conid: AAPL })).body.error.code).toBe('NO_POSITION');
    });

    it('bad input is a 422 naming the field, and nothing is sent', async () => {
      const before = brokerSim(gateway, environment).hits({
        method: 'POST',
        path: '/v1/api/iserver/account/',
      });
      const noPrice = await call('place_order', { conid: AAPL, side: 'buy', type: 'limit', quantity: 1 });
      expect(noPrice.status).toBe(422);
      expect(noPrice.body.error.details.field).toBe('price');
      const badSide = await call('place_order', { conid: AAPL, side: 'hold', type: 'market', quantity: 1 });
      expect(badSide.status).toBe(422);
      expect(badSide.body.error.details.field).toContain('side');
      const inverted = await call('place_bracket_order', {
        entry: { conid: AAPL, side: 'buy', type: 'market', quantity: 1 },
        take_profit_price: 90,
        stop_loss_price: 100,
      });
      expect(inverted.status).toBe(422);
      expect(inverted.body.error.details.field).toBe('take_profit_price');
      expect(brokerSim(gateway, environment).hits({ method: 'POST', path: '/v1/api/iserver/account/' })).toBe(
        before,
      );
    });

    it('refuses an order over BROKER_MAX_LEVERAGE before sending it', async () => {
      const big = await call('place_order', {
        conid: AAPL,
        side: 'buy',
        type: 'limit',
        quantity: 100_000,
        // Resting below the market: valued at its limit, and inside the price collar.
        price: 100,
      });
      expect(big.status).toBe(422);
      expect(big.body.error.code).toBe('LEVERAGE_CAP_EXCEEDED');
      expect(big.body.error.details.cap).toBe(2);
    });
  },
);
