import type { TObject } from '@sinclair/typebox';
import { environmentInfoTool } from '../../tools/environment-info.tool.js';
import { type AnyTool, defineTool, type NamespaceDefinition } from '../../tools/tool-types.js';
import { perEnvironment } from '../../upstream/per-environment.js';
import type { UpstreamRegistry } from '../../upstream/upstream-registry.js';
import { createMarketClients, createMarketDataCaches } from './market-clients.js';
import type { MarketClients } from './market-context.js';
import { MARKET_DATA_TOOLS, type MarketDataTool } from './market-data.tools.js';

/**
 * The market-data tools in the frame's registry: the common interface `/mcp`
 * (get_instruments, get_historical, get_indicators) and `/mcp-perpdex`'s
 * get_markets. One set of venue clients per environment, caches per process.
 */
export function marketDataNamespaces(registry: UpstreamRegistry): NamespaceDefinition[] {
  const caches = createMarketDataCaches();
  const clients = perEnvironment(registry, 'optx', (optx, environment) =>
    createMarketClients(environment, { optx, perpdex: registry.get('perpdex', environment) }, caches),
  );
  const toolsOf = (namespace: MarketDataTool['namespace']) =>
    MARKET_DATA_TOOLS.filter((tool) => tool.namespace === namespace).map((tool) =>
      asFrameTool(tool, clients),
    );
  return [
    {
      name: 'mcp',
      description:
        'Common data interface over optx and perpdex: instruments, history with multi-exchange consensus, indicators',
      exchange: null,
      upstreams: ['optx', 'perpdex'],
      testnetFlag: true,
      tools: toolsOf('mcp'),
    },
    {
      name: 'mcp-perpdex',
      description: 'perpdex (Hyperliquid API): perpetual futures',
      exchange: 'perpdex',
      upstreams: ['perpdex'],
      testnetFlag: true,
      tools: [environmentInfoTool(), ...toolsOf('mcp-perpdex')],
    },
  ];
}

/**
 * A market-data descriptor as a frame tool. The service's own `data_timestamp`
 * (ISO; a cached answer keeps its original time) and `testnet` become the
 * frame's fields, which it adds to every answer itself.
 */
function asFrameTool(
  tool: MarketDataTool,
  clients: (environment: 'test' | 'live') => MarketClients,
): AnyTool {
  return defineTool({
    name: tool.name,
    summary: tool.summary,
    kind: 'read',
    input: tool.input as TObject,
    output: tool.output as TObject,
    exchange: (input: { exchange?: string | null }) =>
      tool.namespace === 'mcp' ? (input.exchange ?? null) : 'perpdex',
    handler: async (input, context) => {
      const result = (await tool.handler(input as never, clients(context.environment))) as {
        data_timestamp: string;
        testnet?: boolean;
      };
      const { data_timestamp, testnet: _testnet, ...data } = result;
      return { data, dataTimestamp: Date.parse(data_timestamp) };
    },
  });
}
