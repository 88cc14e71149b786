import { describe, expect, it } from 'vitest';
import { BinancePublicClient } from '../../src/providers/binance-public/binance-public-client.js';
import { BybitPublicClient } from '../../src/providers/bybit-public/bybit-public-client.js';
import { DeribitPublicClient } from '../../src/providers/deribit-public/deribit-public.upstream.js';
import { HyperliquidPublicClient } from '../../src/providers/hyperliquid-public/hyperliquid-public.upstream.js';
import { OkxPublicClient } from '../../src/providers/okx-public/okx-public.upstream.js';
import { NO_DEADLINE } from '../../src/upstream/call-deadline.js';
import { fakeHttp } from './support/fake-http.js';

// The notes' example payloads (sentiment.md, simulator notes), verbatim where they are complete.
const PREMIUM = {
  symbol: 'BTCUSDT',
  markPrice: '105702.10000000',
  indexPrice: '105748.33418605',
  estimatedSettlePrice: '105731.91244671',
  lastFundingRate: '0.00004836',
  interestRate: '0.00010000',
  nextFundingTime: 1750060800000,
  time: 1750032123000,
};
const FUNDING_INFO = [
  {
    symbol: 'SIMUSDT',
    adjustedFundingRateCap: '0.02000000',
    adjustedFundingRateFloor: '-0.02000000',
    fundingIntervalHours: 4,
    disclaimer: false,
  },
];

describe('the venue clients read the notes’ example payloads', () => {
  it('Binance: premiumIndex + fundingInfo (absent ⇒ 8 h), openInterestHist, klines', async () => {
    const futures = fakeHttp({
      '/fapi/v1/premiumIndex': [PREMIUM, { ...PREMIUM, symbol: 'SIMUSDT', lastFundingRate: '0.0001' }],
      '/fapi/v1/fundingInfo': FUNDING_INFO,
      '/futures/data/openInterestHist': [
        {
          symbol: 'BTCUSDT',
          sumOpenInterest: '79811.55800000',
          sumOpenInterestValue: '8425113120.44510000',
          timestamp: 1750024800000,
        },
        {
          symbol: 'BTCUSDT',
          sumOpenInterest: '80123.45600000',
          sumOpenInterestValue: '8468917552.93760000',
          timestamp: 1750028400000,
        },
      ],
    });
    const spot = fakeHttp({
      '/api/v3/klines': [
        [
          1749945600000,
          '2541.20',
          '2588.00',
          '2497.11',
          '2566.90',
          '401234.1201',
          1750031999999,
          '1021445123.55',
          1312045,
          '201112.4400',
          '511998001.12',
          '0',
        ],
      ],
    });
    const client = new BinancePublicClient(futures, spot);
    const funding = await client.funding(NO_DEADLINE);
    expect(funding.data.get('BTC')).toMatchObject({
      rateInterval: 0.00004836,
      intervalHours: 8,
      nextFundingTime: 1750060800000,
    });
    expect(funding.data.get('SIM')).toMatchObject({ intervalHours: 4 });
    const oi = await client.openInterestHistory(NO_DEADLINE, 'BTCUSDT', '1h', 2);
    expect(oi.data[1]).toEqual({ timestamp: 1750028400000, oiCoin: 80123.456, oiUsd: 8468917552.9376 });
    const [candle] = (await client.spotDailyKlines(NO_DEADLINE, 'ETHUSDT', 2)).data;
    expect(candle).toMatchObject({ close: 2566.9, closeTime: 1750031999999 });
  });

  it('Binance: a number that is not one is a 502, not a NaN', async () => {
    const client = new BinancePublicClient(
      fakeHttp({
        '/fapi/v1/premiumIndex': [{ ...PREMIUM, lastFundingRate: 'abc' }],
        '/fapi/v1/fundingInfo': [],
      }),
      fakeHttp({}),
    );
    await expect(client.funding(NO_DEADLINE)).rejects.toMatchObject({
      status: 502,
      code: 'UPSTREAM_UNAVAILABLE',
    });
  });

  it('Binance 451 geo-block is the source’s failure with its message', async () => {
    const body = {
      code: 0,
      msg: "Service unavailable from a restricted location according to 'b. Eligibility'",
    };
    const client = new BinancePublicClient(
      fakeHttp({ '/fapi/v1/premiumIndex': body, '/fapi/v1/fundingInfo': body }, { status: 451 }),
      fakeHttp({}),
    );
    await expect(client.funding(NO_DEADLINE)).rejects.toMatchObject({
      status: 502,
      message: expect.stringContaining('restricted'),
    });
  });

  it('Bybit: tickers + instruments-info (fundingInterval minutes); retCode ≠ 0 is an error', async () => {
    const ticker = {
      symbol: 'BTCUSDT',
      markPrice: '105700.00',
      fundingRate: '0.00006',
      nextFundingTime: '1750060800000',
    };
    const client = new BybitPublicClient(
      fakeHttp({
        '/v5/market/tickers': {
          retCode: 0,
          retMsg: 'OK',
          result: { category: 'linear', list: [ticker] },
          retExtInfo: {},
          time: 1750032123456,
        },
        '/v5/market/instruments-info': {
          retCode: 0,
          retMsg: 'OK',
          result: { category: 'linear', list: [{ symbol: 'BTCUSDT', fundingInterval: 480 }] },
          retExtInfo: {},
          time: 1750032123456,
        },
      }),
    );
    const funding = await client.funding(NO_DEADLINE);
    expect(funding.data.get('BTC')).toMatchObject({
      rateInterval: 0.00006,
      intervalHours: 8,
      markPrice: 105700,
    });
    const refused = new BybitPublicClient(
      fakeHttp({
        '/v5/market/tickers': {
          retCode: 10001,
          retMsg: 'params error: symbol invalid',
          result: {},
          retExtInfo: {},
          time: 1,
        },
        '/v5/market/instruments-info': {
          retCode: 0,
          retMsg: 'OK',
          result: { list: [] },
          retExtInfo: {},
          time: 1,
        },
      }),
    );
    await expect(refused.funding(NO_DEADLINE)).rejects.toMatchObject({
      status: 502,
      message: expect.stringContaining('10001'),
    });
  });

  it('Bybit: open interest newest first becomes oldest first, valued at the kline close', async () => {
    const client = new BybitPublicClient(
      fakeHttp({
        '/v5/market/open-interest': {
          retCode: 0,
          retMsg: 'OK',
          result: {
            symbol: 'BTCUSDT',
            category: 'linear',
            list: [
              { openInterest: '56011.22100000', timestamp: '1750028400000' },
              { openInterest: '55802.91000000', timestamp: '1750024800000' },
            ],
            nextPageCursor: 'lastid%3D7712',
          },
        },
        '/v5/market/kline': {
          retCode: 0,
          retMsg: 'OK',
          result: {
            list: [
              ['1750028400000', '105540.0', '105811.0', '105402.3', '105700.0', '912.345', '96402331.12'],
              ['1750024800000', '105400.0', '105600.0', '105300.0', '105540.0', '900.0', '95000000'],
            ],
          },
        },
      }),
    );
    const { data } = await client.openInterestHistory(NO_DEADLINE, 'BTCUSDT', '1h', '60', 2);
    expect(data.map((point) => point.timestamp)).toEqual([1750024800000, 1750028400000]);
    expect(data[1]!.oiUsd).toBeCloseTo(56011.221 * 105700, 3);
  });

  it('OKX: the interval is nextFundingTime − fundingTime; code ≠ "0" is an error', async () => {
    const row = {
      instType: 'SWAP',
      instId: 'BTC-USDT-SWAP',
      fundingRate: '0.0000712',
      fundingTime: '1750060800000',
      nextFundingTime: '1750089600000',
      ts: '1750032123000',
    };
    const client = new OkxPublicClient(
      fakeHttp({ '/api/v5/public/funding-rate': { code: '0', msg: '', data: [row] } }),
    );
    expect((await client.funding(NO_DEADLINE)).data.get('BTC')).toMatchObject({
      rateInterval: 0.0000712,
      intervalHours: 8,
    });
    const refused = new OkxPublicClient(
      fakeHttp({
        '/api/v5/public/funding-rate': { code: '51001', msg: 'Instrument ID does not exist', data: [] },
      }),
    );
    await expect(refused.funding(NO_DEADLINE)).rejects.toMatchObject({
      message: expect.stringContaining('51001'),
    });
  });

  it('Hyperliquid: ctxs[i] belongs to universe[i]; funding is hourly', async () => {
    const client = new HyperliquidPublicClient(
      fakeHttp({
        '/info#metaAndAssetCtxs': [
          { universe: [{ name: 'BTC' }, { name: 'SOL' }] },
          [
            { funding: '0.0000125', openInterest: '28411.52', markPx: '105702.0' },
            { funding: '-0.000004', openInterest: '3120443.0', markPx: '153.05' },
          ],
        ],
      }),
    );
    const { data } = await client.funding(NO_DEADLINE);
    expect(data.get('BTC')).toMatchObject({ rateInterval: 0.0000125, intervalHours: 1, markPrice: 105702 });
    expect(data.get('SOL')).toMatchObject({ rateInterval: -0.000004, nextFundingTime: 1750035600000 });
  });

  it('Deribit: funding_8h is an 8 h trailing rate; an unknown instrument is null', async () => {
    const client = new DeribitPublicClient(
      fakeHttp({
        '/api/v2/public/ticker': {
          jsonrpc: '2.0',
          result: {
            timestamp: 1750032123456,
            instrument_name: 'BTC-PERPETUAL',
            mark_price: 105703.91,
            funding_8h: 0.00002114,
          },
        },
      }),
    );
    expect((await client.funding(NO_DEADLINE, 'BTC', 'BTC-PERPETUAL')).data).toMatchObject({
      rateInterval: 0.00002114,
      intervalHours: 8,
      rateKind: 'trailing_8h',
    });
    const unknown = new DeribitPublicClient(
      fakeHttp(
        { '/api/v2/public/ticker': { jsonrpc: '2.0', error: { code: -32602, message: 'Invalid params' } } },
        { status: 400 },
      ),
    );
    expect((await unknown.funding(NO_DEADLINE, 'XYZ', 'XYZ_USDC-PERPETUAL')).data).toBeNull();
  });
});
