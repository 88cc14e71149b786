import { toolsOf } from '../../tools/tool.js';
import type { ClientScope } from '../../upstream/client-scope.js';
import { optxUpstream } from '../../venues/deribit/deribit.upstream.js';
import type { DeribitClient } from '../../venues/deribit/deribit-client.js';
import { type MarketClients, type MarketClientsFactory, marketClients } from '../mcp/market-clients.js';

/** What `/mcp-optx` handlers see for one environment. */
export interface OptxClients {
  /** The public Deribit API v2 client (market data, chain, DVOL). */
  market: DeribitClient;
  /** The common interface's history path (paged, cached candles), for run_backtest. */
  history: MarketClients;
}

/** The `clients` factory; `history` is shared with /mcp (one closed-candle cache and admission per app). */
export function optxClients(history: MarketClientsFactory = marketClients()) {
  return (scope: ClientScope): OptxClients => ({
    market: scope.client(optxUpstream),
    history: history(scope),
  });
}

/** The tool builder of `/mcp-optx`. */
export const optxTool = toolsOf<OptxClients>();
