import type { BinancePublicClient } from '../../providers/binance-public/binance-public-client.js';
import type { BybitPublicClient } from '../../providers/bybit-public/bybit-public-client.js';
import type { CoinGeckoClient } from '../../providers/coingecko/coingecko.upstream.js';
import type { DeribitPublicClient } from '../../providers/deribit-public/deribit-public.upstream.js';
import type { FearGreedClient } from '../../providers/fear-greed/fear-greed.upstream.js';
import type { GdeltClient } from '../../providers/gdelt/gdelt.upstream.js';
import type { HyperliquidPublicClient } from '../../providers/hyperliquid-public/hyperliquid-public.upstream.js';
import type { LunarCrushClient } from '../../providers/lunarcrush/lunarcrush.upstream.js';
import type { FeedSpec } from '../../providers/news-feeds/feeds.js';
import type { NewsFeedsClient } from '../../providers/news-feeds/news-feeds.upstream.js';
import type { OkxPublicClient } from '../../providers/okx-public/okx-public.upstream.js';
import { toolsOf } from '../../tools/tool.js';

/** Each sentiment source's client, one per source (its own upstream, budget and cache). */
export interface SentimentClients {
  binance: BinancePublicClient;
  bybit: BybitPublicClient;
  okx: OkxPublicClient;
  hyperliquid: HyperliquidPublicClient;
  deribit: DeribitPublicClient;
  news: NewsFeedsClient;
  gdelt: GdeltClient;
  /** The configured feed lists (CRYPTO_NEWS_FEEDS, WORLD_NEWS_FEEDS). */
  feedLists: { crypto: FeedSpec[]; world: FeedSpec[] };
  fearGreed: FearGreedClient;
  lunarCrush: LunarCrushClient;
  coinGecko: CoinGeckoClient;
  /** SOCIAL_FREE_FALLBACK: whether CoinGecko's community votes are read. */
  socialFreeFallback: 'none' | 'coingecko';
}

/** The tool builder of `/mcp-sentiment`: handlers see the sources' clients. */
export const sentimentTool = toolsOf<SentimentClients>();
