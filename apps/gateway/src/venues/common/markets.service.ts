import { AppError } from '@app/kit';
import type { PerpMarket } from '../perpdex/perpdex-transforms.js';
import { isoTime, type MarketClients, testnetFlag } from './market-context.js';

/** `perpdex` `get_markets`: one record per listed perp (delisted coins left out unless asked). */

export interface MarketsParams {
  /** Only these coins (case-sensitive names); all when omitted. */
  assets?: string[] | null;
  include_delisted?: boolean;
}

export interface MarketRecord {
  asset: string;
  mark_price: number | null;
  funding_rate: number | null;
  open_interest: number | null;
  volume_24h: number | null;
  max_leverage: number;
}

export async function loadPerpMarkets(
  clients: MarketClients,
): Promise<{ markets: PerpMarket[]; receivedAt: number }> {
  const perpdex = clients.perpdex;
  if (!perpdex)
    throw new AppError(503, 'EXCHANGE_NOT_CONFIGURED', 'perpdex is not configured in this environment');
  const fetched = await perpdex.getMarkets();
  return { markets: fetched.data, receivedAt: fetched.receivedAt };
}

export async function getMarkets(params: MarketsParams, clients: MarketClients) {
  const { markets, receivedAt } = await loadPerpMarkets(clients);
  const wanted = params.assets?.length ? new Set(params.assets) : null;
  return {
    markets: markets
      .filter((market) => params.include_delisted || !market.native.meta.isDelisted)
      .filter((market) => !wanted || wanted.has(market.asset))
      .map(
        (market): MarketRecord => ({
          asset: market.asset,
          mark_price: market.mark_price,
          funding_rate: market.funding_rate,
          open_interest: market.open_interest,
          volume_24h: market.volume_24h,
          max_leverage: market.max_leverage,
        }),
      ),
    data_timestamp: isoTime(receivedAt),
    ...testnetFlag(clients),
  };
}
