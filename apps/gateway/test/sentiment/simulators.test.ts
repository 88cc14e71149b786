import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Json, type SentimentGateway, startSentimentGateway } from './support/sentiment-gateway.js';

/** The sentiment simulators' wire formats and quirks, read over their own sockets. */
let sentiment: SentimentGateway;

beforeAll(async () => {
  sentiment = await startSentimentGateway();
});
afterAll(() => sentiment?.close());
beforeEach(() => sentiment.reset());

const get = (name: string, path: string, init?: RequestInit) =>
  fetch(`${sentiment.sim(name).url}${path}`, init);
const json = async (response: Response): Promise<Json> => response.json();

describe('venue simulators', () => {
  it('Binance: strings for numbers, the used-weight header, -1121 for an unknown symbol', async () => {
    const ok = await get('binance-public', '/futures/fapi/v1/premiumIndex?symbol=BTCUSDT');
    expect(Number(ok.headers.get('x-mbx-used-weight-1m'))).toBeGreaterThan(0);
    const body = await json(ok);
    expect(typeof body.lastFundingRate).toBe('string');
    expect(typeof body.nextFundingTime).toBe('number');
    const bad = await get('binance-public', '/futures/fapi/v1/fundingRate?symbol=NOPEUSDT');
    expect(bad.status).toBe(400);
    expect(await json(bad)).toEqual({ code: -1121, msg: 'Invalid symbol.' });
  });

  it('Bybit: retCode envelope, 10001 on HTTP 200 for an unknown symbol', async () => {
    const bad = await get('bybit-public', '/v5/market/tickers?category=linear&symbol=NOPEUSDT');
    expect(bad.status).toBe(200);
    expect(await json(bad)).toMatchObject({ retCode: 10001, result: {} });
    const ok = await json(
      await get('bybit-public', '/v5/market/instruments-info?category=linear&symbol=BTCUSDT'),
    );
    expect(ok.result.list[0].fundingInterval).toBe(480);
  });

  it('OKX: {code,msg,data} with code a string; 8 h between fundingTime and nextFundingTime', async () => {
    const ok = await json(await get('okx-public', '/api/v5/public/funding-rate?instId=BTC-USDT-SWAP'));
    expect(ok.code).toBe('0');
    expect(Number(ok.data[0].nextFundingTime) - Number(ok.data[0].fundingTime)).toBe(8 * 3_600_000);
    const bad = await json(await get('okx-public', '/api/v5/public/funding-rate?instId=NOPE-USDT-SWAP'));
    expect(bad).toEqual({ code: '51001', msg: 'Instrument ID does not exist', data: [] });
  });

  it('Hyperliquid: hourly funding strings; a body it cannot read is 422 plain text', async () => {
    const post = (body: string) =>
      get('hyperliquid-public', '/info', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
    const [meta, ctxs] = await json(await post('{"type":"metaAndAssetCtxs"}'));
    expect(meta.universe[0].name).toBe('BTC');
    expect(typeof ctxs[0].funding).toBe('string');
    const bad = await post('{"type":"nope"}');
    expect(bad.status).toBe(422);
    expect(await bad.text()).toBe('Failed to deserialize the JSON body into the target type');
  });

  it('Deribit: JSON-RPC error for an unknown instrument; inverse BTC, USDC-linear SOL', async () => {
    const bad = await json(
      await get('deribit-public', '/api/v2/public/ticker?instrument_name=SOL-PERPETUAL'),
    );
    expect(bad.error.code).toBe(-32602);
    const ok = await json(
      await get('deribit-public', '/api/v2/public/ticker?instrument_name=SOL_USDC-PERPETUAL'),
    );
    expect(typeof ok.result.funding_8h).toBe('number');
  });
});

describe('news simulators', () => {
  it('GDELT: plain-text 429 inside 5 s, text/html for an OR without parentheses, {} for no hits', async () => {
    const first = await get('gdelt', '/api/v2/doc/doc?query=a%20OR%20b&mode=ArtList&format=json');
    expect(first.headers.get('content-type')).toContain('text/html');
    expect(await first.text()).toContain('surrounded by ()');
    const second = await get('gdelt', '/api/v2/doc/doc?query=nohits&mode=ArtList&format=json');
    expect(second.status).toBe(429);
    expect(second.headers.get('content-type')).toContain('text/plain');
    expect(await second.text()).toMatch(/^Please limit requests to one every 5 seconds/);
  });

  it('feeds: RSS, Atom and a bot wall', async () => {
    expect(
      (await get('news-feeds', '/coindesk/arc/outboundfeeds/rss/')).headers.get('content-type'),
    ).toContain('rss+xml');
    expect(await (await get('news-feeds', '/decrypt/feed')).text()).toContain('http://www.w3.org/2005/Atom');
    const blocked = await get('news-feeds', '/theblock/rss.xml');
    expect(blocked.status).toBe(403);
    expect(blocked.headers.get('content-type')).toContain('text/html');
  });
});
