import { binancePublicUpstream } from '../../providers/binance-public/binance-public.upstream.js';
import { bybitPublicUpstream } from '../../providers/bybit-public/bybit-public.upstream.js';
import { coinGeckoUpstream } from '../../providers/coingecko/coingecko.upstream.js';
import { deribitPublicUpstream } from '../../providers/deribit-public/deribit-public.upstream.js';
import { fearGreedUpstream } from '../../providers/fear-greed/fear-greed.upstream.js';
import { gdeltUpstream } from '../../providers/gdelt/gdelt.upstream.js';
import { hyperliquidPublicUpstream } from '../../providers/hyperliquid-public/hyperliquid-public.upstream.js';
import { lunarCrushUpstream } from '../../providers/lunarcrush/lunarcrush.upstream.js';
import { DEFAULT_CRYPTO_FEEDS, DEFAULT_WORLD_FEEDS, feedList } from '../../providers/news-feeds/feeds.js';
import { newsFeedsUpstream } from '../../providers/news-feeds/news-feeds.upstream.js';
import { okxPublicUpstream } from '../../providers/okx-public/okx-public.upstream.js';
import { defineNamespace } from '../../tools/tool.js';
import { getCointegrationPairs } from './get-cointegration-pairs.tool.js';
import { getCrossExchangeFunding } from './get-cross-exchange-funding.tool.js';
import { getCryptoNews } from './get-crypto-news.tool.js';
import { getFundingArbSpread } from './get-funding-arb-spread.tool.js';
import { getFundingRates } from './get-funding-rates.tool.js';
import { getLiquidationHeatmap } from './get-liquidation-heatmap.tool.js';
import { getOiHistory } from './get-oi-history.tool.js';
import { getSocialSentiment } from './get-social-sentiment.tool.js';
import { getWorldNews } from './get-world-news.tool.js';
import type { SentimentClients } from './sentiment-tool.js';

/**
 * `/mcp-sentiment`: read-only sentiment data from public sources, one upstream per source. Funding and open
 * interest come from the venues' public market-data endpoints, not from the gateway's trading clients (spec).
 * No test environment: both tokens read the same live sources.
 */
export interface SentimentOptions {
  cryptoNewsFeeds: string;
  worldNewsFeeds: string;
  socialFreeFallback: 'none' | 'coingecko';
}

export const sentimentNamespace = (
  options: SentimentOptions = {
    cryptoNewsFeeds: DEFAULT_CRYPTO_FEEDS,
    worldNewsFeeds: DEFAULT_WORLD_FEEDS,
    socialFreeFallback: 'none',
  },
) => {
  const feedLists = {
    crypto: feedList('CRYPTO_NEWS_FEEDS', options.cryptoNewsFeeds),
    world: feedList('WORLD_NEWS_FEEDS', options.worldNewsFeeds),
  };
  return defineNamespace<SentimentClients>({
    name: 'mcp-sentiment',
    description:
      'Sentiment data from public sources: funding, open interest, liquidation model, cointegration',
    exchange: 'sentiment',
    upstreams: [
      'binance-public',
      'bybit-public',
      'okx-public',
      'hyperliquid-public',
      'deribit-public',
      'news-feeds',
      'gdelt',
      'fear-greed',
      'lunarcrush',
      'coingecko',
    ],
    testnetFlag: false,
    clients: (scope) => ({
      binance: scope.client(binancePublicUpstream),
      bybit: scope.client(bybitPublicUpstream),
      okx: scope.client(okxPublicUpstream),
      hyperliquid: scope.client(hyperliquidPublicUpstream),
      deribit: scope.client(deribitPublicUpstream),
      news: scope.client(newsFeedsUpstream),
      gdelt: scope.client(gdeltUpstream),
      feedLists,
      fearGreed: scope.client(fearGreedUpstream),
      lunarCrush: scope.client(lunarCrushUpstream),
      coinGecko: scope.client(coinGeckoUpstream),
      socialFreeFallback: options.socialFreeFallback,
    }),
    tools: [
      getFundingRates,
      getCrossExchangeFunding,
      getFundingArbSpread,
      getOiHistory,
      getLiquidationHeatmap,
      getCointegrationPairs,
      getCryptoNews,
      getWorldNews,
      getSocialSentiment,
    ],
  });
};
