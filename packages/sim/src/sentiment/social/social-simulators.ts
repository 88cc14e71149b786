import type { FastifyPluginAsync } from 'fastify';
import { gaussian, streamId } from '../../market/hash.js';
import type { SimContext, SimulatorDefinition } from '../../simulator.js';

/**
 * The social sources of notes sentiment.md S3–S5 in their wire formats: alternative.me's Fear & Greed
 * (`/fng/`, values as strings, `time_until_update` on the newest only), LunarCrush v4 topic time series (bearer
 * key issued by this simulator, 401 without it, fields dropped for thin topics) and CoinGecko's community votes.
 * Values are deterministic functions of the seed and the day or hour.
 */
const DAY_S = 86_400;
const HOUR_S = 3_600;

const LABELS: [number, string][] = [
  [25, 'Extreme Fear'],
  [46, 'Fear'],
  [55, 'Neutral'],
  [75, 'Greed'],
  [101, 'Extreme Greed'],
];
const label = (value: number) => LABELS.find(([edge]) => value < edge)![1];

export function fngValue(seed: number, day: number): number {
  const slow = gaussian(seed, streamId('fng:slow'), Math.floor(day / 7));
  const daily = gaussian(seed, streamId('fng:day'), day);
  return Math.max(1, Math.min(99, Math.round(55 + 14 * slow + 5 * daily)));
}

function fearGreedPlugin(context: SimContext): FastifyPluginAsync {
  return async (app) => {
    app.get('/fng/', async (request) => {
      const query = request.query as Record<string, string | undefined>;
      const limit = Math.max(1, Math.min(365, Number(query.limit ?? '1') || 1));
      const nowS = Math.floor(context.now() / 1000);
      const today = Math.floor(nowS / DAY_S);
      const data = Array.from({ length: limit }, (_, i) => {
        const value = fngValue(context.seed, today - i);
        return {
          value: String(value),
          value_classification: label(value),
          timestamp: String((today - i) * DAY_S),
          ...(i === 0 ? { time_until_update: String((today + 1) * DAY_S - nowS) } : {}),
        };
      });
      return { name: 'Fear and Greed Index', data, metadata: { error: null } };
    });
  };
}

export const fearGreed: SimulatorDefinition = { name: 'fear-greed', plugin: fearGreedPlugin };

const TOPICS: Record<string, { symbol: string; level: number; thin?: boolean }> = {
  bitcoin: { symbol: 'BTC', level: 76 },
  ethereum: { symbol: 'ETH', level: 71 },
  solana: { symbol: 'SOL', level: 68 },
  xrp: { symbol: 'XRP', level: 64, thin: true },
};

const apiKey = (context: SimContext) => `sim-lunarcrush-${context.seed.toString(16)}`;

function lunarCrushPlugin(context: SimContext): FastifyPluginAsync {
  return async (app) => {
    app.get('/api4/public/topic/:topic/time-series/v2', async (request, reply) => {
      if (request.headers.authorization !== `Bearer ${apiKey(context)}`)
        return reply.code(401).send({ error: 'Unauthorized' });
      const topic = (request.params as { topic: string }).topic;
      const spec = TOPICS[topic];
      const end = Math.floor(context.now() / 1000 / HOUR_S) * HOUR_S;
      if (!spec) return { config: { topic, interval: '1w', start: end - 7 * DAY_S, end }, data: [] };
      const stream = streamId(`lunarcrush:${topic}`);
      const data = Array.from({ length: 168 }, (_, i) => {
        const time = end - (167 - i) * HOUR_S;
        const hour = time / HOUR_S;
        const bucket: Record<string, number> = {
          time,
          contributors_active: Math.round(30_000 * (1 + 0.1 * gaussian(context.seed, stream, hour * 4))),
          interactions: Math.round(3_800_000 * Math.exp(0.3 * gaussian(context.seed, stream, hour * 4 + 1))),
          posts_active: Math.round(60_000 * (1 + 0.1 * gaussian(context.seed, stream, hour * 4 + 2))),
          sentiment: Math.round(spec.level + 4 * gaussian(context.seed, stream, hour * 4 + 3)),
          social_dominance: 24.8,
          galaxy_score: 61,
          alt_rank: 112,
        };
        // Thin topics lose fields now and then, as LunarCrush answers them.
        if (spec.thin && hour % 3 === 0) delete bucket.sentiment;
        return bucket;
      });
      return {
        config: {
          topic,
          id: topic,
          symbol: spec.symbol,
          interval: '1w',
          start: end - 7 * DAY_S,
          end,
          bucket: 'hour',
        },
        data,
      };
    });
  };
}

export const lunarCrush: SimulatorDefinition = {
  name: 'lunarcrush',
  plugin: lunarCrushPlugin,
  credentials: (context) => ({ api_key: apiKey(context) }),
};

function coinGeckoPlugin(context: SimContext): FastifyPluginAsync {
  return async (app) => {
    app.get('/api/v3/ping', async () => ({ gecko_says: '(V3) To the Moon!' }));
    app.get('/api/v3/coins/:id', async (request, reply) => {
      const id = (request.params as { id: string }).id;
      if (!TOPICS[id]) return reply.code(404).send({ error: 'coin not found' });
      const day = Math.floor(context.now() / 1000 / DAY_S);
      const up = Math.round((75 + 8 * gaussian(context.seed, streamId(`votes:${id}`), day)) * 10) / 10;
      return {
        id,
        symbol: TOPICS[id]!.symbol.toLowerCase(),
        name: id[0]!.toUpperCase() + id.slice(1),
        sentiment_votes_up_percentage: up,
        sentiment_votes_down_percentage: Math.round((100 - up) * 10) / 10,
        watchlist_portfolio_users: 1_904_221,
        community_data: { facebook_likes: null, twitter_followers: null, reddit_subscribers: null },
      };
    });
  };
}

export const coinGecko: SimulatorDefinition = { name: 'coingecko', plugin: coinGeckoPlugin };
