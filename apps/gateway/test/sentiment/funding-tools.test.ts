import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { failure, type SentimentGateway, startSentimentGateway } from './support/sentiment-gateway.js';

let sentiment: SentimentGateway;

beforeAll(async () => {
  sentiment = await startSentimentGateway();
});
afterAll(() => sentiment?.close());
beforeEach(() => sentiment.reset());

describe('get_funding_rates over HTTP against the five venue simulators', () => {
  it('answers every venue, normalised with its own interval', async () => {
    const answer = await sentiment.tool('get_funding_rates', { asset: 'BTC' });
    const venues = answer.venues.map((row: { venue: string }) => row.venue).sort();
    expect(venues).toEqual(['binance', 'bybit', 'deribit', 'hyperliquid', 'okx']);
    for (const row of answer.venues) {
      expect(row.rate_8h).toBeCloseTo((row.rate_interval * 8) / row.interval_h, 12);
      expect(row.annualized_pct).toBeCloseTo(row.rate_interval * (8760 / row.interval_h) * 100, 8);
    }
    const hyperliquid = answer.venues.find((row: { venue: string }) => row.venue === 'hyperliquid');
    expect(hyperliquid.interval_h).toBe(1);
    expect(answer.venues.find((row: { venue: string }) => row.venue === 'okx').interval_h).toBe(8);
    expect(answer.venues.find((row: { venue: string }) => row.venue === 'deribit').rate_kind).toBe(
      'trailing_8h',
    );
    expect(answer.failed_sources).toEqual([]);
    expect(answer.summary.dispersion_8h).toBeGreaterThan(0);
  });

  it('a venue down: the others answer and it is listed in failed_sources', async () => {
    await sentiment.sim('okx-public').down();
    const answer = await sentiment.tool('get_funding_rates', { asset: 'ETH' });
    expect(answer.venues).toHaveLength(4);
    expect(answer.failed_sources).toEqual([
      { source: 'okx', error: expect.stringContaining('UPSTREAM_UNAVAILABLE') },
    ]);
  });

  it('every venue down: 502 retryable', async () => {
    for (const name of [
      'binance-public',
      'bybit-public',
      'okx-public',
      'hyperliquid-public',
      'deribit-public',
    ])
      await sentiment.sim(name).down();
    const error = await failure(sentiment.tool('get_funding_rates', { asset: 'BTC' }));
    expect(error.status).toBe(502);
    expect(error.code).toBe('ALL_SOURCES_FAILED');
    expect(error.retryable).toBe(true);
  });

  it('refuses an unknown asset or venue with 422 naming the field, sending nothing', async () => {
    const before = sentiment.sim('binance-public').hits();
    const asset = await failure(sentiment.tool('get_funding_rates', { asset: 'NOPE' }));
    expect(asset.status).toBe(422);
    expect(JSON.stringify(asset)).toContain('asset');
    const venue = await failure(sentiment.tool('get_funding_rates', { asset: 'BTC', venues: ['kraken'] }));
    expect(venue.status).toBe(422);
    expect(JSON.stringify(venue)).toContain('venues');
    expect(sentiment.sim('binance-public').hits()).toBe(before);
  });
});

describe('get_cross_exchange_funding and get_funding_arb_spread', () => {
  it('builds the matrix and the arb legs from the same snapshot', async () => {
    const matrix = await sentiment.tool('get_cross_exchange_funding', { assets: ['BTC', 'ETH', 'SOL'] });
    expect(matrix.rows).toHaveLength(3);
    const btc = matrix.rows.find((row: { asset: string }) => row.asset === 'BTC');
    expect(Object.keys(btc.venues).sort()).toEqual(['binance', 'bybit', 'deribit', 'hyperliquid', 'okx']);
    const arb = await sentiment.tool('get_funding_arb_spread', {
      assets: ['BTC'],
      min_spread_annualized_pct: 0,
    });
    const [opportunity] = arb.opportunities;
    expect(opportunity.short_leg.venue).toBe(btc.max_venue);
    expect(opportunity.long_leg.venue).toBe(btc.min_venue);
    expect(opportunity.spread_8h).toBeCloseTo(btc.spread_8h, 12);
  });

  it('refuses more than 20 assets with 422 naming assets', async () => {
    const many = ['BTC', 'ETH', 'SOL', 'XRP', 'DOGE', 'BNB', 'ADA', 'AVAX', 'LINK', 'SUI', 'LTC'];
    const error = await failure(sentiment.tool('get_cross_exchange_funding', { assets: [...many, ...many] }));
    expect(error.status).toBe(422);
    expect(JSON.stringify(error)).toContain('assets');
  });
});
