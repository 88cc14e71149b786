import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FearGreedClient } from '../../src/providers/fear-greed/fear-greed.upstream.js';
import { NO_DEADLINE } from '../../src/upstream/call-deadline.js';
import { fakeHttp } from './support/fake-http.js';
import { failure, type SentimentGateway, startSentimentGateway } from './support/sentiment-gateway.js';

let sentiment: SentimentGateway;

beforeAll(async () => {
  sentiment = await startSentimentGateway();
});
afterAll(() => sentiment?.close());
beforeEach(() => sentiment.reset());

describe('get_social_sentiment over HTTP', () => {
  it('combines Fear & Greed with LunarCrush (the simulator issues the key) into the composite', async () => {
    const answer = await sentiment.tool('get_social_sentiment', { asset: 'BTC' });
    expect(answer.fear_greed.date).toBe('2026-11-20');
    expect(answer.fear_greed.change_1d).toEqual(expect.any(Number));
    expect(answer.social).toMatchObject({
      provider: 'lunarcrush',
      topic: 'bitcoin',
      galaxy_score: 61,
      alt_rank: 112,
    });
    expect(answer.composite_basis).toEqual(['fear_greed', 'lunarcrush']);
    expect(answer.composite).toBeCloseTo(
      0.5 * answer.fear_greed.value + 0.5 * answer.social.sentiment_24h,
      2,
    );
    expect(answer.missing_sources).toEqual([]);
    expect(answer.community_votes).toBeNull();
  });

  it('LunarCrush failing: Fear & Greed alone, lunarcrush in failed_sources', async () => {
    sentiment
      .sim('lunarcrush')
      .faults.inject({ fault: { kind: 'error', status: 402, body: { error: 'Payment Required' } } });
    const answer = await sentiment.tool('get_social_sentiment', { asset: 'ETH' });
    expect(answer.social).toBeNull();
    expect(answer.composite).toBe(answer.fear_greed.value);
    expect(answer.failed_sources[0].source).toBe('lunarcrush');
  });

  it('every source failing (nothing cached): 502 retryable', async () => {
    sentiment
      .sim('lunarcrush')
      .faults.inject({ fault: { kind: 'error', status: 402, body: { error: 'Payment Required' } } });
    await sentiment.sim('fear-greed').down();
    const error = await failure(sentiment.tool('get_social_sentiment', { asset: 'SOL' }));
    expect(error.status).toBe(502);
    expect(error.retryable).toBe(true);
  });

  it('an unknown asset is 422 naming asset', async () => {
    const error = await failure(sentiment.tool('get_social_sentiment', { asset: 'NOPE' }));
    expect(error.status).toBe(422);
    expect(JSON.stringify(error)).toContain('asset');
  });
});

describe('Fear & Greed client on the notes’ payload', () => {
  it('reads values and timestamps given as strings; metadata.error is a failure', async () => {
    const client = new FearGreedClient(
      fakeHttp({
        '/fng/': {
          name: 'Fear and Greed Index',
          data: [
            {
              value: '62',
              value_classification: 'Greed',
              timestamp: '1750032000',
              time_until_update: '40213',
            },
            { value: '58', value_classification: 'Greed', timestamp: '1749945600' },
          ],
          metadata: { error: null },
        },
      }),
    );
    expect((await client.history(NO_DEADLINE, 2)).data).toEqual([
      { value: 62, classification: 'Greed', timestamp: 1750032000 },
      { value: 58, classification: 'Greed', timestamp: 1749945600 },
    ]);
    const broken = new FearGreedClient(
      fakeHttp({ '/fng/': { data: [], metadata: { error: 'limit invalid' } } }),
    );
    await expect(broken.history(NO_DEADLINE, 1)).rejects.toMatchObject({
      status: 502,
      message: expect.stringContaining('limit invalid'),
    });
  });
});
