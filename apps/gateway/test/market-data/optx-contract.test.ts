import { AppError } from '@app/kit';
import { describe, expect, it } from 'vitest';
import { aggregateGrid, CandleGrid } from '../../src/domain/candle-columns.js';
import type { UpstreamRequest, UpstreamResponse } from '../../src/upstream/upstream-types.js';
import { readResult } from '../../src/venues/deribit/deribit-errors.js';
import {
  bookSummaryRequest,
  chartDataRequest,
  indexPriceRequest,
  instrumentsRequest,
  OPTX_BASE_URLS,
  OPTX_RESOLUTION,
  tickerRequest,
} from '../../src/venues/deribit/deribit-requests.js';
import { readChartData, readInstruments } from '../../src/venues/deribit/deribit-transforms.js';

/**
 * The client's requests and readers against the example messages of
 * upstreams/optx-deribit.md §12.2 (E2, E3, E4, E6, E8, E19).
 */

/** The request as a URL below the documented base, with its query parameters as a plain map. */
function asUrl(request: UpstreamRequest, base = OPTX_BASE_URLS.live) {
  const url = new URL(base + request.path);
  for (const [key, value] of Object.entries(request.query ?? {})) url.searchParams.set(key, String(value));
  return { method: request.method, path: url.pathname, params: Object.fromEntries(url.searchParams) };
}

function example(url: string) {
  const parsed = new URL(url, 'https://www.deribit.com');
  return { method: 'GET', path: parsed.pathname, params: Object.fromEntries(parsed.searchParams) };
}

const reply = (body: unknown, status = 200): UpstreamResponse => ({
  status,
  headers: {},
  body,
  receivedAt: 1,
});

describe('optx requests match the documented examples', () => {
  it('E2 get_instruments (options)', () => {
    expect(asUrl(instrumentsRequest({ currency: 'BTC', kind: 'option' }))).toEqual(
      example('/api/v2/public/get_instruments?currency=BTC&kind=option&expired=false'),
    );
  });

  it('E3 get_instruments (futures): the documented parameters, plus an explicit expired=false', () => {
    expect(asUrl(instrumentsRequest({ currency: 'BTC', kind: 'future' })).params).toMatchObject(
      example('/api/v2/public/get_instruments?currency=BTC&kind=future').params,
    );
  });

  it('E8 get_tradingview_chart_data: ms timestamps and the resolution in minutes', () => {
    const request = chartDataRequest({
      instrument: 'BTC-PERPETUAL',
      startMs: 1790920800000,
      endMs: 1790931600000,
      resolution: OPTX_RESOLUTION['1h'],
    });
    expect(request.idempotent).toBe(true);
    expect(asUrl(request)).toEqual(
      example(
        '/api/v2/public/get_tradingview_chart_data?instrument_name=BTC-PERPETUAL&start_timestamp=1790920800000&end_timestamp=1790931600000&resolution=60',
      ),
    );
  });

  it('maps every gateway interval to a documented resolution, 4h through hourly bars', () => {
    expect(OPTX_RESOLUTION).toEqual({
      '1m': '1',
      '5m': '5',
      '15m': '15',
      '1h': '60',
      '4h': '60',
      '1d': '1D',
    });
  });

  it('E4 ticker, E6 book summary, index price', () => {
    expect(asUrl(tickerRequest('BTC-25DEC26-120000-C'))).toEqual(
      example('/api/v2/public/ticker?instrument_name=BTC-25DEC26-120000-C'),
    );
    expect(asUrl(bookSummaryRequest({ currency: 'BTC', kind: 'option' }))).toEqual(
      example('/api/v2/public/get_book_summary_by_currency?currency=BTC&kind=option'),
    );
    expect(asUrl(indexPriceRequest('btc_usd'))).toEqual(
      example('/api/v2/public/get_index_price?index_name=btc_usd'),
    );
  });

  it('uses the documented test and production hosts', () => {
    expect(OPTX_BASE_URLS).toEqual({
      test: 'https://test.deribit.com/api/v2',
      live: 'https://www.deribit.com/api/v2',
    });
  });
});

describe('optx replies are read as documented', () => {
  it('E8 chart data → candles (volume in base coin)', () => {
    const body = {
      jsonrpc: '2.0',
      result: {
        volume: [41.8823, 55.2104, 38.9912, 22.4017],
        ticks: [1790920800000, 1790924400000, 1790928000000, 1790931600000],
        status: 'ok',
        open: [118210.0, 118355.5, 118120.0, 118398.5],
        low: [118150.5, 118080.0, 118090.5, 118301.0],
        high: [118420.0, 118402.5, 118460.0, 118520.0],
        cost: [4953210.0, 6527840.0, 4611250.0, 2652760.0],
        close: [118355.5, 118120.0, 118398.5, 118452.0],
      },
      usIn: 1790935200601456,
      usOut: 1790935200603311,
      usDiff: 1855,
      testnet: false,
    };
    const candles = readChartData(readResult(reply(body), 'live', 'test'));
    expect(candles[0]).toEqual({
      timestamp: 1790920800000,
      open: 118210,
      high: 118420,
      low: 118150.5,
      close: 118355.5,
      volume: 41.8823,
    });
    expect(candles).toHaveLength(4);
    // 06:00–09:00 UTC: two hours fall in the 04:00 bucket, two in the 08:00 one.
    const hourly = new CandleGrid(candles[0]!.timestamp, 3_600_000, candles.length);
    for (const candle of candles) hourly.put(candle);
    const fourHour = aggregateGrid(hourly, 4 * 3_600_000).toCandles();
    expect(fourHour).toEqual([
      {
        timestamp: 1790913600000,
        open: 118210,
        high: 118420,
        low: 118080,
        close: 118120,
        volume: 41.8823 + 55.2104,
      },
      {
        timestamp: 1790928000000,
        open: 118120,
        high: 118520,
        low: 118090.5,
        close: 118452,
        volume: 38.9912 + 22.4017,
      },
    ]);
  });

  it('no_data → no candles', () => {
    const body = {
      jsonrpc: '2.0',
      result: { status: 'no_data', ticks: [], open: [], high: [], low: [], close: [], volume: [], cost: [] },
      testnet: false,
    };
    expect(readChartData(readResult(reply(body), 'live', 'test'))).toEqual([]);
  });

  it('E3 instruments keep every field for native pass-through', () => {
    const row = {
      tick_size: 0.5,
      instrument_name: 'BTC-PERPETUAL',
      kind: 'future',
      settlement_period: 'perpetual',
      expiration_timestamp: 32503708800000,
      creation_timestamp: 1534242287000,
      max_leverage: 50,
    };
    expect(
      readInstruments(readResult(reply({ jsonrpc: '2.0', result: [row], testnet: false }), 'live', 'x')),
    ).toEqual([row]);
  });

  it('E19 unknown instrument (HTTP 400, -32602) → 404 UNKNOWN_INSTRUMENT, not retryable', () => {
    const body = {
      usOut: 1,
      usIn: 1,
      usDiff: 0,
      testnet: false,
      jsonrpc: '2.0',
      error: {
        message: 'Invalid params',
        data: { reason: 'instrument not found', param: 'instrument_name' },
        code: -32602,
      },
    };
    const error = captured(() => readResult(reply(body, 400), 'live', 'instrument SOL-PERPETUAL'));
    expect(error).toMatchObject({ status: 404, code: 'UNKNOWN_INSTRUMENT', retryable: false });
    expect(error.message).toContain('SOL-PERPETUAL');
  });

  it('rate limit 10028 and maintenance 11051 are retryable; a missing parameter is a 400 naming it', () => {
    expect(
      captured(() =>
        readResult(
          reply(
            { jsonrpc: '2.0', error: { message: 'too_many_requests', code: 10028 }, testnet: false },
            429,
          ),
          'live',
          'x',
        ),
      ),
    ).toMatchObject({ code: 'UPSTREAM_RATE_LIMITED', retryable: true });
    expect(
      captured(() =>
        readResult(
          reply(
            { jsonrpc: '2.0', error: { message: 'system_maintenance', code: 11051 }, testnet: false },
            400,
          ),
          'live',
          'x',
        ),
      ),
    ).toMatchObject({ status: 503, retryable: true });
    const missing = captured(() =>
      readResult(
        reply(
          {
            jsonrpc: '2.0',
            error: {
              message: 'Invalid params',
              data: { reason: 'value is required', param: 'currency' },
              code: -32602,
            },
            testnet: false,
          },
          400,
        ),
        'live',
        'x',
      ),
    );
    expect(missing).toMatchObject({ status: 400, retryable: false });
    expect(missing.message).toContain('currency');
  });

  it('a reply from the other environment is a configuration error', () => {
    expect(
      captured(() => readResult(reply({ jsonrpc: '2.0', result: 1, testnet: true }), 'live', 'x')),
    ).toMatchObject({ code: 'UPSTREAM_ENVIRONMENT_MISMATCH' });
  });

  it('a 5xx without an envelope is retryable', () => {
    expect(captured(() => readResult(reply('<html>bad gateway</html>', 502), 'live', 'x'))).toMatchObject({
      status: 502,
      retryable: true,
    });
  });
});

function captured(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected an AppError');
}
