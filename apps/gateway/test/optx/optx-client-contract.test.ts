import { describe, expect, it } from 'vitest';
import { NO_DEADLINE } from '../../src/upstream/call-deadline.js';
import { CredentialStore } from '../../src/upstream/credentials.js';
import type { UpstreamHttp, UpstreamRequest, UpstreamResponse } from '../../src/upstream/upstream-types.js';
import { deribitAuthorizer } from '../../src/venues/deribit/deribit-auth.js';
import { readPrivateResult, readWriteResult } from '../../src/venues/deribit/deribit-order-errors.js';
import { DeribitTrading } from '../../src/venues/deribit/deribit-trading.js';

/**
 * The private client's requests against the example messages of upstreams/optx-deribit.md §12.2 (method
 * names, parameter names, units), and its readers against the examples' answers. A fake transport records
 * each request and answers with the example's envelope.
 */

const envelope = (result: unknown) => ({
  jsonrpc: '2.0',
  result,
  usIn: 1,
  usOut: 2,
  usDiff: 1,
  testnet: true,
});

function fakeHttp(answer: (request: UpstreamRequest) => unknown) {
  const sent: UpstreamRequest[] = [];
  const http: UpstreamHttp = {
    name: 'optx',
    host: 'api',
    environment: 'test',
    baseUrl: 'https://test.deribit.com/api/v2',
    async request<T>(request: UpstreamRequest): Promise<UpstreamResponse<T>> {
      sent.push(request);
      return { status: 200, headers: {}, body: answer(request) as T, receivedAt: 1 };
    },
  };
  return { http, sent };
}

/** A documented request as method path and its query parameters, all as strings. */
function example(url: string) {
  const parsed = new URL(url, 'https://test.deribit.com');
  return { path: parsed.pathname.replace('/api/v2', ''), params: Object.fromEntries(parsed.searchParams) };
}
const asSent = (request: UpstreamRequest) => ({
  path: request.path,
  params: Object.fromEntries(
    Object.entries(request.query ?? {})
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => [key, String(value)]),
  ),
});

const E14_ORDER = {
  order_state: 'open',
  order_id: 'BTC-8812340001',
  label: 'bot-a:9c21',
  instrument_name: 'BTC-25DEC26-120000-C',
  price: 0.0875,
  amount: 0.5,
};

describe('the optx private client speaks the documented requests', () => {
  it('E14 private/buy: the documented parameters (post_only and time_in_force explicit) and {order, trades}', async () => {
    const { http, sent } = fakeHttp(() => envelope({ trades: [], order: E14_ORDER }));
    const client = new DeribitTrading(http, undefined);
    const placed = await client.place(NO_DEADLINE, 'buy', {
      instrument_name: 'BTC-25DEC26-120000-C',
      amount: 0.5,
      type: 'limit',
      price: 0.0875,
      post_only: true,
      time_in_force: 'good_til_cancelled',
      label: 'bot-a:9c21',
    });
    expect(asSent(sent[0]!)).toEqual(
      example(
        '/api/v2/private/buy?instrument_name=BTC-25DEC26-120000-C&amount=0.5&type=limit&price=0.0875&post_only=true&time_in_force=good_til_cancelled&label=bot-a%3A9c21',
      ),
    );
    expect(sent[0]!.idempotent).toBe(false);
    expect(placed.data).toEqual({ trades: [], order: E14_ORDER });
  });

  it('E11, E12, E13, E16, E17: account, positions, trigger orders, cancel, close', async () => {
    const { http, sent } = fakeHttp((request) =>
      envelope(
        request.path.includes('get_') && !request.path.endsWith('summary') ? [] : { order: {}, trades: [] },
      ),
    );
    const client = new DeribitTrading(http, undefined);
    await client.getAccountSummary(NO_DEADLINE, 'BTC', true);
    await client.getPositions(NO_DEADLINE, 'BTC');
    await client.getOpenOrders(NO_DEADLINE, 'BTC', 'trigger_all');
    await client.cancel(NO_DEADLINE, 'BTC-8812340001');
    await client.closePosition(NO_DEADLINE, 'BTC-PERPETUAL', 'market');
    expect(sent.map(asSent)).toEqual([
      example('/api/v2/private/get_account_summary?currency=BTC&extended=true'),
      example('/api/v2/private/get_positions?currency=BTC'),
      example('/api/v2/private/get_open_orders_by_currency?currency=BTC&type=trigger_all'),
      example('/api/v2/private/cancel?order_id=BTC-8812340001'),
      example('/api/v2/private/close_position?instrument_name=BTC-PERPETUAL&type=market'),
    ]);
    expect(sent.map((request) => request.idempotent)).toEqual([true, true, true, false, false]);
  });

  it('E18 create_combo: `trades` as a JSON string of the legs', async () => {
    const { http, sent } = fakeHttp(() => envelope({ id: 'BTC-CS-25DEC26-120000_130000', legs: [] }));
    await new DeribitTrading(http, undefined).createCombo(NO_DEADLINE, [
      { instrument_name: 'BTC-25DEC26-120000-C', direction: 'buy', amount: 1 },
      { instrument_name: 'BTC-25DEC26-130000-C', direction: 'sell', amount: 1 },
    ]);
    expect(asSent(sent[0]!)).toEqual(
      example(
        '/api/v2/private/create_combo?trades=%5B%7B%22instrument_name%22%3A%22BTC-25DEC26-120000-C%22%2C%22direction%22%3A%22buy%22%2C%22amount%22%3A1%7D%2C%7B%22instrument_name%22%3A%22BTC-25DEC26-130000-C%22%2C%22direction%22%3A%22sell%22%2C%22amount%22%3A1%7D%5D',
      ),
    );
  });

  it('E7 and E10: order book with depth, trades in a time range', async () => {
    const { http, sent } = fakeHttp(() => envelope({ trades: [], has_more: false }));
    const client = new DeribitTrading(http, undefined);
    await client.getOrderBook(NO_DEADLINE, 'BTC-25DEC26-120000-C', 5);
    await client.getLastTrades(NO_DEADLINE, {
      instrument: 'BTC-PERPETUAL',
      startMs: 1790935100000,
      endMs: 1790935200000,
      count: 2,
      sorting: 'asc',
    });
    expect(sent.map(asSent)).toEqual([
      example('/api/v2/public/get_order_book?instrument_name=BTC-25DEC26-120000-C&depth=5'),
      example(
        '/api/v2/public/get_last_trades_by_instrument_and_time?instrument_name=BTC-PERPETUAL&start_timestamp=1790935100000&end_timestamp=1790935200000&count=2&sorting=asc',
      ),
    ]);
  });
});

describe('the optx authorizer', () => {
  const E1 = {
    access_token: '1790935200123.1Xq7Tn3L.V4sZk2pQ9wYrB7mT0cNaH5dE',
    expires_in: 31536000,
    refresh_token: '1790935200123.1Rf8Gh2K.M3nBv6cX1zLp9QwE4tYuI7oA',
    scope:
      'account:read_write block_trade:read_write connection custody:read_write mainaccount trade:read_write wallet:read_write',
    enabled_features: [],
    token_type: 'bearer',
  };

  function authorizer(result: Record<string, unknown>) {
    const store = new CredentialStore();
    store.register('optx', 'test', { fields: ['client_id', 'client_secret'] }, 'OPTX_TEST_CREDENTIALS_FILE');
    store.swap('optx', 'test', { client_id: 'Xq7Tn3Lb', client_secret: 'secret-value' });
    const { http, sent } = fakeHttp(() => envelope(result));
    let now = 1_000;
    const auth = deribitAuthorizer({
      environment: 'test',
      credentials: store.handle('optx', 'test'),
      http: () => http,
      now: () => now,
    });
    return { auth, sent, advance: (ms: number) => (now += ms) };
  }

  const outgoing = (path: string) => ({
    method: 'GET',
    origin: 'https://test.deribit.com',
    path,
    query: [] as [string, string][],
    headers: {} as Record<string, string>,
    body: undefined,
  });

  it('E1: one client_credentials auth for concurrent private calls, Bearer on private only, refresh at 80 %', async () => {
    const { auth, sent, advance } = authorizer(E1);
    const calls = [outgoing('/api/v2/private/buy'), outgoing('/api/v2/private/get_positions')];
    await Promise.all(calls.map((call) => auth.authorize(call, undefined)));
    expect(sent.map(asSent)).toEqual([
      example(
        '/api/v2/public/auth?grant_type=client_credentials&client_id=Xq7Tn3Lb&client_secret=secret-value',
      ),
    ]);
    expect(sent[0]!.anonymous).toBe(true);
    expect(calls.map((call) => call.headers.authorization)).toEqual([
      `Bearer ${E1.access_token}`,
      `Bearer ${E1.access_token}`,
    ]);
    const publicCall = outgoing('/api/v2/public/ticker');
    await auth.authorize(publicCall, undefined);
    expect(publicCall.headers.authorization).toBeUndefined();
    advance(E1.expires_in * 800 + 1);
    await auth.authorize(outgoing('/api/v2/private/buy'), undefined);
    expect(asSent(sent[1]!)).toEqual(
      example(`/api/v2/public/auth?grant_type=refresh_token&refresh_token=${E1.refresh_token}`),
    );
  });

  it('drops the token on 13009 so the call is authorized afresh with the key', async () => {
    const { auth, sent } = authorizer(E1);
    await auth.authorize(outgoing('/api/v2/private/buy'), undefined);
    const refused = {
      status: 401,
      headers: {},
      body: {
        jsonrpc: '2.0',
        error: { code: 13009, message: 'unauthorized', data: { reason: 'invalid_token' } },
      },
      receivedAt: 1,
    };
    expect(auth.rejected!(refused)).toBe(true);
    await auth.authorize(outgoing('/api/v2/private/buy'), undefined);
    expect(asSent(sent[1]!).params.grant_type).toBe('client_credentials');
  });

  it('refuses a key without trade:read_write as a configuration error, naming the scope', async () => {
    const { auth } = authorizer({ ...E1, scope: 'account:read trade:read' });
    await expect(auth.authorize(outgoing('/api/v2/private/buy'), undefined)).rejects.toMatchObject({
      code: 'UPSTREAM_AUTH',
      details: { missing_scopes: ['trade:read_write'] },
    });
  });
});

describe('Deribit errors in the envelope (notes §1.5)', () => {
  const refused = (code: number, message: string) => ({
    status: code === 13009 ? 401 : 400,
    headers: {},
    body: { jsonrpc: '2.0', error: { code, message }, testnet: true },
    receivedAt: 1,
  });
  it.each([
    [10028, 'too_many_requests', 502, 'UPSTREAM_RATE_LIMITED', true],
    [10009, 'not_enough_funds', 422, 'INSUFFICIENT_FUNDS', false],
    [10010, 'already_closed', 409, 'ORDER_NOT_OPEN', false],
    [11044, 'not_open_order', 409, 'ORDER_NOT_OPEN', false],
    [10004, 'order_not_found', 404, 'ORDER_NOT_FOUND', false],
    [10043, 'price_wrong_tick', 422, 'ORDER_REJECTED', false],
    [11054, 'post_only_reject', 422, 'ORDER_REJECTED', false],
    [13021, 'forbidden', 502, 'UPSTREAM_AUTH', false],
    [11051, 'system_maintenance', 503, 'UPSTREAM_MAINTENANCE', true],
  ] as const)(
    '%i %s → %i %s, retryable %s, the code in details',
    (code, message, status, appCode, retryable) => {
      let thrown: unknown;
      try {
        readPrivateResult(refused(code, message), 'test', 'private/buy');
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toMatchObject({ status, code: appCode, retryable, details: { upstream_code: code } });
    },
  );

  it('a write answered without an envelope may have executed: looked up, not reported as refused', () => {
    const page = { status: 502, headers: {}, body: '<html>bad gateway</html>', receivedAt: 1 };
    expect(() => readWriteResult(page, 'test', 'private/buy')).toThrow(
      expect.objectContaining({ details: expect.objectContaining({ outcome_unknown: true }) }),
    );
  });
});
