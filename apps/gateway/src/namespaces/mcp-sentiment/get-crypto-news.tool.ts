import { Type } from '@sinclair/typebox';
import { dedupedNews, readFeeds } from './feed-news.js';
import { NEWS_ITEM_EXAMPLE, NewsItemSchema } from './news.schema.js';
import { AssetSchema, FailedSourceSchema } from './sentiment.schema.js';
import { sentimentTool } from './sentiment-tool.js';

/** Whole-word keywords per asset (notes tool 1). */
const KEYWORDS: Record<string, string[]> = {
  BTC: ['bitcoin', 'btc'],
  ETH: ['ethereum', 'ether', 'eth'],
  SOL: ['solana', 'sol'],
  XRP: ['xrp', 'ripple'],
  DOGE: ['dogecoin', 'doge'],
  BNB: ['bnb', 'binance coin'],
  ADA: ['cardano', 'ada'],
  AVAX: ['avalanche', 'avax'],
  LINK: ['chainlink', 'link'],
};
const keywordsOf = (asset: string) => KEYWORDS[asset] ?? [asset.toLowerCase()];
const mentions = (text: string, asset: string) =>
  keywordsOf(asset).some((word) => new RegExp(`\\b${word}\\b`, 'i').test(text));

export const GetCryptoNewsInputSchema = Type.Object(
  {
    assets: Type.Optional(Type.Array(AssetSchema, { minItems: 1, maxItems: 20, uniqueItems: true })),
    since: Type.Optional(Type.String({ format: 'date-time', description: 'Default: 24 hours ago' })),
    query: Type.Optional(
      Type.String({ minLength: 1, maxLength: 100, description: 'Substring of title or summary' }),
    ),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 30 })),
  },
  { additionalProperties: false, examples: [{ limit: 10 }, { assets: ['BTC'], query: 'ETF' }] },
);

export const GetCryptoNewsOutputSchema = Type.Object(
  {
    items: Type.Array(Type.Intersect([NewsItemSchema, Type.Object({ assets: Type.Array(Type.String()) })])),
    sources_used: Type.Array(Type.String()),
    failed_sources: Type.Array(FailedSourceSchema),
    deduplicated: Type.Integer({ description: 'Items removed as duplicates across and within feeds' }),
  },
  {
    examples: [
      {
        items: [{ ...NEWS_ITEM_EXAMPLE, assets: ['BTC'] }],
        sources_used: ['coindesk', 'cointelegraph', 'decrypt', 'bitcoinmagazine'],
        failed_sources: [
          { source: 'theblock', error: 'UPSTREAM_UNAVAILABLE: news-feeds (live) answered HTTP 403' },
        ],
        deduplicated: 1,
      },
    ],
  },
);

export const getCryptoNews = sentimentTool({
  name: 'get_crypto_news',
  title: 'Crypto news',
  summary: 'Headlines from the configured crypto news feeds (RSS and Atom), de-duplicated across outlets',
  description:
    'Feeds from CRYPTO_NEWS_FEEDS, read in parallel (cached 5 min each). Duplicates (same canonical URL, same title, ' +
    'or title-token Jaccard ≥ 0.8 within 48 h) appear once, the earliest kept, with also_reported_by. A failing ' +
    'feed is listed in failed_sources; all failing is 502 retryable.',
  kind: 'read',
  input: GetCryptoNewsInputSchema,
  output: GetCryptoNewsOutputSchema,
  handler: async (input, context) => {
    const read = await readFeeds(context.clients.feedLists.crypto, context);
    const since = input.since ? Date.parse(input.since) : context.now() - 24 * 3_600_000;
    const { items, removed } = dedupedNews(read.items);
    const query = input.query?.toLowerCase();
    const filtered = items
      .filter((item) => Date.parse(item.published_at) >= since)
      .filter((item) => !query || `${item.title} ${item.summary}`.toLowerCase().includes(query))
      .map((item) => {
        const text = `${item.title} ${item.summary}`;
        return { ...item, assets: Object.keys(KEYWORDS).filter((asset) => mentions(text, asset)) };
      })
      .filter(
        (item) =>
          !input.assets || input.assets.some((asset) => mentions(`${item.title} ${item.summary}`, asset)),
      );
    return {
      data: {
        items: filtered.slice(0, input.limit ?? 30),
        sources_used: read.used,
        failed_sources: read.failed,
        deduplicated: removed,
      },
      obtainedAt: read.receivedAt,
      stale: read.stale,
    };
  },
});
