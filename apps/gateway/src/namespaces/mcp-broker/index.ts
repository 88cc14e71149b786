import { defineNamespace } from '../../tools/tool.js';
import { brokerUpstream } from '../../venues/ibkr/ibkr.upstream.js';
import type { BrokerClients } from './broker-tool.js';
import { cancelOrder } from './cancel-order.tool.js';
import { brokerEnvironmentInfo } from './environment-info.tool.js';
import { getAccount } from './get-account.tool.js';
import { getClock } from './get-clock.tool.js';
import { getOpenOrders } from './get-open-orders.tool.js';
import { getPositions } from './get-positions.tool.js';
import { placeOrder } from './place-order.tool.js';

/** `/mcp-broker`: Interactive Brokers Web API with first-party OAuth 1.0a (notes broker-ibkr.md). */
export const brokerNamespace = () =>
  defineNamespace<BrokerClients>({
    name: 'mcp-broker',
    description:
      'broker (Interactive Brokers Web API, OAuth 1.0a): stocks, accounts, orders, one shared websocket',
    exchange: 'broker',
    upstreams: ['broker'],
    testnetFlag: true,
    clients: (scope) => ({ broker: scope.client(brokerUpstream) }),
    tools: [
      brokerEnvironmentInfo,
      getClock,
      getAccount,
      getPositions,
      getOpenOrders,
      placeOrder,
      cancelOrder,
    ],
  });
