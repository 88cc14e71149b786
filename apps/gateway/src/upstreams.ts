import { binancePublicUpstream } from './providers/binance-public/binance-public.upstream.js';
import { bybitPublicUpstream } from './providers/bybit-public/bybit-public.upstream.js';
import { cboeUpstream } from './providers/cboe/cboe.upstream.js';
import { cftcUpstream } from './providers/cftc/cftc.upstream.js';
import { coinGeckoUpstream } from './providers/coingecko/coingecko.upstream.js';
import { deribitPublicUpstream } from './providers/deribit-public/deribit-public.upstream.js';
import { fearGreedUpstream } from './providers/fear-greed/fear-greed.upstream.js';
import { ffCalendarUpstream } from './providers/ff-calendar/ff-calendar.upstream.js';
import { fredUpstream } from './providers/fred/fred.upstream.js';
import { gdeltUpstream } from './providers/gdelt/gdelt.upstream.js';
import { hyperliquidPublicUpstream } from './providers/hyperliquid-public/hyperliquid-public.upstream.js';
import { lunarCrushUpstream } from './providers/lunarcrush/lunarcrush.upstream.js';
import { newsFeedsUpstream } from './providers/news-feeds/news-feeds.upstream.js';
import { okxPublicUpstream } from './providers/okx-public/okx-public.upstream.js';
import { treasuryUpstream } from './providers/treasury/treasury.upstream.js';
import { yahooUpstream } from './providers/yahoo/yahoo.upstream.js';
import type { UpstreamSpec } from './upstream/upstream-spec.js';
import { optxUpstream } from './venues/deribit/deribit.upstream.js';
import { perpdexUpstream } from './venues/hyperliquid/hyperliquid.upstream.js';
import { brokerUpstream } from './venues/ibkr/ibkr.upstream.js';

/**
 * Every upstream the gateway calls: a venue or provider module declares its UpstreamSpec and is listed here;
 * the sim profile then needs a simulator of the same name in `@app/sim`'s catalog.
 */
export const upstreamSpecs: readonly UpstreamSpec[] = [
  optxUpstream,
  perpdexUpstream,
  treasuryUpstream,
  fredUpstream,
  yahooUpstream,
  cboeUpstream,
  cftcUpstream,
  ffCalendarUpstream,
  binancePublicUpstream,
  bybitPublicUpstream,
  okxPublicUpstream,
  hyperliquidPublicUpstream,
  deribitPublicUpstream,
  newsFeedsUpstream,
  gdeltUpstream,
  fearGreedUpstream,
  lunarCrushUpstream,
  coinGeckoUpstream,
  brokerUpstream,
];
