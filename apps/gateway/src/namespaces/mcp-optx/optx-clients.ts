import { toolsOf } from '../../tools/tool.js';
import type { ClientScope } from '../../upstream/client-scope.js';
import { optxUpstream } from '../../venues/deribit/deribit.upstream.js';
import type { DeribitClient } from '../../venues/deribit/deribit-client.js';
import { DeribitTrading } from '../../venues/deribit/deribit-trading.js';

/**
 * What `/mcp-optx` handlers see for one environment: `market`, the public Deribit client shared with the
 * common interface (instruments, tickers, candles, book summaries), and `trading`, the same upstream's
 * books, trades, account, positions and order entry (private methods under the environment's API key).
 */
export interface OptxClients {
  market: DeribitClient;
  trading: DeribitTrading;
}

export function optxClients(scope: ClientScope): OptxClients {
  const market = scope.client(optxUpstream);
  return { market, trading: new DeribitTrading(market.http, market.credentials) };
}

/** The tool builder of `/mcp-optx`. */
export const optxTool = toolsOf<OptxClients>();
