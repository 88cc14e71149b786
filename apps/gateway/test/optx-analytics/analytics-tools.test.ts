import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type MarketGateway,
  PINNED_NOW,
  startMarketGateway,
  tokenHeaders,
} from '../market-data/support/market-gateway.js';

/**
 * The 15 analytics tools of /mcp-optx over HTTP against the Deribit simulator (real upstream layer, pinned
 * clock): each answers something non-trivial, bad input is a 4xx naming the field, and over a few weeks the
 * simulated chain shows the regimes the tools exist to tell apart.
 */

let clock = PINNED_NOW;
let market: MarketGateway;
beforeAll(async () => {
  market = await startMarketGateway({ now: () => clock });
});
afterAll(() => market.close());

// biome-ignore lint/suspicious/noExplicitAny: answers are read field by field
async function call(tool: string, body: unknown): Promise<{ status: number; body: any }> {
  const response = await market.gateway.call(`/mcp-optx/tools/${tool}`, body, tokenHeaders('live'));
  return { status: response.status, body: await response.json() };
}

async function ok(tool: string, body: unknown) {
  const answer = await call(tool, body);
  expect(answer.status, JSON.stringify(answer.body).slice(0, 400)).toBe(200);
  return answer.body;
}

const DAY = 86_400_000;

describe('each analytics tool against the simulator', () => {
  it('get_dvol and get_dvol_history (continuation paging over more than one page)', async () => {
    const dvol = await ok('get_dvol', { currency: 'BTC' });
    expect(dvol.dvol).toBeGreaterThan(10);
    expect(dvol.high_2h).toBeGreaterThanOrEqual(dvol.low_2h);
    const history = await ok('get_dvol_history', {
      currency: 'BTC',
      start_date: '2026-09-01',
      end_date: '2026-11-10',
      resolution: '3600',
    });
    expect(history.pages).toBeGreaterThan(1);
    expect(history.candles).toHaveLength(71 * 24);
    const times = history.candles.map((c: { timestamp: string }) => Date.parse(c.timestamp));
    expect(times.every((t: number, i: number) => i === 0 || t - times[i - 1] === 3_600_000)).toBe(true);
  });

  it('get_gex, get_dealer_gamma_profile and get_vanna_charm', async () => {
    const gex = await ok('get_gex', { currency: 'BTC' });
    expect(gex.options_used).toBeGreaterThan(100);
    expect(gex.by_strike.length).toBeGreaterThan(20);
    expect(gex.total_gex_usd).not.toBe(0);
    const short = await ok('get_gex', { currency: 'BTC', sign_convention: 'dealer_short_all' });
    expect(short.total_gex_usd).toBeLessThan(0);
    const profile = await ok('get_dealer_gamma_profile', { currency: 'BTC', grid_steps: 51 });
    expect(profile.profile).toHaveLength(51);
    expect(profile.profile[0].level).toBeCloseTo(profile.spot * 0.75, 6);
    const vc = await ok('get_vanna_charm', { currency: 'ETH' });
    expect(vc.by_expiry.length).toBeGreaterThan(3);
    expect(vc.total_vex_usd).not.toBe(0);
  });

  it('the skew family, P/C ratio and term structure', async () => {
    const oi = await ok('get_oi_weighted_skew', { currency: 'BTC' });
    expect(oi.pooled.otm_put_oi).toBeGreaterThan(0);
    expect(typeof oi.pooled.oi_weighted_skew).toBe('number');
    const asym = await ok('get_smile_asymmetry', { currency: 'BTC', moneyness: [0.05, 0.1] });
    expect(
      asym.by_expiry.some((e: { points: { asym: number | null }[] }) => e.points[1]!.asym !== null),
    ).toBe(true);
    const wings = await ok('get_atm_vs_wings_vol', { currency: 'BTC', max_dte: 120 });
    expect(wings.by_expiry.some((e: { wing_premium25: number | null }) => (e.wing_premium25 ?? 0) > 0)).toBe(
      true,
    );
    const skew = await ok('get_skew_25d', { currency: 'BTC' });
    const quoted = skew.by_expiry.filter((e: { skew_25d: number | null }) => e.skew_25d !== null);
    expect(quoted.length).toBeGreaterThan(2);
    for (const e of quoted) expect(e.rr_25).toBeCloseTo(-e.skew_25d, 12);
    const pc = await ok('get_pc_ratio', { currency: 'BTC' });
    expect(pc.total.pcr_oi).toBeGreaterThan(0.3);
    expect(pc.total.pcr_volume).toBeGreaterThan(0.3);
    const term = await ok('get_term_structure', { currency: 'BTC' });
    expect(term.expiries.length).toBeGreaterThan(4);
    expect(['contango', 'backwardation', 'flat', 'humped']).toContain(term.shape);
    expect(term.constant_maturity.find((p: { dte: number }) => p.dte === 30).atm_iv).toBeGreaterThan(10);
  });

  it('get_iv_rank, get_realized_vol, find_by_delta and calculate_spread_payoff', async () => {
    const rank = await ok('get_iv_rank', { currency: 'BTC' });
    expect(rank.n).toBe(365);
    expect(rank.iv_rank).toBeGreaterThanOrEqual(0);
    expect(rank.max).toBeGreaterThan(rank.min);
    const rv = await ok('get_realized_vol', { instrument: 'BTC-PERPETUAL', resolution: '1h', window: 720 });
    expect(rv.bars).toBe(720);
    expect(rv.close_to_close).toBeGreaterThan(10);
    expect(rv.parkinson).toBeGreaterThan(5);
    expect(rv.venue_historical_volatility).toBeGreaterThan(5);
    const term = await ok('get_term_structure', { currency: 'BTC' });
    const expiry = term.expiries[3].expiry;
    const found = await ok('find_by_delta', {
      currency: 'BTC',
      expiry,
      option_type: 'put',
      target_delta: 0.25,
    });
    expect(found.instrument_name).toMatch(new RegExp(`^BTC-${expiry}-\\d+-P$`));
    expect(Math.abs(found.delta + 0.25)).toBeLessThan(0.1);
    // The delta computed from mark_iv is the one the venue's own ticker publishes (5 decimals).
    const ticker = await fetch(
      `${market.sim('optx').url}/api/v2/public/ticker?instrument_name=${found.instrument_name}`,
    ).then((r) => r.json() as Promise<{ result: { greeks: { delta: number } } }>);
    expect(found.delta).toBeCloseTo(ticker.result.greeks.delta, 4);
    const payoff = await ok('calculate_spread_payoff', {
      currency: 'BTC',
      legs: [
        { instrument_name: found.instrument_name, direction: 'buy', amount: 1 },
        { strike: found.strike * 0.9, option_type: 'put', direction: 'sell', amount: 1, premium: 0.001 },
      ],
    });
    expect(payoff.legs[0].premium).toBe(found.mark_price);
    expect(payoff.usd.breakevens).toHaveLength(1);
    expect(payoff.usd.max_loss).toBeLessThan(0);
  });
});

describe('bad input is a 4xx naming the field', () => {
  it('an unreadable expiry, an unknown one, a leg without strike', async () => {
    const bad = await call('get_gex', { currency: 'BTC', expiry: 'NOTADATE' });
    expect(bad.status).toBe(422);
    expect(bad.body.error.details.field).toBe('expiry');
    const missing = await call('find_by_delta', {
      currency: 'BTC',
      expiry: '1JAN20',
      option_type: 'call',
      target_delta: 0.25,
    });
    expect(missing.status).toBe(404);
    const leg = await call('calculate_spread_payoff', {
      legs: [{ direction: 'buy', amount: 1, premium: 0.1 }],
      spot: 1,
    });
    expect(leg.status).toBe(422);
    expect(leg.body.error.details.field).toBe('legs[0].instrument_name');
    const unknown = await call('get_realized_vol', { instrument: 'NOPE-PERPETUAL' });
    expect(unknown.status, JSON.stringify(unknown.body)).toBeGreaterThanOrEqual(400);
    expect(unknown.status).toBeLessThan(500);
    const grid = await call('get_dealer_gamma_profile', { grid_steps: 2 });
    expect(grid.status).toBe(422);
    expect(JSON.stringify(grid.body.error)).toContain('grid_steps');
  });
});

describe('the simulated chain over weeks', () => {
  it('has a gamma flip inside the default grid on some days, contango and backwardation over time', async () => {
    const shapes = new Set<string>();
    let flips = 0;
    try {
      for (let day = 0; day < 40; day += 4) {
        clock = PINNED_NOW - day * DAY;
        await market.reset();
        const profile = await ok('get_dealer_gamma_profile', { currency: 'BTC' });
        if (profile.zero_gamma !== null) flips++;
        shapes.add((await ok('get_term_structure', { currency: 'BTC' })).shape);
      }
    } finally {
      clock = PINNED_NOW;
    }
    expect(flips).toBeGreaterThan(0);
    expect(shapes).toContain('contango');
    expect(shapes).toContain('backwardation');
  });
});
