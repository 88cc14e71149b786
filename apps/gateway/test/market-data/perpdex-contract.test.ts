import { AppError } from '@app/kit';
import { describe, expect, it } from 'vitest';
import type { UpstreamResponse } from '../../src/upstream/upstream-types.js';
import {
  allMidsRequest,
  candleSnapshotRequest,
  metaAndAssetCtxsRequest,
  metaRequest,
  PERPDEX_BASE_URLS,
} from '../../src/venues/hyperliquid/hyperliquid-requests.js';
import {
  readBody,
  readCandles,
  readMarkets,
  readMids,
} from '../../src/venues/hyperliquid/hyperliquid-transforms.js';

/** The client's bodies and readers against the examples of upstreams/perpdex-hyperliquid.md §4 and §14.1. */

const reply = (body: unknown, status = 200): UpstreamResponse => ({
  status,
  headers: {},
  body,
  receivedAt: 1,
});

describe('perpdex requests match the documented examples', () => {
  it('meta, metaAndAssetCtxs and allMids are POST /info with only the type', () => {
    for (const [request, type] of [
      [metaRequest(), 'meta'],
      [metaAndAssetCtxsRequest(), 'metaAndAssetCtxs'],
      [allMidsRequest(), 'allMids'],
    ] as const) {
      expect(request).toMatchObject({ method: 'POST', path: '/info', body: { type }, idempotent: true });
    }
  });

  it('example 5 candleSnapshot: nested req, interval string, ms times', () => {
    const request = candleSnapshotRequest({
      coin: 'BTC',
      interval: '1h',
      startMs: 1754438400000,
      endMs: 1754445599999,
    });
    expect(request.body).toEqual({
      type: 'candleSnapshot',
      req: { coin: 'BTC', interval: '1h', startTime: 1754438400000, endTime: 1754445599999 },
    });
    expect(request.headers).toEqual({ 'content-type': 'application/json' });
  });

  it('uses the documented hosts', () => {
    expect(PERPDEX_BASE_URLS).toEqual({
      test: 'https://api.hyperliquid-testnet.xyz',
      live: 'https://api.hyperliquid.xyz',
    });
  });
});

describe('perpdex replies are read as documented', () => {
  it('example 5 candles: strings parsed to numbers', () => {
    const candles = readCandles([
      {
        t: 1754438400000,
        T: 1754441999999,
        s: 'BTC',
        i: '1h',
        o: '113200.0',
        c: '113350.0',
        h: '113420.0',
        l: '113150.0',
        v: '812.44301',
        n: 15321,
      },
    ]);
    expect(candles).toEqual([
      { timestamp: 1754438400000, open: 113200, high: 113420, low: 113150, close: 113350, volume: 812.44301 },
    ]);
  });

  it('example 2 markets: the market record fields from universe and context', () => {
    const [market] = readMarkets([
      {
        universe: [{ name: 'BTC', szDecimals: 5, maxLeverage: 40, marginTableId: 56 }],
        marginTables: [],
        collateralToken: 0,
      },
      [
        {
          funding: '0.0000125',
          openInterest: '30512.11021',
          prevDayPx: '96001.0',
          dayNtlVlm: '2143876120.55',
          premium: '0.00012',
          oraclePx: '97100.0',
          markPx: '97112.0',
          midPx: '97111.5',
          impactPxs: ['97109.0', '97114.0'],
          dayBaseVlm: '22101.9012',
        },
      ],
    ]);
    expect(market).toMatchObject({
      asset: 'BTC',
      mark_price: 97112,
      funding_rate: 0.0000125,
      open_interest: 30512.11021,
      volume_24h: 2143876120.55,
      max_leverage: 40,
    });
  });

  it('example 3 mids: spot pairs are left out', () => {
    expect(
      readMids({ BTC: '97111.5', ETH: '3456.75', SOL: '182.115', '@107': '24.512', 'PURR/USDC': '0.18123' }),
    ).toEqual({ BTC: 97111.5, ETH: 3456.75, SOL: 182.115 });
  });

  it('422 plain text (body the API cannot read) is a non-retryable 502; 429 and 5xx are retryable', () => {
    const rejected = captured(() =>
      readBody(reply('Failed to deserialize the JSON body into the target type', 422), 'meta'),
    );
    expect(rejected).toMatchObject({ status: 502, code: 'UPSTREAM_REJECTED_REQUEST', retryable: false });
    expect(rejected.message).toContain('Failed to deserialize');
    expect(captured(() => readBody(reply('', 429), 'meta'))).toMatchObject({
      code: 'UPSTREAM_RATE_LIMITED',
      retryable: true,
    });
    expect(captured(() => readBody(reply('', 503), 'meta'))).toMatchObject({ retryable: true });
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
