import { environmentInfoTool } from '../../tools/environment-info.tool.js';
import { defineNamespace } from '../../tools/tool.js';
import { type MarketClientsFactory, marketClients } from '../mcp/market-clients.js';
import { optxAnalyticsTools } from './analytics/index.js';
import { type OptxClients, optxClients } from './optx-clients.js';

/** `/mcp-optx`: the options-first derivatives exchange (Deribit API v2). */
export const optxNamespace = (history: MarketClientsFactory = marketClients()) =>
  defineNamespace<OptxClients>({
    name: 'mcp-optx',
    description: 'optx (Deribit API v2): options analytics, market data and trading',
    exchange: 'optx',
    upstreams: ['optx'],
    testnetFlag: true,
    clients: optxClients(history),
    tools: [environmentInfoTool, ...optxAnalyticsTools],
  });
