import { defineNamespace } from '../../tools/tool.js';
import { getHistorical } from './get-historical.tool.js';
import { getIndicators } from './get-indicators.tool.js';
import { getInstruments } from './get-instruments.tool.js';
import { type MarketClientsFactory, marketClients } from './market-clients.js';

/** `/mcp`: the common data interface over optx and perpdex. */
export const commonNamespace = (history: MarketClientsFactory = marketClients()) =>
  defineNamespace({
    name: 'mcp',
    description:
      'Common data interface over optx and perpdex: instruments, history with multi-exchange consensus, indicators',
    exchange: null,
    upstreams: ['optx', 'perpdex'],
    testnetFlag: true,
    clients: history,
    tools: [getInstruments, getHistorical, getIndicators],
  });
