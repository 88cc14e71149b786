import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MarketGateway, startMarketGateway, tokenHeaders } from './support/market-gateway.js';

/**
 * The market-data tools on the gateway's HTTP transport (`POST /<namespace>/tools/<tool>`): the schemas
 * validate bodies, the routes serialize answers, and the shared records appear in OpenAPI.
 */

let market: MarketGateway;

beforeAll(async () => {
  market = await startMarketGateway();
});
afterAll(() => market.close());

// biome-ignore lint/suspicious/noExplicitAny: JSON bodies of the HTTP replies are checked field by field below.
type Json = any;

const post = (path: string, body: unknown) => market.gateway.call(path, body, tokenHeaders('live'));

describe('market-data tools on the HTTP transport', () => {
  it('serve get_historical in consensus mode over HTTP with every field serialized', async () => {
    const response = await post('/mcp/tools/get_historical', {
      instrument: 'BTC',
      interval: '1d',
      start_date: '2026-11-01',
      end_date: '2026-11-10',
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as Json;
    expect(body.candles).toHaveLength(10);
    expect(body.candles[0]).toEqual({
      timestamp: Date.UTC(2026, 10, 1),
      open: expect.any(Number),
      high: expect.any(Number),
      low: expect.any(Number),
      close: expect.any(Number),
      volume: expect.any(Number),
      sources: 2,
      div_pct: expect.any(Number),
    });
    expect(body.symbols).toEqual({ optx: 'BTC-PERPETUAL', perpdex: 'BTC' });
  });

  it('serve single mode, instruments with native pass-through, indicators and markets', async () => {
    const single: Json = await (
      await post('/mcp/tools/get_historical', {
        exchange: 'perpdex',
        instrument: 'SOL',
        interval: '4h',
        start_date: '2026-11-01',
        end_date: '2026-11-01',
      })
    ).json();
    expect(single).toMatchObject({ exchange: 'perpdex', sources_used: ['perpdex'] });
    expect(single.candles).toHaveLength(6);
    const instruments: Json = await (
      await post('/mcp/tools/get_instruments', { exchange: 'optx', kind: 'option', limit: 2 })
    ).json();
    expect(instruments.instruments[0].native).toHaveProperty('strike');
    expect(instruments.meta.optx).toMatchObject({ limit: 2, has_more: true });
    const indicators: Json = await (
      await post('/mcp/tools/get_indicators', {
        exchange: 'optx',
        instrument: 'ETH-PERPETUAL',
        start_date: '2026-11-01',
        end_date: '2026-11-19',
        indicators: ['atr', 'nope'],
      })
    ).json();
    expect(indicators.indicators.nope).toBeNull();
    expect(indicators.indicators.atr.value).toBeGreaterThan(0);
    const markets = (await (await post('/mcp-perpdex/tools/get_markets', {})).json()) as Json;
    expect(markets.markets.length).toBeGreaterThan(3);
  });

  it('reject schema violations with 422 and domain errors with their status', async () => {
    const invalid = await post('/mcp/tools/get_historical', {
      instrument: 'BTC',
      interval: '2h',
      start_date: '2026-01-01',
      end_date: '2026-01-02',
    });
    expect(invalid.status).toBe(422);
    const reversed = await post('/mcp/tools/get_historical', {
      instrument: 'BTC',
      start_date: '2026-01-02',
      end_date: '2026-01-01',
    });
    expect(reversed.status).toBe(422);
    expect(((await reversed.json()) as Json).error.code).toBe('INVALID_DATE_RANGE');
    const unknown = await post('/mcp/tools/get_historical', {
      exchange: 'optx',
      instrument: 'SOL-PERPETUAL',
      start_date: '2026-01-01',
      end_date: '2026-01-01',
    });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as Json).error).toMatchObject({
      code: 'UNKNOWN_INSTRUMENT',
      retryable: false,
    });
  });

  it('publish the shared records as named OpenAPI components', async () => {
    const document = (await (await fetch(`${market.gateway.url}/openapi.json`)).json()) as Json;
    expect(Object.keys(document.components.schemas)).toEqual(
      expect.arrayContaining(['Candle', 'ConsensusCandle', 'Instrument', 'FailedSource', 'ListingMeta']),
    );
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/mcp/tools/get_instruments',
        '/mcp/tools/get_historical',
        '/mcp/tools/get_indicators',
        '/mcp-perpdex/tools/get_markets',
      ]),
    );
  });
});
