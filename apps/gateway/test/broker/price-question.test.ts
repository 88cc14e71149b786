import { describe, expect, it } from 'vitest';
import { collarVeto } from '../../src/namespaces/mcp-broker/broker-pricing.js';
import type { OrderLeg } from '../../src/namespaces/mcp-broker/order.schema.js';
import type { Market } from '../../src/trading/risk/fill-valuation.js';
import { NO_DEADLINE } from '../../src/upstream/call-deadline.js';
import type { UpstreamRequest } from '../../src/upstream/upstream-types.js';
import { submitWithReplies } from '../../src/venues/ibkr/ibkr-orders.js';

/**
 * The second line behind the plan's collar (ibkr-orders.ts, broker-pricing.ts): IBKR's o163 ("price exceeds
 * the Percentage constraint of 3%") is on the allow-list, but the gateway answers no when the order's limit is
 * outside BROKER_PRICE_COLLAR_PCT of the market read when the question comes. The plan normally refuses
 * first; these run the reply loop on a scripted venue, where the market has moved since.
 */

const QUESTION =
  'The following order "SELL 15000 AAPL @ 150" price exceeds the Percentage constraint of 3%. Are you sure you want to submit this order?';

/** A venue that asks o163 once, then acknowledges; every request it got, in order. */
function scriptedVenue() {
  const requests: UpstreamRequest[] = [];
  const answer = (body: unknown) => ({ status: 200, headers: {}, body, receivedAt: 0 });
  return {
    requests,
    sender: {
      environment: 'test' as const,
      send: async (_toolCall: unknown, request: UpstreamRequest) => {
        requests.push(request);
        if (request.path.endsWith('/orders'))
          return answer([{ id: 'q-1', message: [QUESTION], isSuppressed: false, messageIds: ['o163'] }]);
        if ((request.body as { confirmed: boolean }).confirmed === false)
          return { ...answer({ error: 'Order not confirmed' }), status: 400 };
        return answer([{ order_id: '1234567891', order_status: 'Submitted' }]);
      },
    },
  };
}

const market = (mark: number): Market => ({
  book: { bids: [[mark - 0.05, 500]], asks: [[mark + 0.05, 500]] },
  mark,
  collarPct: 4,
});
const sell = (price: number): OrderLeg => ({
  conid: 265598,
  side: 'sell',
  type: 'limit',
  quantity: 15_000,
  price,
});
const submit = (venue: ReturnType<typeof scriptedVenue>, leg: OrderLeg, mark: number) =>
  submitWithReplies(
    venue.sender,
    NO_DEADLINE,
    '/iserver/account/DU1/orders',
    { orders: [] },
    new Set(['o163']),
    collarVeto([leg], async () => market(mark)),
  );

describe('o163 on an order whose limit is outside the collar', () => {
  it('is answered no, and the order refused with 422 PRICE_COLLAR carrying the question', async () => {
    const venue = scriptedVenue();
    const error = await submit(venue, sell(150), 168).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 422, code: 'PRICE_COLLAR' });
    expect((error as { details: unknown }).details).toMatchObject({
      risk_check: 'price_collar',
      venue: 'broker',
      limit: 150,
      mark: 168,
      collar_pct: 4,
      question: QUESTION,
      message_ids: ['o163'],
    });
    expect(venue.requests.map((request) => [request.path, request.body])).toEqual([
      ['/iserver/account/DU1/orders', { orders: [] }],
      ['/iserver/reply/q-1', { confirmed: false }],
    ]);
  });

  it('is answered no when the market cannot be read at that moment', async () => {
    const venue = scriptedVenue();
    const error = await submitWithReplies(
      venue.sender,
      NO_DEADLINE,
      '/iserver/account/DU1/orders',
      { orders: [] },
      new Set(['o163']),
      collarVeto([sell(150)], async () => {
        throw new Error('snapshot failed');
      }),
    ).catch((caught: unknown) => caught);
    expect((error as Error).message).toBe('snapshot failed');
    expect(venue.requests.at(-1)?.body).toEqual({ confirmed: false });
  });
});

describe('o163 on an order inside the collar', () => {
  it('is confirmed from the allow-list as before', async () => {
    const venue = scriptedVenue();
    // 4 % below 168 is 161.28: a sell at 162 is inside the collar, though more than 3 % from the market.
    const placed = await submit(venue, sell(162), 168);
    expect(placed).toEqual({
      acks: [{ order_id: '1234567891', order_status: 'Submitted' }],
      confirmed: ['o163'],
    });
    expect(venue.requests.at(-1)).toMatchObject({ path: '/iserver/reply/q-1', body: { confirmed: true } });
  });
});
