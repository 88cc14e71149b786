import { toolsOf } from '../../tools/tool.js';
import type { HyperliquidClient } from '../../venues/hyperliquid/hyperliquid-client.js';

export interface PerpdexClients {
  perpdex: HyperliquidClient;
  /** PERPDEX_PRICE_COLLAR_PCT: how far from the mark an order's own limit may execute. */
  priceCollarPct: number;
}

/** The tool builder of `/mcp-perpdex`: handlers see the environment's Hyperliquid client. */
export const perpdexTool = toolsOf<PerpdexClients>();
