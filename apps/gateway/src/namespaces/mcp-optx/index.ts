import { defineNamespace } from '../../tools/tool.js';
import { cancelOrder } from './cancel-order.tool.js';
import { optxEnvironmentInfo } from './environment-info.tool.js';
import { getAccountSummary } from './get-account-summary.tool.js';
import { getOpenOrders } from './get-open-orders.tool.js';
import { getPositions } from './get-positions.tool.js';
import { isTestnet } from './is-testnet.tool.js';
import { type OptxClients, optxClients } from './optx-clients.js';
import { placeOrder } from './place-order.tool.js';

/** `/mcp-optx`: the options-first derivatives exchange (Deribit API v2). */
export const optxNamespace = () =>
  defineNamespace<OptxClients>({
    name: 'mcp-optx',
    description: 'optx (Deribit API v2): market data, account, guarded orders',
    exchange: 'optx',
    upstreams: ['optx'],
    testnetFlag: true,
    clients: optxClients,
    tools: [
      isTestnet,
      optxEnvironmentInfo,
      getPositions,
      getAccountSummary,
      getOpenOrders,
      placeOrder,
      cancelOrder,
    ],
  });
