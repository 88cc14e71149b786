import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  failure,
  PINNED_NOW,
  type SentimentGateway,
  startSentimentGateway,
} from './support/sentiment-gateway.js';

let sentiment: SentimentGateway;

beforeAll(async () => {
  sentiment = await startSentimentGateway();
});
afterAll(() => sentiment?.close());
beforeEach(() => sentiment.reset());

describe('get_crypto_news over HTTP against the feed simulator', () => {
  it('merges RSS and Atom feeds, shows a story syndicated across feeds once, lists the blocked feed', async () => {
    const answer = await sentiment.tool('get_crypto_news', { limit: 50 });
    expect(answer.sources_used).toEqual(['coindesk', 'cointelegraph', 'decrypt', 'bitcoinmagazine']);
    expect(answer.failed_sources).toEqual([{ source: 'theblock', error: expect.stringContaining('403') }]);
    const etf = answer.items.filter((item: { title: string }) =>
      item.title.startsWith('Bitcoin ETFs Log Fifth Day'),
    );
    expect(etf).toHaveLength(1);
    // The earliest is kept (coindesk, 35 min ago); cointelegraph's copy 20 min ago is merged into it.
    expect(etf[0]).toMatchObject({
      source: 'coindesk',
      also_reported_by: ['cointelegraph'],
      duplicates: 1,
      assets: ['BTC'],
    });
    expect(etf[0].canonical_url).not.toContain('utm_');
    expect(answer.deduplicated).toBeGreaterThanOrEqual(1);
    // The Atom feed's story is present once (decrypt and coindesk both carry Solana's record: one item).
    expect(
      answer.items.filter((item: { title: string }) => item.title === 'Solana DEX volume hits record'),
    ).toHaveLength(1);
    // An item without a date takes the fetch time and says so.
    const undated = answer.items.find((item: { title: string }) => item.title.startsWith('Miners & markets'));
    expect(undated.published_estimated).toBe(true);
    expect(Date.parse(undated.published_at)).toBe(PINNED_NOW);
    // Newest first.
    const times = answer.items.map((item: { published_at: string }) => Date.parse(item.published_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('filters by asset and query', async () => {
    const answer = await sentiment.tool('get_crypto_news', { assets: ['SOL'], query: 'record' });
    expect(answer.items.map((item: { title: string }) => item.title)).toEqual([
      'Solana DEX volume hits record',
    ]);
  });

  it('every feed down: 502 retryable; bad input is 422 naming the field', async () => {
    await sentiment.sim('news-feeds').down();
    const error = await failure(sentiment.tool('get_crypto_news', {}));
    expect(error.status).toBe(502);
    expect(error.retryable).toBe(true);
    const bad = await failure(sentiment.tool('get_crypto_news', { limit: 500 }));
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad)).toContain('limit');
  });
});

describe('get_world_news over HTTP against the GDELT simulator', () => {
  it('reads GDELT, de-duplicates syndicated titles; when GDELT fails the world feeds answer', async () => {
    const answer = await sentiment.tool('get_world_news', { topics: ['inflation', 'tariffs'] });
    expect(answer.source).toBe('gdelt');
    expect(answer.query).toBe('(inflation OR tariffs) sourcelang:english');
    const bank = answer.items.filter((item: { title: string }) =>
      item.title.startsWith('Central bank holds'),
    );
    expect(bank).toHaveLength(1);
    expect(bank[0].also_reported_by).toEqual(['syndicate.sim']);
    expect(answer.deduplicated).toBe(1);

    // GDELT's own error page: the fallback feeds answer, gdelt is listed.
    sentiment.sim('gdelt').faults.inject({ fault: { kind: 'error', status: 500, body: 'internal error' } });
    const fallback = await sentiment.tool('get_world_news', { topics: ['election'] });
    expect(fallback.source).toBe('rss_fallback');
    expect(fallback.failed_sources[0].source).toBe('gdelt');
    // "Inflation cools" runs on both BBC and the Guardian: once.
    const inflation = fallback.items.filter(
      (item: { title: string }) => item.title === 'Inflation cools for third month',
    );
    expect(inflation).toHaveLength(1);
    expect(inflation[0].also_reported_by).toEqual(['guardian']);
  }, 30_000);

  it('refuses topics outside the pattern with 422 naming topics, sending nothing', async () => {
    const before = sentiment.sim('gdelt').hits();
    const bad = await failure(sentiment.tool('get_world_news', { topics: ['a)b OR c'] }));
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad)).toContain('topics');
    expect(sentiment.sim('gdelt').hits()).toBe(before);
  });
});
