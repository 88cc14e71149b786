import { isAppError } from '@app/kit';
import { Type } from '@sinclair/typebox';
import { dedupe } from '../../domain/news/dedupe.js';
import { allSourcesFailed, errorText } from '../mcp/failed-sources.js';
import { dedupedNews, readFeeds } from './feed-news.js';
import { FailedSourceSchema, nullable } from './sentiment.schema.js';
import { sentimentTool } from './sentiment-tool.js';

const DEFAULT_TOPICS = [
  'economy',
  'inflation',
  '"interest rates"',
  '"central bank"',
  'sanctions',
  'tariffs',
  'war',
  'election',
];
const TIMESPANS = ['15min', '1h', '2h', '6h', '12h', '24h', '1d', '3d', '1w'] as const;

export const GetWorldNewsInputSchema = Type.Object(
  {
    topics: Type.Optional(
      Type.Array(Type.String({ minLength: 3, maxLength: 60, pattern: '^[\\p{L}\\p{N} ."\'-]+$' }), {
        minItems: 1,
        maxItems: 12,
        description:
          'Keywords or "quoted phrases", OR-ed; default economy, inflation, central bank, tariffs, …',
      }),
    ),
    timespan: Type.Optional(
      Type.Union(
        TIMESPANS.map((span) => Type.Literal(span)),
        { default: '24h' },
      ),
    ),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 250, default: 75 })),
  },
  { additionalProperties: false, examples: [{ topics: ['inflation', 'tariffs'], limit: 20 }, {}] },
);

const WorldItemSchema = Type.Object({
  title: Type.String(),
  url: Type.String(),
  domain: Type.String(),
  published_at: Type.String({ format: 'date-time' }),
  language: nullable(Type.String()),
  source_country: nullable(Type.String()),
  image_url: nullable(Type.String()),
  also_reported_by: Type.Array(Type.String()),
});

export const GetWorldNewsOutputSchema = Type.Object(
  {
    source: Type.Union([Type.Literal('gdelt'), Type.Literal('rss_fallback')]),
    query: nullable(Type.String({ description: 'The GDELT query sent' })),
    items: Type.Array(WorldItemSchema),
    deduplicated: Type.Integer(),
    failed_sources: Type.Array(FailedSourceSchema),
  },
  {
    examples: [
      {
        source: 'gdelt',
        query: '(inflation OR tariffs) sourcelang:english',
        items: [
          {
            title: 'Central bank holds rates, signals patience',
            url: 'https://news.sim/world/central-bank-holds-rates',
            domain: 'news.sim',
            published_at: '2025-06-16T08:15:00.000Z',
            language: 'English',
            source_country: 'United Kingdom',
            image_url: null,
            also_reported_by: ['syndicate.sim'],
          },
        ],
        deduplicated: 1,
        failed_sources: [],
      },
    ],
  },
);

export const getWorldNews = sentimentTool({
  name: 'get_world_news',
  title: 'World news',
  summary: 'General news from GDELT DOC 2.0 (article list), falling back to world RSS feeds, de-duplicated',
  description:
    'GDELT is called strictly one request at a time, at least 6 s apart, cached 10 min per query. When it fails ' +
    'or rate-limits, the WORLD_NEWS_FEEDS feeds answer (source rss_fallback) and gdelt is in failed_sources. ' +
    'A query GDELT refuses is 400 naming topics.',
  kind: 'read',
  input: GetWorldNewsInputSchema,
  output: GetWorldNewsOutputSchema,
  handler: async (input, context) => {
    const topics = input.topics ?? DEFAULT_TOPICS;
    const query = `${topics.length > 1 ? `(${topics.join(' OR ')})` : topics[0]} sourcelang:english`;
    const limit = input.limit ?? 75;
    try {
      const fetched = await context.clients.gdelt.articles(context, query, input.timespan ?? '24h', limit);
      const groups = dedupe(
        fetched.data.map((article) => ({
          ...article,
          source: article.domain,
          urls: [article.url],
          publishedAt: article.seenAt,
        })),
      );
      const items = groups.map(({ item, alsoReportedBy }) => ({
        title: item.title,
        url: item.url,
        domain: item.domain,
        published_at: new Date(item.seenAt).toISOString(),
        language: item.language || null,
        source_country: item.sourceCountry || null,
        image_url: item.imageUrl,
        also_reported_by: alsoReportedBy,
      }));
      return {
        data: {
          source: 'gdelt' as const,
          query,
          items,
          deduplicated: fetched.data.length - groups.length,
          failed_sources: [],
        },
        obtainedAt: fetched.receivedAt,
        stale: fetched.stale,
      };
    } catch (error) {
      if (isAppError(error) && error.status === 400) throw error;
      const gdeltFailed = { source: 'gdelt', error: errorText(error) };
      let read: Awaited<ReturnType<typeof readFeeds>>;
      try {
        read = await readFeeds(context.clients.feedLists.world, context);
      } catch (fallback) {
        const failed = [
          gdeltFailed,
          ...((isAppError(fallback) && (fallback.details?.failed_sources as object[])) || []),
        ];
        throw allSourcesFailed('GDELT and every world feed failed', [error, fallback], failed);
      }
      const { items, removed } = dedupedNews(read.items);
      return {
        data: {
          source: 'rss_fallback' as const,
          query: null,
          items: items.slice(0, limit).map((item) => ({
            title: item.title,
            url: item.url,
            domain: new URL(item.url).hostname,
            published_at: item.published_at,
            language: null,
            source_country: null,
            image_url: item.image_url,
            also_reported_by: item.also_reported_by,
          })),
          deduplicated: removed,
          failed_sources: [gdeltFailed, ...read.failed],
        },
        obtainedAt: read.receivedAt,
        stale: read.stale,
      };
    }
  },
});
