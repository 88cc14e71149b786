import type { ToolContext } from '../../tools/tool.js';
import type { BrokerClients } from './broker-tool.js';

/** How long get_tick / get_depth wait for the first message of a new subscription (notes §5.4: about 5 s). */
export const FIRST_DATA_MS = 5_000;

/** A bot is its actor and tag: its subscriptions are its own, and they expire when it stops calling. */
export const ownerOf = (context: ToolContext<BrokerClients>) => `${context.actor}:${context.botTag}`;

/**
 * Readies the last-value cache of a conid's stream for get_tick / get_depth: the calling bot is touched, it
 * subscribes when no one holds a subscription yet, and an empty cache waits up to FIRST_DATA_MS for the first
 * message. The id is that of the subscription this call made, null when it made none.
 */
export async function subscribeOnFirstUse(
  context: ToolContext<BrokerClients>,
  kind: 'tick' | 'depth',
  conid: number,
): Promise<string | null> {
  const hub = context.clients.broker.streams;
  const owner = ownerOf(context);
  hub.touch(owner);
  let subscriptionId: string | null = null;
  if (hub.references(kind, conid) === 0) subscriptionId = (await hub.subscribe(owner, conid, kind)).id;
  const cached = kind === 'tick' ? hub.cache.ticks : hub.cache.depth;
  if (!cached.has(conid)) await hub.waitFresh(kind, conid, FIRST_DATA_MS);
  return subscriptionId;
}
