import { DEFAULT_PRICE_COLLAR_PCT } from '../../config.js';
import { riskStatusTool } from '../../tools/risk-status.tool.js';
import { defineNamespace } from '../../tools/tool.js';
import { brokerUpstream } from '../../venues/ibkr/ibkr.upstream.js';
import { STREAM_DEFAULTS, type StreamHubOptions } from '../../venues/ibkr/ibkr-stream-hub.js';
import { amendOrder } from './amend-order.tool.js';
import type { BrokerClients } from './broker-tool.js';
import { cancelAllOrders } from './cancel-all-orders.tool.js';
import { cancelOrder } from './cancel-order.tool.js';
import { closeAllPositions } from './close-all-positions.tool.js';
import { closePosition } from './close-position.tool.js';
import { brokerEnvironmentInfo } from './environment-info.tool.js';
import { getAccount } from './get-account.tool.js';
import { getActivities } from './get-activities.tool.js';
import { getBars } from './get-bars.tool.js';
import { getClock } from './get-clock.tool.js';
import { getDepth } from './get-depth.tool.js';
import { getOpenOrders } from './get-open-orders.tool.js';
import { getOptionChain } from './get-option-chain.tool.js';
import { getPositions } from './get-positions.tool.js';
import { getSnapshot } from './get-snapshot.tool.js';
import { getTick } from './get-tick.tool.js';
import { getTicker } from './get-ticker.tool.js';
import { placeBracketOrder } from './place-bracket-order.tool.js';
import { placeOcoOrder } from './place-oco-order.tool.js';
import { placeOrder } from './place-order.tool.js';
import { placeOtoOrder } from './place-oto-order.tool.js';
import { searchContracts } from './search-contracts.tool.js';
import { subscribeTick } from './subscribe-tick.tool.js';
import { unsubscribe } from './unsubscribe.tool.js';

/** `/mcp-broker`: Interactive Brokers Web API with first-party OAuth 1.0a (notes broker-ibkr.md). */
export const brokerNamespace = (
  streams: Partial<StreamHubOptions> = {},
  tickleMs?: number,
  priceCollarPct = DEFAULT_PRICE_COLLAR_PCT,
) =>
  defineNamespace<BrokerClients>({
    name: 'mcp-broker',
    description:
      'broker (Interactive Brokers Web API, OAuth 1.0a): stocks, accounts, orders, one shared websocket',
    exchange: 'broker',
    upstreams: ['broker'],
    testnetFlag: true,
    clients: (scope) => {
      const broker = scope.client(brokerUpstream);
      broker.streamOptions = { ...STREAM_DEFAULTS, ...streams };
      if (tickleMs !== undefined) broker.session.tickleMs = tickleMs;
      return { broker, priceCollarPct };
    },
    tools: [
      brokerEnvironmentInfo,
      riskStatusTool('broker'),
      getClock,
      getAccount,
      getPositions,
      getOpenOrders,
      getActivities,
      getTicker,
      getBars,
      getSnapshot,
      getOptionChain,
      searchContracts,
      getTick,
      getDepth,
      subscribeTick,
      unsubscribe,
      placeOrder,
      amendOrder,
      cancelOrder,
      cancelAllOrders,
      closePosition,
      closeAllPositions,
      placeBracketOrder,
      placeOcoOrder,
      placeOtoOrder,
    ],
  });
