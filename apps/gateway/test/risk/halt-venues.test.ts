import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, startGateway, TESTNET } from '../helpers.js';
import { limitsFile } from '../support/limits-file.js';

/**
 * The kill switch and dry runs on every trading venue at once (optx, perpdex, broker simulators): a halt's
 * cancels find each venue's open orders by the client order ids the gateway issued to the halted bot, and a
 * dry-run bot's order reaches none of them.
 */

// biome-ignore lint/suspicious/noExplicitAny: answers are JSON read field by field
type Json = any;

let gateway: Gateway;
beforeAll(async () => {
  gateway = await startGateway({
    production: true,
    env: {
      RISK_LIMITS_FILE: limitsFile('test:\n  bots:\n    "dry-*": { dry_run: true }\n'),
      UPSTREAM_BREAKER_FAILURES: '1000',
    },
  });
}, 60_000);
afterAll(() => gateway?.close());

/** A resting order far below the market on each venue (they rest: nothing fills). */
const RESTING = {
  'mcp-optx': { instrument_name: 'BTC-PERPETUAL', side: 'buy', amount: 10, type: 'limit', price: 50_000 },
  'mcp-perpdex': { coin: 'ETH', side: 'buy', size: 0.01, type: 'limit', price: 2000 },
  'mcp-broker': { conid: 265598, side: 'buy', type: 'limit', quantity: 1, price: 100 },
} as const;
type Venue = keyof typeof RESTING;
const VENUES = Object.keys(RESTING) as Venue[];

async function call(bot: string, namespace: string, tool: string, body: unknown) {
  const res = await gateway.call(`/${namespace}/tools/${tool}`, body, { 'x-bot-tag': bot });
  return { status: res.status, body: (await res.json()) as Json };
}

const sim = (name: string) => gateway.sims.get(name)!.instance('test');
const sends = () =>
  sim('perpdex').hits({ method: 'POST', path: '/exchange' }) +
  sim('optx').hits({ method: 'GET', path: '/api/v2/private/buy' }) +
  sim('broker').hits({ method: 'POST', path: '/v1/api/iserver/account/' });

/** The client order ids of the account's open orders on a venue, as the namespace's get_open_orders shows them. */
async function openIds(namespace: Venue): Promise<string[]> {
  const input = namespace === 'mcp-optx' ? { currency: 'BTC' } : {};
  const { body } = await call('reader', namespace, 'get_open_orders', input);
  return (body.orders as Json[]).map((order) => order.label ?? order.client_order_id);
}

const idOf = (namespace: Venue, answer: Json): string =>
  namespace === 'mcp-optx' ? answer.order.label : answer.client_order_id;

describe('a halt with cancel_open_orders', () => {
  it('cancels the halted bot’s open orders on every venue and leaves another bot’s', async () => {
    const placed: Record<string, Record<Venue, string>> = { 'halt-x': {} as never, 'halt-y': {} as never };
    for (const bot of ['halt-x', 'halt-y'])
      for (const namespace of VENUES) {
        const answer = await call(bot, namespace, 'place_order', RESTING[namespace]);
        expect(answer.status, `${bot} ${namespace}: ${JSON.stringify(answer.body)}`).toBe(200);
        placed[bot]![namespace] = idOf(namespace, answer.body);
      }
    const res = await fetch(`${gateway.url}/admin/risk/halt`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TESTNET}`, 'content-type': 'application/json' },
      body: JSON.stringify({ bot_tag: 'halt-x', reason: 'runaway', cancel_open_orders: true }),
    });
    const halt = (await res.json()) as Json;
    expect(res.status).toBe(200);
    expect(halt.not_cancelled).toEqual([]);
    expect(
      (halt.cancelled as Json[]).map((row) => [row.venue, row.client_order_id, row.bot_tag]).sort(),
    ).toEqual(
      [
        ['broker', placed['halt-x']!['mcp-broker'], 'halt-x'],
        ['optx', placed['halt-x']!['mcp-optx'], 'halt-x'],
        ['perpdex', placed['halt-x']!['mcp-perpdex'], 'halt-x'],
      ].sort(),
    );
    for (const namespace of VENUES) {
      const open = await openIds(namespace);
      expect(open, namespace).not.toContain(placed['halt-x']![namespace]);
      expect(open, namespace).toContain(placed['halt-y']![namespace]);
    }
    for (const namespace of VENUES) {
      const refused = await call('halt-x', namespace, 'place_order', RESTING[namespace]);
      expect(refused.body.error?.code, namespace).toBe('TRADING_HALTED');
    }
  });
});

describe('a dry-run bot', () => {
  it('gets each venue’s signed request back, credentials removed, and nothing reaches a venue', async () => {
    const before = sends();
    const paths: Record<Venue, RegExp> = {
      'mcp-optx': /\/api\/v2\/private\/buy\?/,
      'mcp-perpdex': /\/exchange$/,
      'mcp-broker': /\/v1\/api\/iserver\/account\/[^/]+\/orders$/,
    };
    for (const namespace of VENUES) {
      const answer = await call('dry-run-1', namespace, 'place_order', RESTING[namespace]);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body).toMatchObject({ dry_run: true, testnet: true });
      expect(answer.body.request.url).toMatch(paths[namespace]);
      const headers = Object.keys(answer.body.request.headers).map((name) => name.toLowerCase());
      expect(headers).not.toContain('authorization');
      expect(JSON.stringify(answer.body)).not.toMatch(/Bearer |oauth_signature|oauth_token/);
    }
    expect(sends()).toBe(before);
  });
});
