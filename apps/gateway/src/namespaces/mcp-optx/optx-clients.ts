import { toolsOf } from '../../tools/tool.js';
import type { ClientScope } from '../../upstream/client-scope.js';
import { optxUpstream } from '../../venues/deribit/deribit.upstream.js';
import type { DeribitClient } from '../../venues/deribit/deribit-client.js';
import { type HistoryLimits, type MarketClients, marketClients } from '../mcp/market-clients.js';

/** What `/mcp-optx` handlers see for one environment. */
export interface OptxClients {
  /** The public Deribit API v2 client (market data, chain, DVOL). */
  market: DeribitClient;
  /** The common interface's history path (paged, cached candles), for run_backtest. */
  history: MarketClients;
}

/** The `clients` factory: one candle cache and history admission per app, venues per environment. */
export function optxClients(limits: HistoryLimits = {}) {
  const history = marketClients(limits);
  return (scope: ClientScope): OptxClients => ({
    market: scope.client(optxUpstream),
    history: history(scope),
  });
}

/** The tool builder of `/mcp-optx`. */
export const optxTool = toolsOf<OptxClients>();
