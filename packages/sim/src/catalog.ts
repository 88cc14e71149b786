import { optx } from './deribit/deribit-simulator.js';
import { perpdex } from './hyperliquid/hyperliquid-simulator.js';
import { broker } from './ibkr/ibkr-simulator.js';
import { ffCalendar } from './macro/calendar/calendar-simulator.js';
import { cboe } from './macro/cboe/cboe-simulator.js';
import { cftc } from './macro/cftc/cftc-simulator.js';
import { fred } from './macro/fred/fred-simulator.js';
import { treasury } from './macro/treasury/treasury-simulator.js';
import { yahoo } from './macro/yahoo/yahoo-simulator.js';
import { binancePublic } from './sentiment/binance-simulator.js';
import { bybitPublic } from './sentiment/bybit-simulator.js';
import { deribitPublic } from './sentiment/deribit-public-simulator.js';
import { hyperliquidPublic } from './sentiment/hyperliquid-public-simulator.js';
import { newsFeeds } from './sentiment/news/feeds-simulator.js';
import { gdelt } from './sentiment/news/gdelt-simulator.js';
import { okxPublic } from './sentiment/okx-simulator.js';
import { coinGecko, fearGreed, lunarCrush } from './sentiment/social/social-simulators.js';
import type { SimulatorDefinition } from './simulator.js';

/**
 * Every venue simulator the gateway's `sim` profile starts. A venue simulator
 * is registered by adding its definition here; its `name` must equal the
 * gateway's upstream name (`optx`, `perpdex`, `broker`, `macro`, `sentiment`).
 */
export const simulators: readonly SimulatorDefinition[] = [
  optx,
  perpdex,
  broker,
  treasury,
  fred,
  yahoo,
  cboe,
  cftc,
  ffCalendar,
  binancePublic,
  bybitPublic,
  okxPublic,
  hyperliquidPublic,
  deribitPublic,
  newsFeeds,
  gdelt,
  fearGreed,
  lunarCrush,
  coinGecko,
];
