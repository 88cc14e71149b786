import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Gateway, resetSimulatorsAndCaches } from '../helpers.js';
import { optxCall, optxSim, startOptxGateway } from './optx-gateway.js';

/**
 * The leverage cap on the exposure view (docs/decisions.md, "The exposure view"), over HTTP against the
 * Deribit simulator: concurrent orders share one headroom, a change made on the simulator directly is seen
 * once the snapshot is older than EXPOSURE_MAX_AGE_MS (crossed on an injected clock, never by waiting), and an
 * order whose answer was lost stays counted until a read after it.
 */

const MAX_AGE_MS = 60_000;
let gateway: Gateway;
let offset = 0;
beforeAll(async () => {
  gateway = await startOptxGateway({
    now: () => Date.now() + offset,
    env: {
      UPSTREAM_TIMEOUT_MS: '500',
      EXPOSURE_MAX_AGE_MS: String(MAX_AGE_MS),
      EXPOSURE_REFRESH_MS: String(MAX_AGE_MS),
    },
  });
});
afterAll(() => gateway.close());
beforeEach(() => resetSimulatorsAndCaches(gateway));

const buys = () => optxSim(gateway).hits({ method: 'GET', path: '/api/v2/private/buy' });
const accountReads = () => optxSim(gateway).hits({ path: '/api/v2/private/get_account_summary' });

/** A BTC-PERPETUAL buy (inverse: the amount is its USD notional) resting a tenth below the index. */
const restingBuy = (amount: number) => ({
  instrument_name: 'BTC-PERPETUAL',
  side: 'buy',
  amount,
  type: 'limit',
  price: Math.round(optxSim(gateway).exchange!.prices('BTC-PERPETUAL').index * 0.9),
});

/** The cap's view of the account as a refused order reports it: equity and open notional, USD. */
async function viewOfAccount(): Promise<{ equity: number; current: number; headroom: number }> {
  const probe = await optxCall(gateway, 'place_order', restingBuy(1_000_000_000));
  expect(probe.status).toBe(422);
  const { equity, current_notional, cap } = probe.body.error.details;
  return { equity, current: current_notional, headroom: cap * equity - current_notional };
}

const tens = (usd: number) => Math.floor(usd / 10) * 10;

describe('the optx leverage cap on the exposure view', () => {
  it('lets through only the concurrent orders that fit together; the rest are 422 with nothing sent', async () => {
    const { headroom } = await viewOfAccount();
    // Each order alone is well under the cap; seven and a half of them fill the headroom.
    const amount = tens(headroom / 7.5);
    const fit = Math.floor(headroom / amount);
    const before = buys();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => optxCall(gateway, 'place_order', restingBuy(amount))),
    );
    const placed = answers.filter((answer) => answer.status === 200);
    const refused = answers.filter((answer) => answer.status === 422);
    expect(placed).toHaveLength(fit);
    expect(refused).toHaveLength(20 - fit);
    for (const answer of refused) expect(answer.body.error.code).toBe('LEVERAGE_CAP_EXCEEDED');
    expect(buys() - before).toBe(fit);
  });

  it('sees a fill made on the simulator directly once the snapshot is older than the bound', async () => {
    const { headroom, current } = await viewOfAccount();
    const reads = accountReads();
    // Another client of the same account buys on the venue directly, outside the gateway.
    const outside = tens(headroom / 2);
    const sim = optxSim(gateway);
    const { client_id, client_secret } = sim.credentials!;
    const auth = (await (
      await fetch(
        `${sim.url}/api/v2/public/auth?grant_type=client_credentials&client_id=${client_id}&client_secret=${client_secret}`,
      )
    ).json()) as { result: { access_token: string } };
    const direct = await fetch(
      `${sim.url}/api/v2/private/buy?instrument_name=BTC-PERPETUAL&amount=${outside}&type=market`,
      { headers: { authorization: `Bearer ${auth.result.access_token}` } },
    );
    expect(direct.status).toBe(200);
    const filled = Math.abs(sim.exchange!.position('main', 'BTC-PERPETUAL').size);
    expect(filled).toBeGreaterThan(0);
    // Within the bound the snapshot stands: no account read for the next order.
    const small = await optxCall(gateway, 'place_order', restingBuy(10));
    expect(small.status).toBe(200);
    expect(accountReads()).toBe(reads);

    offset += MAX_AGE_MS + 1;
    const after = await viewOfAccount();
    expect(accountReads()).toBe(reads + 1);
    expect(after.current).toBeCloseTo(current + filled, 0);
    // An order that fitted the old headroom, but not the headroom left beside the outside fill, is refused.
    const res = await optxCall(gateway, 'place_order', restingBuy(tens(headroom - filled / 2)));
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('LEVERAGE_CAP_EXCEEDED');
  });

  it('keeps counting an order whose answer was lost until a read after it', async () => {
    const { headroom } = await viewOfAccount();
    const amount = tens(headroom * 0.6);
    const sim = optxSim(gateway);
    sim.faults.inject({
      fault: { kind: 'lose_answer', drop: 'hang' },
      path: '/api/v2/private/buy',
      times: 1,
    });
    sim.faults.inject({
      fault: { kind: 'reset' },
      path: '/api/v2/private/get_order_state_by_label',
      times: 50,
    });
    const lost = await optxCall(gateway, 'place_order', restingBuy(amount), { key: 'exposure-lost-1' });
    expect(lost.status).toBe(504);
    expect(lost.body.error.code).toBe('WRITE_OUTCOME_UNKNOWN');
    sim.faults.clear();
    // The lost order (resting on the venue) still holds its notional: a second one of the same size does not fit.
    const before = buys();
    const second = await optxCall(gateway, 'place_order', restingBuy(amount));
    expect(second.status).toBe(422);
    expect(second.body.error.details.current_notional).toBeGreaterThanOrEqual(amount);
    expect(buys()).toBe(before);
    // A read after it shows the account as the venue has it (a resting order adds no position): it fits again.
    offset += MAX_AGE_MS + 1;
    const third = await optxCall(gateway, 'place_order', restingBuy(amount));
    expect(third.status).toBe(200);
    expect(buys()).toBe(before + 1);
  });
});
