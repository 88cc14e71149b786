import { DEFAULT_PRICE_COLLAR_PCT } from '../../config.js';
import { riskStatusTool } from '../../tools/risk-status.tool.js';
import { defineNamespace } from '../../tools/tool.js';
import { perpdexUpstream } from '../../venues/hyperliquid/hyperliquid.upstream.js';
import { getAccountSummary, getOpenOrders, getPositions } from './account-tools.js';
import { cancelOrder } from './cancel-order.tool.js';
import { closePosition } from './close-position.tool.js';
import { perpdexEnvironmentInfo } from './environment-info.tool.js';
import { basisSpotPerp, getFundingRate } from './funding-tools.js';
import { getMarkets } from './get-markets.tool.js';
import { getOrderbook, getTicker, getTradeHistory } from './market-tools.js';
import type { PerpdexClients } from './perpdex-tool.js';
import { placeOrder } from './place-order.tool.js';
import { setStopLoss, setTakeProfit } from './trigger-tools.js';

/** `/mcp-perpdex`: the perpetual-futures DEX (Hyperliquid API). */
export const perpdexNamespace = (priceCollarPct = DEFAULT_PRICE_COLLAR_PCT) =>
  defineNamespace<PerpdexClients>({
    name: 'mcp-perpdex',
    description: 'perpdex (Hyperliquid API): perpetual futures',
    exchange: 'perpdex',
    upstreams: ['perpdex'],
    testnetFlag: true,
    clients: (scope) => ({ perpdex: scope.client(perpdexUpstream), priceCollarPct }),
    tools: [
      perpdexEnvironmentInfo,
      riskStatusTool('perpdex'),
      getMarkets,
      getTicker,
      getOrderbook,
      getTradeHistory,
      getFundingRate,
      basisSpotPerp,
      getPositions,
      getAccountSummary,
      getOpenOrders,
      placeOrder,
      cancelOrder,
      setStopLoss,
      setTakeProfit,
      closePosition,
    ],
  });
