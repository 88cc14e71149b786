import { DEFAULT_PRICE_COLLAR_PCT } from '../../config.js';
import { riskStatusTool } from '../../tools/risk-status.tool.js';
import { defineNamespace } from '../../tools/tool.js';
import { type MarketClientsFactory, marketClients } from '../mcp/market-clients.js';
import { optxAnalyticsTools } from './analytics/index.js';
import { cancelOrder } from './cancel-order.tool.js';
import { closePosition } from './close-position.tool.js';
import { optxEnvironmentInfo } from './environment-info.tool.js';
import { getAccountSummary } from './get-account-summary.tool.js';
import { getOpenOrders } from './get-open-orders.tool.js';
import { getOrderbook } from './get-orderbook.tool.js';
import { getOrderbookImbalance } from './get-orderbook-imbalance.tool.js';
import { getPositions } from './get-positions.tool.js';
import { getTicker } from './get-ticker.tool.js';
import { getTickerBatch } from './get-ticker-batch.tool.js';
import { getTradeHistory } from './get-trade-history.tool.js';
import { isTestnet } from './is-testnet.tool.js';
import { type OptxClients, optxClients } from './optx-clients.js';
import { placeComboOrder } from './place-combo-order.tool.js';
import { placeOrder } from './place-order.tool.js';
import { setStopLoss } from './set-stop-loss.tool.js';
import { setTakeProfit } from './set-take-profit.tool.js';

/** `/mcp-optx`: the options-first derivatives exchange (Deribit API v2). */
export const optxNamespace = (
  history: MarketClientsFactory = marketClients(),
  priceCollarPct = DEFAULT_PRICE_COLLAR_PCT,
) =>
  defineNamespace<OptxClients>({
    name: 'mcp-optx',
    description:
      'optx (Deribit API v2): market data, account, guarded orders, options analytics and backtests',
    exchange: 'optx',
    upstreams: ['optx'],
    testnetFlag: true,
    clients: optxClients(history, priceCollarPct),
    tools: [
      isTestnet,
      optxEnvironmentInfo,
      riskStatusTool('optx'),
      getTicker,
      getTickerBatch,
      getOrderbook,
      getOrderbookImbalance,
      getTradeHistory,
      getPositions,
      getAccountSummary,
      getOpenOrders,
      placeOrder,
      placeComboOrder,
      cancelOrder,
      setStopLoss,
      setTakeProfit,
      closePosition,
      ...optxAnalyticsTools,
    ],
  });
