import type { ToolContext } from '../../tools/tool.js';
import type { BrokerClients } from './broker-tool.js';

/** How long get_tick / get_depth wait for the first message of a new subscription (notes §5.4: about 5 s). */
export const FIRST_DATA_MS = 5_000;

/** A bot is its actor and tag: its subscriptions are its own, and they expire when it stops calling. */
export const ownerOf = (context: ToolContext<BrokerClients>) => `${context.actor}:${context.botTag}`;
