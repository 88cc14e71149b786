import { FormatRegistry, type TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GetHistoricalInputSchema,
  GetHistoricalOutputSchema,
} from '../../src/namespaces/mcp/get-historical.tool.js';
import {
  GetIndicatorsInputSchema,
  GetIndicatorsOutputSchema,
} from '../../src/namespaces/mcp/get-indicators.tool.js';
import {
  GetInstrumentsInputSchema,
  GetInstrumentsOutputSchema,
} from '../../src/namespaces/mcp/get-instruments.tool.js';
import {
  GetMarketsInputSchema,
  GetMarketsOutputSchema,
} from '../../src/namespaces/mcp-perpdex/get-markets.tool.js';
import { namespaces } from '../../src/namespaces.js';
import { toolResponseSchema } from '../../src/tools/tool-schemas.js';
import { NO_DEADLINE } from '../../src/upstream/call-deadline.js';
import { optxUpstream } from '../../src/venues/deribit/deribit.upstream.js';
import { perpdexUpstream } from '../../src/venues/hyperliquid/hyperliquid.upstream.js';
import {
  type MarketGateway,
  startMarketGateway,
  TOOL_PATHS,
  tokenHeaders,
} from './support/market-gateway.js';

/** The tools' TypeBox schemas describe what the gateway accepts and answers (test environment). */

FormatRegistry.Set('date-time', (value) => !Number.isNaN(Date.parse(value)) && value.includes('T'));
FormatRegistry.Set('date', (value) => /^\d{4}-\d{2}-\d{2}$/.test(value));

let market: MarketGateway;
beforeAll(async () => {
  market = await startMarketGateway({ environment: 'test' });
});
afterAll(() => market.close());

const errorsOf = (schema: TSchema, value: unknown) =>
  [...Value.Errors(schema, value)].map((e) => `${e.path} ${e.message}`);

/** A tool's output as the HTTP answer carries it: with data_timestamp, testnet and simulated. */
const answerSchema = (output: TSchema) => toolResponseSchema(output, true, true);

/** The four market-data tools as the gateway registers them (environment_info is the frame's, not theirs). */
/** The common interface and the venue namespaces; the macro tools have their own tests (test/macro). */
const marketDataTools = () =>
  namespaces()
    .filter((namespace) => namespace.name === 'mcp' || namespace.name === 'mcp-perpdex')
    .flatMap((namespace) =>
      namespace.tools
        // perpdex's other tools (account, orders, funding) have their own tests (test/perpdex).
        .filter((tool) => namespace.name === 'mcp' || tool.name === 'get_markets')
        .filter((tool) => tool.name !== 'environment_info')
        .map((tool) => ({ namespace, tool, path: `/${namespace.name}/tools/${tool.name}` })),
    );

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

describe('output schemas match the answers (test environment)', () => {
  it('get_instruments, get_markets', async () => {
    const instruments = await market.tool('get_instruments', {});
    expect(instruments.testnet).toBe(true);
    expect(errorsOf(answerSchema(GetInstrumentsOutputSchema), instruments)).toEqual([]);
    const markets = await market.tool('get_markets', {});
    expect(markets.testnet).toBe(true);
    expect(errorsOf(answerSchema(GetMarketsOutputSchema), markets)).toEqual([]);
  });

  it('get_historical single and consensus, get_indicators', async () => {
    const range = { interval: '1h', start_date: '2026-11-18', end_date: '2026-11-19' };
    const single = await market.tool('get_historical', {
      ...range,
      exchange: 'optx',
      instrument: 'BTC-PERPETUAL',
    });
    expect(single.testnet).toBe(true);
    expect(errorsOf(answerSchema(GetHistoricalOutputSchema), single)).toEqual([]);
    const consensus = await market.tool('get_historical', { ...range, instrument: 'SOL' });
    expect(errorsOf(answerSchema(GetHistoricalOutputSchema), consensus)).toEqual([]);
    const indicators = await market.tool('get_indicators', {
      ...range,
      instrument: 'ETH',
      indicators: 'sma,rsi,atr,macd,adx,nope',
    });
    expect(indicators.testnet).toBe(true);
    expect(errorsOf(answerSchema(GetIndicatorsOutputSchema), indicators)).toEqual([]);
  });

  it('the venue clients answer a cheap readiness probe, and optx lists its spot pair', async () => {
    const { registry } = market.gateway.upstreams;
    expect((await registry.client(optxUpstream, 'test').probe(NO_DEADLINE)).data).toBeGreaterThan(0);
    expect((await registry.client(perpdexUpstream, 'test').probe(NO_DEADLINE)).data).toBeGreaterThan(3);
    const spot = await market.tool('get_instruments', { exchange: 'optx', currency: 'BTC', kind: 'spot' });
    expect(spot.instruments.map((row) => [row.symbol, row.type])).toEqual([['BTC_USDC', 'spot']]);
  });
});

describe('the tools in the registry', () => {
  it('declare the four tools where the spec puts them', () => {
    expect(marketDataTools().map(({ path }) => path)).toEqual([
      '/mcp/tools/get_instruments',
      '/mcp/tools/get_historical',
      '/mcp/tools/get_indicators',
      '/mcp-perpdex/tools/get_markets',
    ]);
    expect(Object.values(TOOL_PATHS)).toEqual(marketDataTools().map(({ path }) => path));
  });

  it('answer every documented example with a body that matches the output schema', async () => {
    for (const { namespace, tool, path } of marketDataTools()) {
      for (const example of (tool.input as { examples: unknown[] }).examples) {
        const response = await market.gateway.call(path, example, tokenHeaders('test'));
        expect(response.status, `${tool.name} ${JSON.stringify(example)}`).toBe(200);
        const body: unknown = await response.json();
        expect(
          errorsOf(toolResponseSchema(tool.output, namespace.testnetFlag, true), body),
          `${tool.name} ${JSON.stringify(example)}`,
        ).toEqual([]);
      }
    }
  });
});
