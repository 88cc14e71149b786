import type { TSchema } from '@sinclair/typebox';
import { GetHistoricalInputSchema, GetHistoricalOutputSchema } from './historical.schema.js';
import { getHistorical, type HistoricalParams } from './historical.service.js';
import { GetIndicatorsInputSchema, GetIndicatorsOutputSchema } from './indicators.schema.js';
import { getIndicators, type IndicatorsParams } from './indicators.service.js';
import { GetInstrumentsInputSchema, GetInstrumentsOutputSchema } from './instruments.schema.js';
import { getInstruments, type InstrumentsParams } from './instruments.service.js';
import type { MarketClients } from './market-context.js';
import { GetMarketsInputSchema, GetMarketsOutputSchema } from './markets.schema.js';
import { getMarkets, type MarketsParams } from './markets.service.js';

/**
 * The market-data tools as plain descriptors for the frame's tool registry:
 * where each lives, its schemas and the function that answers it given the
 * caller's environment clients. Every result carries `data_timestamp`
 * (ISO 8601) for the `X-Data-Timestamp` header, and `testnet: true` in the
 * test environment.
 */
export interface MarketDataTool {
  namespace: 'mcp' | 'mcp-perpdex';
  name: string;
  summary: string;
  input: TSchema;
  output: TSchema;
  /** Read-only: none of these tools is a write, none is audited. */
  handler: (params: never, clients: MarketClients) => Promise<{ data_timestamp: string }>;
}

const tool = <P>(
  descriptor: Omit<MarketDataTool, 'handler'> & {
    handler: (params: P, clients: MarketClients) => Promise<{ data_timestamp: string }>;
  },
): MarketDataTool => descriptor as MarketDataTool;

export const MARKET_DATA_TOOLS: readonly MarketDataTool[] = [
  tool<InstrumentsParams>({
    namespace: 'mcp',
    name: 'get_instruments',
    summary:
      'Uniform instrument list of optx and perpdex (optx filters and paging; fan-out when exchange is omitted)',
    input: GetInstrumentsInputSchema,
    output: GetInstrumentsOutputSchema,
    handler: getInstruments,
  }),
  tool<HistoricalParams>({
    namespace: 'mcp',
    name: 'get_historical',
    summary: 'Candles of one exchange, or a per-bar multi-exchange consensus when exchange is omitted',
    input: GetHistoricalInputSchema,
    output: GetHistoricalOutputSchema,
    handler: getHistorical,
  }),
  tool<IndicatorsParams>({
    namespace: 'mcp',
    name: 'get_indicators',
    summary: 'SMA, RSI, ATR, MACD and ADX (TA-Lib conventions) over the get_historical candles',
    input: GetIndicatorsInputSchema,
    output: GetIndicatorsOutputSchema,
    handler: getIndicators,
  }),
  tool<MarketsParams>({
    namespace: 'mcp-perpdex',
    name: 'get_markets',
    summary:
      'perpdex perpetual markets: mark price, hourly funding, open interest, 24 h volume, max leverage',
    input: GetMarketsInputSchema,
    output: GetMarketsOutputSchema,
    handler: getMarkets,
  }),
];
