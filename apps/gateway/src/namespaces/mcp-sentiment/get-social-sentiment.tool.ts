import { Type } from '@sinclair/typebox';
import {
  composite,
  type FearGreed,
  fearGreed,
  type Social,
  socialBlock,
} from '../../domain/social/social-metrics.js';
import { allSourcesFailed, errorText } from '../mcp/failed-sources.js';
import { AssetSchema, type FailedSource, FailedSourceSchema, nullable } from './sentiment.schema.js';
import { sentimentTool } from './sentiment-tool.js';

/** Asset → LunarCrush topic and CoinGecko id (notes tool 3: others → the lower-case name). */
const TOPICS: Record<string, string> = {
  BTC: 'bitcoin',
  ETH: 'ethereum',
  SOL: 'solana',
  XRP: 'xrp',
  DOGE: 'dogecoin',
  BNB: 'binancecoin',
  ADA: 'cardano',
  AVAX: 'avalanche-2',
  LINK: 'chainlink',
};
const topicOf = (asset: string) => TOPICS[asset] ?? asset.toLowerCase();

export const GetSocialSentimentInputSchema = Type.Object(
  { asset: Type.Optional(AssetSchema) },
  { additionalProperties: false, examples: [{ asset: 'BTC' }, {}] },
);

const n = () => nullable(Type.Number());

export const GetSocialSentimentOutputSchema = Type.Object(
  {
    asset: Type.String(),
    fear_greed: nullable(
      Type.Object({
        value: Type.Number(),
        classification: Type.String(),
        date: Type.String({ format: 'date' }),
        change_1d: n(),
        change_7d: n(),
        avg_30d: n(),
      }),
    ),
    social: nullable(
      Type.Object({
        provider: Type.Literal('lunarcrush'),
        topic: Type.String(),
        sentiment_24h: n(),
        sentiment_change: n(),
        interactions_24h: Type.Number(),
        posts_active: n(),
        contributors_active: n(),
        social_dominance: n(),
        galaxy_score: n(),
        alt_rank: n(),
      }),
    ),
    community_votes: nullable(
      Type.Object({ provider: Type.Literal('coingecko'), up_pct: n(), down_pct: n(), watchlist_users: n() }),
    ),
    composite: n(),
    composite_basis: Type.Array(Type.String()),
    missing_sources: Type.Array(Type.Object({ source: Type.String(), reason: Type.String() })),
    failed_sources: Type.Array(FailedSourceSchema),
  },
  {
    examples: [
      {
        asset: 'BTC',
        fear_greed: {
          value: 62,
          classification: 'Greed',
          date: '2025-06-16',
          change_1d: 4,
          change_7d: -3,
          avg_30d: 58.4,
        },
        social: {
          provider: 'lunarcrush',
          topic: 'bitcoin',
          sentiment_24h: 78.6,
          sentiment_change: 1.9,
          interactions_24h: 88123004,
          posts_active: 60112,
          contributors_active: 30211,
          social_dominance: 24.8,
          galaxy_score: 61,
          alt_rank: 112,
        },
        community_votes: null,
        composite: 70.3,
        composite_basis: ['fear_greed', 'lunarcrush'],
        missing_sources: [],
        failed_sources: [],
      },
    ],
  },
);

export const getSocialSentiment = sentimentTool({
  name: 'get_social_sentiment',
  title: 'Social sentiment',
  summary: 'Crypto Fear & Greed index with LunarCrush social metrics for an asset, and their composite',
  description:
    'Fear & Greed (alternative.me, daily) always; LunarCrush v4 topic time series when LUNARCRUSH_CREDENTIALS_FILE ' +
    'holds a key (else missing_sources names it); CoinGecko community votes when SOCIAL_FREE_FALLBACK=coingecko. ' +
    'composite = 0.5 × fear_greed + 0.5 × sentiment_24h, or fear_greed alone. Every source failing is 502.',
  kind: 'read',
  input: GetSocialSentimentInputSchema,
  output: GetSocialSentimentOutputSchema,
  handler: async (input, context) => {
    const asset = input.asset ?? 'BTC';
    const topic = topicOf(asset);
    const { fearGreed: fng, lunarCrush, coinGecko, socialFreeFallback } = context.clients;
    const missing: { source: string; reason: string }[] = [];
    if (!lunarCrush.configured)
      missing.push({ source: 'lunarcrush', reason: 'LUNARCRUSH_CREDENTIALS_FILE not set' });
    const [fngAnswer, socialAnswer, votesAnswer] = await Promise.allSettled([
      fng.history(context, 31),
      lunarCrush.configured ? lunarCrush.topicHours(context, topic) : Promise.resolve(null),
      socialFreeFallback === 'coingecko' ? coinGecko.votes(context, topic) : Promise.resolve(null),
    ]);
    const failed: FailedSource[] = [];
    const errors: unknown[] = [];
    const take = <T>(source: string, outcome: PromiseSettledResult<T>): T | null => {
      if (outcome.status === 'fulfilled') return outcome.value;
      errors.push(outcome.reason);
      failed.push({ source, error: errorText(outcome.reason) });
      return null;
    };
    const fngFetched = take('fear_greed', fngAnswer);
    const socialFetched = take('lunarcrush', socialAnswer);
    const votesFetched = take('coingecko', votesAnswer);
    const fearGreedBlock: FearGreed | null = fngFetched ? fearGreed(fngFetched.data) : null;
    const social: Social | null = socialFetched ? socialBlock(socialFetched.data) : null;
    if (!fearGreedBlock && !social && !votesFetched)
      throw allSourcesFailed(
        'no social-sentiment source answered',
        errors.length ? errors : [new Error('empty')],
        failed,
      );
    const mixed = composite(fearGreedBlock, social);
    const parts = [fngFetched, socialFetched, votesFetched].filter((part) => part !== null);
    return {
      data: {
        asset,
        fear_greed: fearGreedBlock,
        social: social ? { provider: 'lunarcrush' as const, topic, ...social } : null,
        community_votes: votesFetched
          ? {
              provider: 'coingecko' as const,
              up_pct: votesFetched.data.upPct,
              down_pct: votesFetched.data.downPct,
              watchlist_users: votesFetched.data.watchlistUsers,
            }
          : null,
        composite: mixed.value,
        composite_basis: mixed.basis,
        missing_sources: missing,
        failed_sources: failed,
      },
      obtainedAt: Math.min(...parts.map((part) => part!.receivedAt)),
      stale: parts.some((part) => part!.stale),
    };
  },
});
