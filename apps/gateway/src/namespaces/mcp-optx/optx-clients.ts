import { DEFAULT_PRICE_COLLAR_PCT } from '../../config.js';
import { toolsOf } from '../../tools/tool.js';
import type { ClientScope } from '../../upstream/client-scope.js';
import { optxUpstream } from '../../venues/deribit/deribit.upstream.js';
import type { DeribitClient } from '../../venues/deribit/deribit-client.js';
import { DeribitTrading } from '../../venues/deribit/deribit-trading.js';
import { type MarketClients, type MarketClientsFactory, marketClients } from '../mcp/market-clients.js';

/**
 * What `/mcp-optx` handlers see for one environment: `market`, the public Deribit client shared with the
 * common interface (instruments, tickers, candles, book summaries, the chain, DVOL); `trading`, the same
 * upstream's books, trades, account, positions and order entry (private methods under the environment's API
 * key); `history`, the common interface's paged, cached candles (run_backtest).
 */
export interface OptxClients {
  market: DeribitClient;
  trading: DeribitTrading;
  history: MarketClients;
  /** OPTX_PRICE_COLLAR_PCT: how far from the mark an order's own limit may execute. */
  priceCollarPct: number;
}

/** The `clients` factory; `history` is shared with /mcp (one closed-candle cache and admission per app). */
export function optxClients(
  history: MarketClientsFactory = marketClients(),
  priceCollarPct = DEFAULT_PRICE_COLLAR_PCT,
) {
  return (scope: ClientScope): OptxClients => {
    const market = scope.client(optxUpstream);
    return {
      market,
      trading: new DeribitTrading(market.http, market.credentials),
      history: history(scope),
      priceCollarPct,
    };
  };
}

/** The tool builder of `/mcp-optx`. */
export const optxTool = toolsOf<OptxClients>();
