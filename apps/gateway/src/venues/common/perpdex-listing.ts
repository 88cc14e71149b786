import type { MarketClients } from './market-context.js';

/** Coin names of the environment's perp universe (delisted included: their history may still exist), cached briefly. */
export async function perpdexCoins(clients: MarketClients): Promise<string[]> {
  const perpdex = clients.perpdex;
  if (!perpdex) return [];
  return clients.listings.get(`perpdex:${clients.environment}:coins`, async () => {
    const meta = await perpdex.getMeta();
    return meta.data.universe.map((asset) => asset.name);
  });
}
