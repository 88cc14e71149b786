import { binancePublicUpstream } from '../../providers/binance-public/binance-public.upstream.js';
import { bybitPublicUpstream } from '../../providers/bybit-public/bybit-public.upstream.js';
import { deribitPublicUpstream } from '../../providers/deribit-public/deribit-public.upstream.js';
import { hyperliquidPublicUpstream } from '../../providers/hyperliquid-public/hyperliquid-public.upstream.js';
import { okxPublicUpstream } from '../../providers/okx-public/okx-public.upstream.js';
import { environmentInfoTool } from '../../tools/environment-info.tool.js';
import { defineNamespace } from '../../tools/tool.js';
import { getCointegrationPairs } from './get-cointegration-pairs.tool.js';
import { getCrossExchangeFunding } from './get-cross-exchange-funding.tool.js';
import { getFundingArbSpread } from './get-funding-arb-spread.tool.js';
import { getFundingRates } from './get-funding-rates.tool.js';
import { getLiquidationHeatmap } from './get-liquidation-heatmap.tool.js';
import { getOiHistory } from './get-oi-history.tool.js';
import type { SentimentClients } from './sentiment-tool.js';

/**
 * `/mcp-sentiment`: read-only sentiment data from public sources, one upstream per source. Funding and open
 * interest come from the venues' public market-data endpoints, not from the gateway's trading clients (spec).
 * No test environment: both tokens read the same live sources.
 */
export const sentimentNamespace = () =>
  defineNamespace<SentimentClients>({
    name: 'mcp-sentiment',
    description:
      'Sentiment data from public sources: funding, open interest, liquidation model, cointegration',
    exchange: 'sentiment',
    upstreams: ['binance-public', 'bybit-public', 'okx-public', 'hyperliquid-public', 'deribit-public'],
    testnetFlag: false,
    clients: (scope) => ({
      binance: scope.client(binancePublicUpstream),
      bybit: scope.client(bybitPublicUpstream),
      okx: scope.client(okxPublicUpstream),
      hyperliquid: scope.client(hyperliquidPublicUpstream),
      deribit: scope.client(deribitPublicUpstream),
    }),
    tools: [
      environmentInfoTool,
      getFundingRates,
      getCrossExchangeFunding,
      getFundingArbSpread,
      getOiHistory,
      getLiquidationHeatmap,
      getCointegrationPairs,
    ],
  });
