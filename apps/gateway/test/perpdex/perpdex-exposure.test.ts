import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Gateway } from '../helpers.js';
import { resetSimulatorsAndCaches } from '../helpers.js';
import { perpdexCall, simOf, startPerpdexGateway } from './support/perpdex-gateway.js';

/**
 * The perpdex leverage cap on the exposure view (docs/decisions.md, "The exposure view"): concurrent orders
 * share one headroom, counted in signed `/exchange` calls that reached the simulator.
 */

let gateway: Gateway;
beforeAll(async () => {
  // No refresh during the test: a read would drop the resting orders it shows (they hold no position yet).
  gateway = await startPerpdexGateway({ EXPOSURE_MAX_AGE_MS: '60000', EXPOSURE_REFRESH_MS: '60000' });
});
afterAll(() => gateway.close());
beforeEach(() => resetSimulatorsAndCaches(gateway));

const PRICE = 2000;
const restingBuy = (size: number) => ({ coin: 'ETH', side: 'buy', size, type: 'limit', price: PRICE });
const exchangeCalls = () => simOf(gateway).hits({ method: 'POST', path: '/exchange' });

describe('the perpdex leverage cap on the exposure view', () => {
  it('lets through only the concurrent orders that fit together; the rest are 422 with nothing signed', async () => {
    const probe = await perpdexCall(gateway, 'place_order', restingBuy(1000));
    expect(probe.status).toBe(422);
    const { equity, current_notional, cap } = (probe.body.error as { details: unknown }).details as {
      equity: number;
      current_notional: number;
      cap: number;
    };
    const headroom = cap * equity - current_notional;
    // Seven and a half orders fill the headroom; each alone is far under it.
    const size = Math.floor((headroom / 7.5 / PRICE) * 100) / 100;
    const fit = Math.floor(headroom / (size * PRICE));
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => perpdexCall(gateway, 'place_order', restingBuy(size))),
    );
    const refused = answers.filter((answer) => answer.status === 422);
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(fit);
    expect(refused).toHaveLength(20 - fit);
    for (const answer of refused) expect(answer.body.error?.code).toBe('LEVERAGE_CAP_EXCEEDED');
    expect(exchangeCalls()).toBe(fit);
  });
});
