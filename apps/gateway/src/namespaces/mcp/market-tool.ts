import { toolsOf } from '../../tools/tool.js';
import type { MarketClients } from './market-clients.js';

/** The tool builder of the market-data namespaces: handlers see MarketClients. */
export const marketTool = toolsOf<MarketClients>();

/** The `exchange` a call is about, for logs and audit: the input's, or null for a fan-out or consensus. */
export const inputExchange = (input: { exchange?: string | null }) => input.exchange ?? null;
