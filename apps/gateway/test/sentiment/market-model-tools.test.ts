import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { failure, type SentimentGateway, startSentimentGateway } from './support/sentiment-gateway.js';

let sentiment: SentimentGateway;

beforeAll(async () => {
  sentiment = await startSentimentGateway();
});
afterAll(() => sentiment?.close());
beforeEach(() => sentiment.reset());

describe('get_oi_history over HTTP', () => {
  it('answers Binance and Bybit per venue and summed where timestamps align', async () => {
    const answer = await sentiment.tool('get_oi_history', { asset: 'BTC', period: '1h', limit: 24 });
    expect(answer.venues.map((series: { venue: string }) => series.venue)).toEqual(['binance', 'bybit']);
    const [binance, bybit] = answer.venues;
    expect(binance.points).toHaveLength(24);
    expect(bybit.points).toHaveLength(24);
    expect(answer.combined.points).toHaveLength(24);
    const last = answer.combined.points[23];
    expect(last.oi_usd).toBeCloseTo(binance.points[23].oi_usd + bybit.points[23].oi_usd, 1);
    // Oldest first, hourly.
    expect(Date.parse(binance.points[1].timestamp) - Date.parse(binance.points[0].timestamp)).toBe(3_600_000);
    expect(binance.symbol).toBe('BTCUSDT');
  });

  it('Binance down: Bybit answers alone with binance in failed_sources; both down: 502', async () => {
    await sentiment.sim('binance-public').down();
    const answer = await sentiment.tool('get_oi_history', { asset: 'ETH', period: '4h', limit: 10 });
    expect(answer.venues.map((series: { venue: string }) => series.venue)).toEqual(['bybit']);
    expect(answer.failed_sources[0].source).toBe('binance');
    // Bybit's answer for ETH is now cached for a minute: ask for an asset nothing holds.
    await sentiment.sim('bybit-public').down();
    const error = await failure(sentiment.tool('get_oi_history', { asset: 'SOL', period: '4h', limit: 10 }));
    expect(error.status).toBe(502);
    expect(error.retryable).toBe(true);
  });

  it('a Binance-only period skips Bybit; Bybit alone at that period is 422 naming period; bad period 422', async () => {
    const answer = await sentiment.tool('get_oi_history', { asset: 'SOL', period: '2h', limit: 5 });
    expect(answer.venues_skipped).toEqual(['bybit']);
    const only = await failure(
      sentiment.tool('get_oi_history', { asset: 'SOL', period: '2h', venues: ['bybit'] }),
    );
    expect(only.status).toBe(422);
    expect(JSON.stringify(only)).toContain('period');
    const bad = await failure(sentiment.tool('get_oi_history', { asset: 'SOL', period: '3h' }));
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad)).toContain('period');
  });
});

describe('get_liquidation_heatmap over HTTP', () => {
  it('answers the model estimate with its inputs and parameters', async () => {
    const answer = await sentiment.tool('get_liquidation_heatmap', { asset: 'BTC', lookback_hours: 48 });
    expect(answer.model_estimate).toBe(true);
    expect(answer.params).toMatchObject({
      lookback_hours: 48,
      bin_pct: 0.25,
      range_pct: 15,
      mmr: 0.005,
      bars: 48,
    });
    expect(answer.mark_price).toBeGreaterThan(0);
    for (const bin of answer.bins) {
      expect(bin.price_low).toBeGreaterThanOrEqual(answer.mark_price * 0.85 - 1e-6);
      expect(bin.price_high).toBeLessThanOrEqual(answer.mark_price * 1.15 + 1e-6);
    }
    const long = answer.bins.reduce(
      (sum: number, bin: { long_liq_usd: number }) => sum + bin.long_liq_usd,
      0,
    );
    expect(long).toBeCloseTo(answer.total_long_usd, 0);
  });
});

describe('get_liquidation_heatmap falls back to Bybit', () => {
  it('Binance down: Bybit open interest and klines, long share 0.5, binance in failed_sources', async () => {
    await sentiment.sim('binance-public').down();
    const answer = await sentiment.tool('get_liquidation_heatmap', { asset: 'ETH', lookback_hours: 48 });
    expect(answer.failed_sources.map((failed: { source: string }) => failed.source)).toEqual(['binance']);
    expect(answer.params.data[0]).toContain('bybit');
    expect(answer.params.bars).toBe(48);
    await sentiment.sim('bybit-public').down();
    const error = await failure(
      sentiment.tool('get_liquidation_heatmap', { asset: 'SOL', lookback_hours: 48 }),
    );
    expect(error.status).toBe(502);
  });
});

describe('get_cointegration_pairs over HTTP', () => {
  it('screens every pair of the requested assets over Binance spot daily closes', async () => {
    const answer = await sentiment.tool('get_cointegration_pairs', {
      assets: ['BTC', 'ETH', 'SOL', 'XRP'],
      lookback_days: 120,
      p_threshold: 1,
      min_abs_corr: 0,
    });
    expect(answer.tested_pairs).toBe(6);
    expect(answer.pairs).toHaveLength(6);
    expect(answer.data_source).toBe('spot_daily_klines');
    // The still-open candle is dropped: the last complete day is the day before the pinned clock's.
    expect(answer.last_date).toBe('2026-11-19');
    for (const pair of answer.pairs) {
      expect(pair.n_obs).toBe(120);
      expect(pair.cv['5pct']).toBeCloseTo(-3.33613 - 6.1101 / 119 - 6.823 / 119 ** 2, 5);
      expect(pair.p_value).toBeGreaterThanOrEqual(0);
      expect(pair.p_value).toBeLessThanOrEqual(1);
    }
  });

  it('an asset the venue does not list is skipped with failed_sources; fewer than 60 days is 422', async () => {
    const answer = await sentiment.tool('get_cointegration_pairs', {
      assets: ['BTC', 'ETH', 'BNB'],
      lookback_days: 90,
      p_threshold: 1,
      min_abs_corr: 0,
    });
    expect(answer.failed_sources.map((failed: { source: string }) => failed.source)).toEqual(['closes:BNB']);
    expect(answer.tested_pairs).toBe(1);
    // Binance down: Bybit spot daily closes answer the same pairs.
    await sentiment.sim('binance-public').down();
    const fallback = await sentiment.tool('get_cointegration_pairs', {
      assets: ['SOL', 'XRP'],
      lookback_days: 90,
      p_threshold: 1,
      min_abs_corr: 0,
    });
    expect(fallback.tested_pairs).toBe(1);
    expect(fallback.pairs[0].n_obs).toBe(90);
    const short = await failure(sentiment.tool('get_cointegration_pairs', { lookback_days: 30 }));
    expect(short.status).toBe(422);
    expect(JSON.stringify(short)).toContain('lookback_days');
  });
});
