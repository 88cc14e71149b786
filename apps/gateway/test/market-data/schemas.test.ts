import { optx, perpdex } from '@app/sim';
import { FormatRegistry, type TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GetHistoricalInputSchema,
  GetHistoricalOutputSchema,
} from '../../src/venues/common/historical.schema.js';
import { getHistorical } from '../../src/venues/common/historical.service.js';
import {
  GetIndicatorsInputSchema,
  GetIndicatorsOutputSchema,
} from '../../src/venues/common/indicators.schema.js';
import { getIndicators } from '../../src/venues/common/indicators.service.js';
import {
  GetInstrumentsInputSchema,
  GetInstrumentsOutputSchema,
} from '../../src/venues/common/instruments.schema.js';
import { getInstruments } from '../../src/venues/common/instruments.service.js';
import { MARKET_DATA_TOOLS } from '../../src/venues/common/market-data.tools.js';
import { GetMarketsInputSchema, GetMarketsOutputSchema } from '../../src/venues/common/markets.schema.js';
import { getMarkets } from '../../src/venues/common/markets.service.js';
import { type SimulatedVenues, simulatedVenues } from './support/sim-server.js';

/** The tools' TypeBox schemas describe what the services accept and return (test environment). */

FormatRegistry.Set('date-time', (value) => !Number.isNaN(Date.parse(value)) && value.includes('T'));
FormatRegistry.Set('date', (value) => /^\d{4}-\d{2}-\d{2}$/.test(value));

let venues: SimulatedVenues;
beforeAll(async () => {
  venues = await simulatedVenues(optx, perpdex, { environment: 'test' });
});
afterAll(() => venues.close());

const errorsOf = (schema: TSchema, value: unknown) =>
  [...Value.Errors(schema, value)].map((e) => `${e.path} ${e.message}`);

describe('input schemas', () => {
  it('accept their own examples', () => {
    for (const schema of [
      GetInstrumentsInputSchema,
      GetHistoricalInputSchema,
      GetIndicatorsInputSchema,
      GetMarketsInputSchema,
    ]) {
      for (const example of (schema as { examples: unknown[] }).examples)
        expect(errorsOf(schema, example)).toEqual([]);
    }
  });

  it('output schemas accept their own examples', () => {
    for (const schema of [
      GetInstrumentsOutputSchema,
      GetHistoricalOutputSchema,
      GetIndicatorsOutputSchema,
      GetMarketsOutputSchema,
    ]) {
      for (const example of (schema as { examples: unknown[] }).examples)
        expect(errorsOf(schema, example)).toEqual([]);
    }
  });

  it('reject unknown fields, unknown intervals and out-of-range paging', () => {
    const base = { instrument: 'BTC', start_date: '2026-01-01', end_date: '2026-01-02' };
    expect(Value.Check(GetHistoricalInputSchema, { ...base, interval: '2h' })).toBe(false);
    expect(Value.Check(GetHistoricalInputSchema, { ...base, exchnage: 'optx' })).toBe(false);
    expect(Value.Check(GetHistoricalInputSchema, { instrument: 'BTC' })).toBe(false);
    expect(Value.Check(GetInstrumentsInputSchema, { limit: 0 })).toBe(false);
    expect(Value.Check(GetInstrumentsInputSchema, { limit: 1001 })).toBe(false);
    expect(Value.Check(GetIndicatorsInputSchema, { ...base, indicators: ['rsi', 'macd'] })).toBe(true);
  });
});

describe('output schemas match the services (test environment)', () => {
  it('get_instruments, get_markets', async () => {
    const instruments = await getInstruments({}, venues.clients);
    expect(instruments.testnet).toBe(true);
    expect(errorsOf(GetInstrumentsOutputSchema, instruments)).toEqual([]);
    const markets = await getMarkets({}, venues.clients);
    expect(markets.testnet).toBe(true);
    expect(errorsOf(GetMarketsOutputSchema, markets)).toEqual([]);
  });

  it('get_historical single and consensus, get_indicators', async () => {
    const range = { interval: '1h', start_date: '2026-11-18', end_date: '2026-11-19' };
    const single = await getHistorical(
      { ...range, exchange: 'optx', instrument: 'BTC-PERPETUAL' },
      venues.clients,
    );
    expect(single.testnet).toBe(true);
    expect(errorsOf(GetHistoricalOutputSchema, single)).toEqual([]);
    const consensus = await getHistorical({ ...range, instrument: 'SOL' }, venues.clients);
    expect(errorsOf(GetHistoricalOutputSchema, consensus)).toEqual([]);
    const indicators = await getIndicators(
      { ...range, instrument: 'ETH', indicators: 'sma,rsi,atr,macd,adx,nope' },
      venues.clients,
    );
    expect(indicators.testnet).toBe(true);
    expect(errorsOf(GetIndicatorsOutputSchema, indicators)).toEqual([]);
  });

  it('the venue clients answer a cheap readiness probe, and optx lists its spot pair', async () => {
    expect((await venues.clients.optx!.probe()).data).toBeGreaterThan(0);
    expect((await venues.clients.perpdex!.probe()).data).toBeGreaterThan(3);
    const spot = await getInstruments({ exchange: 'optx', currency: 'BTC', kind: 'spot' }, venues.clients);
    expect(spot.instruments.map((row) => [row.symbol, row.type])).toEqual([['BTC_USDC', 'spot']]);
  });
});

describe('tool descriptors for the registry', () => {
  it('declare the four tools where the spec puts them', () => {
    expect(MARKET_DATA_TOOLS.map((tool) => `/${tool.namespace}/tools/${tool.name}`)).toEqual([
      '/mcp/tools/get_instruments',
      '/mcp/tools/get_historical',
      '/mcp/tools/get_indicators',
      '/mcp-perpdex/tools/get_markets',
    ]);
  });

  it('answer every documented example with a body that matches the output schema', async () => {
    for (const tool of MARKET_DATA_TOOLS) {
      for (const example of (tool.input as { examples: unknown[] }).examples) {
        const result = await tool.handler(example as never, venues.clients);
        expect(errorsOf(tool.output, result), `${tool.name} ${JSON.stringify(example)}`).toEqual([]);
      }
    }
  });
});
