import { toolsOf } from '../../tools/tool.js';
import type { IbkrClient } from '../../venues/ibkr/ibkr-client.js';

export interface BrokerClients {
  broker: IbkrClient;
  /** BROKER_PRICE_COLLAR_PCT: how far from the mark an order's own limit may execute. */
  priceCollarPct: number;
}

/** The tool builder of `/mcp-broker`: handlers see the environment's IBKR client (and its shared websocket). */
export const brokerTool = toolsOf<BrokerClients>();
