import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createBrokerSimulator, createOptxSimulator, createPerpdexSimulator } from '@app/sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brokerNamespace } from '../../src/namespaces/mcp-broker/index.js';
import { optxNamespace } from '../../src/namespaces/mcp-optx/index.js';
import { perpdexNamespace } from '../../src/namespaces/mcp-perpdex/index.js';
import { optxUpstream } from '../../src/venues/deribit/deribit.upstream.js';
import { perpdexUpstream } from '../../src/venues/hyperliquid/hyperliquid.upstream.js';
import { brokerUpstream } from '../../src/venues/ibkr/ibkr.upstream.js';
import { type Gateway, startGateway } from '../helpers.js';

/**
 * Two gateways on one account (one set of simulators), their exposure reservations in one shared store
 * (docs/decisions.md, "The exposure view"): sixty concurrent market orders, each about a tenth of the cap's
 * room, split between them, never take the account past the leverage cap, as one instance would not. Each
 * order triggers a background read (EXPOSURE_REFRESH_MS=0), so snapshots are replaced mid-burst while fills
 * land and reservations settle on the other instance. Runs for each store whose URL is set (CI sets both).
 */

const run = randomUUID().slice(0, 8);
const STORES = [
  { name: 'redis', variable: 'REDIS_URL' },
  { name: 'postgres', variable: 'DATABASE_URL' },
] as const;
const ORDERS = 60;
/** Caps low enough that a tenth of the room fills from the simulated books at once. */
const CAPS: Record<string, number> = { optx: 3, perpdex: 2, broker: 0.25 };
/** Price moves and fees between snapshots; one order too many would be ~10 %. */
const TOLERANCE = 0.02;

// biome-ignore lint/suspicious/noExplicitAny: answers are read field by field in assertions
type Json = Record<string, any>;

interface Venue {
  name: string;
  path: string;
  /** The simulator core's symbol of the instrument the orders buy. */
  symbol: string;
  /** A buy of `notional` (quote currency) at `price`: resting (a limit under the market) or at market. */
  order(notional: number, price: number, market: boolean): Json;
  /** Orders that reached the simulator. */
  sends(gateway: Gateway): number;
}

const simOf = (gateway: Gateway, name: string) => gateway.sims.get(name)!.test;
const floorTo = (value: number, step: number) => Math.floor(value / step) * step;

const VENUES: Venue[] = [
  {
    name: 'optx',
    path: '/mcp-optx/tools/place_order',
    symbol: 'BTC-PERPETUAL',
    // Inverse perpetual: the amount is the USD notional, in lots of 10.
    order: (notional, price, market) => ({
      instrument_name: 'BTC-PERPETUAL',
      side: 'buy',
      amount: floorTo(notional, 10),
      ...(market ? { type: 'market' } : { type: 'limit', price: floorTo(price, 0.5) }),
    }),
    sends: (gateway) => simOf(gateway, 'optx').hits({ method: 'GET', path: '/api/v2/private/buy' }),
  },
  {
    name: 'perpdex',
    path: '/mcp-perpdex/tools/place_order',
    symbol: 'ETH',
    order: (notional, price, market) => ({
      coin: 'ETH',
      side: 'buy',
      size: floorTo(notional / price, 0.01),
      ...(market ? { type: 'market' } : { type: 'limit', price: Math.floor(price) }),
    }),
    sends: (gateway) => simOf(gateway, 'perpdex').hits({ method: 'POST', path: '/exchange' }),
  },
  {
    name: 'broker',
    path: '/mcp-broker/tools/place_order',
    symbol: '265598',
    order: (notional, price, market) => ({
      conid: 265598,
      side: 'buy',
      quantity: Math.floor(notional / price),
      ...(market ? { type: 'market' } : { type: 'limit', price: floorTo(price, 0.01) }),
    }),
    sends: (gateway) => simOf(gateway, 'broker').hits({ method: 'POST', path: '/v1/api/iserver/account/' }),
  },
];

async function call(gateway: Gateway, path: string, body: Json): Promise<{ status: number; body: Json }> {
  const res = await gateway.call(path, body);
  return { status: res.status, body: (await res.json()) as Json };
}

/**
 * The cap's figures on a fresh read of the account, from the refusal of a resting buy (nothing is sent): one
 * far too large shows the equity, then one of twice the cap's room is refused by the venue's cap itself (not
 * an asset's own ceiling).
 */
async function capFigures(gateway: Gateway, venue: Venue): Promise<Json> {
  gateway.exposure.clearSnapshots();
  const price = simOf(gateway, venue.name).exchange!.prices(venue.symbol).mark * 0.98;
  const refusal = async (notional: number) => {
    const refused = await call(gateway, venue.path, venue.order(notional, price, false));
    expect(refused.status, JSON.stringify(refused.body)).toBe(422);
    expect(refused.body.error.code).toBe('LEVERAGE_CAP_EXCEEDED');
    return refused.body.error.details;
  };
  const { equity } = await refusal(5e6);
  const figures = await refusal(2 * CAPS[venue.name]! * equity);
  expect(figures.venue).toBe(venue.name);
  return figures;
}

for (const store of STORES) {
  const url = process.env[store.variable];
  describe.skipIf(!url)(`two gateways on one account, reservations in ${store.name}`, () => {
    let first: Gateway;
    let second: Gateway;
    beforeAll(async () => {
      const options = {
        specs: [optxUpstream, perpdexUpstream, brokerUpstream],
        simulators: [
          createOptxSimulator({ limits: { enabled: false } }),
          createPerpdexSimulator({ limits: { enabled: false } }),
          createBrokerSimulator(),
        ],
        namespaces: [optxNamespace(), perpdexNamespace(), brokerNamespace()],
        // One prefix for both: they share the reservations (and budgets, caches and keys with Redis).
        redisPrefix: `test-two-${run}-${store.name}:`,
      };
      const env = {
        [store.variable]: url as string,
        SIM_RATE_LIMITS: 'false',
        UPSTREAM_TIMEOUT_MS: '5000',
        OPTX_MAX_LEVERAGE: String(CAPS.optx),
        PERPDEX_MAX_LEVERAGE: String(CAPS.perpdex),
        BROKER_MAX_LEVERAGE: String(CAPS.broker),
        EXPOSURE_REFRESH_MS: '0',
      };
      first = await startGateway({ ...options, env });
      // The broker simulator's OAuth consumer holds one live session token: the second gateway gets its own.
      const consumer = (await (
        await fetch(`${simOf(first, 'broker').url}/__sim/ibkr/consumers`, { method: 'POST' })
      ).json()) as Json;
      const { private_signature_key, private_encryption_key, ...fields } = consumer;
      const folder = join(first.dataDir, 'second-broker');
      mkdirSync(folder);
      writeFileSync(join(folder, 'credentials.json'), JSON.stringify(fields), { mode: 0o600 });
      writeFileSync(join(folder, 'private_signature.pem'), private_signature_key, { mode: 0o600 });
      writeFileSync(join(folder, 'private_encryption.pem'), private_encryption_key, { mode: 0o600 });
      second = await startGateway({
        ...options,
        env: { ...env, BROKER_TEST_CREDENTIALS_FILE: join(folder, 'credentials.json') },
        simulatorsOf: first,
      });
      expect(first.exposure.storeKind).toBe(store.name);
    });
    afterAll(async () => {
      await second?.close();
      await first?.close();
    });

    it.each(VENUES.map((venue) => [venue.name, venue] as const))(
      '%s: sixty concurrent orders over both never take the account past the cap',
      async (_name, venue) => {
        // Both views hold a fresh snapshot: alone, each would let a whole room's worth through.
        const before = await capFigures(first, venue);
        await capFigures(second, venue);
        const { cap, equity, current_notional } = before;
        const room = cap * equity - current_notional;
        expect(room).toBeGreaterThan(0);
        // About a tenth of the room each: the cap binds after nine of the sixty.
        const price = simOf(first, venue.name).exchange!.prices(venue.symbol).mark;
        const order = venue.order(room / 9.5, price, true);
        const sendsBefore = venue.sends(first);
        const answers = await Promise.all(
          Array.from({ length: ORDERS }, (_, i) => call(i % 2 === 0 ? first : second, venue.path, order)),
        );
        const placed = answers.filter((answer) => answer.status === 200);
        const codes = answers
          .filter((answer) => answer.status !== 200)
          .map((answer) => answer.body.error.code);
        // Refused before sending: by the cap, or (the broker's thinned book) because no price bounds the fill.
        expect(new Set(codes)).toContain('LEVERAGE_CAP_EXCEEDED');
        for (const code of codes) expect(['LEVERAGE_CAP_EXCEEDED', 'PRICE_UNKNOWN']).toContain(code);
        expect(placed.length).toBeGreaterThan(0);
        expect(venue.sends(first) - sendsBefore).toBe(placed.length);
        // The account as the simulator holds it now, read afresh once the last settles reached the store.
        await new Promise((resolve) => setTimeout(resolve, 100));
        const after = await capFigures(second, venue);
        expect(after.current_notional - current_notional).toBeLessThanOrEqual(room * (1 + TOLERANCE));
        expect(after.current_notional / after.equity).toBeLessThanOrEqual(cap * (1 + TOLERANCE));
      },
    );
  });
}
