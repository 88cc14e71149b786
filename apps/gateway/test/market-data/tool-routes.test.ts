import { createApp } from '@app/kit';
import { silentLogger, startTestServer, type TestServer } from '@app/kit/testing';
import { optx, perpdex } from '@app/sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MARKET_DATA_TOOLS } from '../../src/venues/common/market-data.tools.js';
import { type SimulatedVenues, simulatedVenues } from './support/sim-server.js';

/**
 * The tool descriptors mounted as plain routes on the kit's app (the frame's
 * registry adds auth, logs and headers at merge): the schemas compile in
 * Fastify, validate bodies, serialize responses and appear in OpenAPI.
 */

let venues: SimulatedVenues;
let server: TestServer;

beforeAll(async () => {
  venues = await simulatedVenues(optx, perpdex);
  const app = await createApp({
    logger: silentLogger(),
    renderError: (error, request) => ({
      error: {
        code: error.code,
        message: error.message,
        retryable: error.retryable,
        request_id: request.id,
        details: error.details,
      },
    }),
    openapi: { title: 'test', version: '0', jsonPath: '/openapi.json', docsPath: '/apidocs' },
  });
  for (const tool of MARKET_DATA_TOOLS) {
    app.post(
      `/${tool.namespace}/tools/${tool.name}`,
      { schema: { summary: tool.summary, body: tool.input, response: { 200: tool.output } } },
      async (request) => tool.handler(request.body as never, venues.clients),
    );
  }
  server = await startTestServer(app);
});
afterAll(async () => {
  await server.close();
  await venues.close();
});

// biome-ignore lint/suspicious/noExplicitAny: JSON bodies of the HTTP replies are checked field by field below.
type Json = any;

const post = (path: string, body: unknown) =>
  fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('market-data tools mounted on the kit app', () => {
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
    const document = (await (await fetch(`${server.url}/openapi.json`)).json()) as Json;
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
