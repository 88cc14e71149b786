import { type GatewayConfig, priceCollars } from './config.js';
import { commonNamespace } from './namespaces/mcp/index.js';
import { marketClients } from './namespaces/mcp/market-clients.js';
import { brokerNamespace } from './namespaces/mcp-broker/index.js';
import { macroNamespace } from './namespaces/mcp-macro/index.js';
import { optxNamespace } from './namespaces/mcp-optx/index.js';
import { perpdexNamespace } from './namespaces/mcp-perpdex/index.js';
import { sentimentNamespace } from './namespaces/mcp-sentiment/index.js';
import type { AnyNamespace } from './tools/tool.js';

type NamespaceConfig = Pick<
  GatewayConfig,
  | 'CANDLE_CACHE_MB'
  | 'HISTORY_BARS_IN_FLIGHT'
  | 'HISTORY_ADMISSION_WAIT_MS'
  | 'HISTORY_PAGES_PER_VENUE'
  | 'CRYPTO_NEWS_FEEDS'
  | 'WORLD_NEWS_FEEDS'
  | 'SOCIAL_FREE_FALLBACK'
  | 'OPTX_PRICE_COLLAR_PCT'
  | 'PERPDEX_PRICE_COLLAR_PCT'
  | 'BROKER_PRICE_COLLAR_PCT'
>;

/** The history path's limits from the run contract, for the namespaces that read candles (/mcp, /mcp-optx). */
const historyLimits = (config?: NamespaceConfig) =>
  config && {
    cacheBytes: config.CANDLE_CACHE_MB * 2 ** 20,
    barsInFlight: config.HISTORY_BARS_IN_FLIGHT,
    admissionWaitMs: config.HISTORY_ADMISSION_WAIT_MS,
    pagesPerVenue: config.HISTORY_PAGES_PER_VENUE,
  };

/**
 * Every tool namespace the gateway serves: a folder under namespaces/ and one line here. Without a config,
 * the defaults of the run contract.
 */
export const namespaces = (config?: NamespaceConfig): AnyNamespace[] => {
  // One closed-candle cache, admission and set of page slots for every namespace that reads history.
  const history = marketClients(historyLimits(config));
  const collars = config && priceCollars(config);
  return [
    commonNamespace(history),
    perpdexNamespace(collars?.perpdex),
    macroNamespace(),
    brokerNamespace({}, undefined, collars?.broker),
    optxNamespace(history, collars?.optx),
    sentimentNamespace(
      config && {
        cryptoNewsFeeds: config.CRYPTO_NEWS_FEEDS,
        worldNewsFeeds: config.WORLD_NEWS_FEEDS,
        socialFreeFallback: config.SOCIAL_FREE_FALLBACK,
      },
    ),
  ];
};
