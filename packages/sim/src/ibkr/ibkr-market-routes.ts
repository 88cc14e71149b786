import type { FastifyInstance } from 'fastify';
import type { AccountScope } from './ibkr-account-routes.js';
import { API_PREFIX } from './ibkr-auth.js';
import { STOCKS, stockBar, stockByConid } from './ibkr-contracts.js';
import { ibkrError } from './ibkr-errors.js';

const BAR_MS: Record<string, number> = {
  '1min': 60_000,
  '2min': 120_000,
  '3min': 180_000,
  '5min': 300_000,
  '10min': 600_000,
  '15min': 900_000,
  '30min': 1_800_000,
  '1h': 3_600_000,
  '2h': 7_200_000,
  '3h': 10_800_000,
  '4h': 14_400_000,
  '8h': 28_800_000,
  '1d': 86_400_000,
  '1w': 604_800_000,
  '1m': 2_592_000_000,
};
const PERIOD_UNIT_MS: Record<string, number> = {
  min: 60_000,
  h: 3_600_000,
  d: 86_400_000,
  w: 604_800_000,
  m: 2_592_000_000,
  y: 31_536_000_000,
};

const fmt = (value: number) => value.toFixed(2);

/** Top-of-book fields of a conid at `now` from the core's book (codes of notes §5.3; values are strings). */
export function quoteFields(scope: AccountScope, conid: number): Record<string, string> {
  const symbol = String(conid);
  const { bids, asks } = scope.core.book(symbol, 1);
  const last = scope.core.prices(symbol).last;
  const stock = stockByConid(conid)!;
  const day = stockBar(
    scope.marketSeed,
    conid,
    Math.floor(scope.now() / 86_400_000) * 86_400_000,
    86_400_000,
    scope.now(),
  );
  return {
    '31': fmt(last),
    '84': fmt(bids[0]?.price ?? last),
    '86': fmt(asks[0]?.price ?? last),
    '88': String(Math.round(bids[0]?.size ?? 0)),
    '85': String(Math.round(asks[0]?.size ?? 0)),
    '7059': '100',
    '7295': fmt(day?.open ?? last),
    '70': fmt(day?.high ?? last),
    '71': fmt(day?.low ?? last),
    '7741': fmt(day?.open ?? last),
    '82': fmt(last - (day?.open ?? last)),
    '83': fmt(((last - (day?.open ?? last)) / (day?.open ?? last)) * 100),
    '7762': String(Math.round(day?.volume ?? 0)),
    '87': `${((day?.volume ?? 0) / 1e6).toFixed(2)}M`,
    '7635': fmt(scope.core.prices(symbol).mark),
    '55': stock.symbol,
    '7051': stock.companyName,
    '6070': 'STK',
    '6509': 'RpB',
  };
}

/** Market data and contract routes (notes §5.1, §5.3): snapshot with preflight, history, secdef, schedule. */
export function registerMarketRoutes(app: FastifyInstance, scope: AccountScope) {
  const p = API_PREFIX;
  const { marketSeed } = scope;
  app.get(`${p}/iserver/marketdata/snapshot`, async (request, reply) => {
    const query = request.query as { conids?: string; fields?: string };
    const conids = (query.conids ?? '').split(',').filter(Boolean).map(Number);
    const fields = (query.fields ?? '31').split(',').filter(Boolean);
    if (conids.length === 0 || conids.length > 100 || fields.length > 50)
      return ibkrError(reply, 400, 'conids (1 to 100) and fields (up to 50) are required');
    scope.core.sync();
    return conids.map((conid) => {
      const head = { conid, conidEx: String(conid) };
      if (!stockByConid(conid)) return head;
      // The first request per conid only starts the stream (notes §0.4).
      if (!scope.session.preflighted.has(conid)) {
        scope.session.preflighted.add(conid);
        return head;
      }
      const values = quoteFields(scope, conid);
      const picked = Object.fromEntries(
        fields.filter((code) => code in values).map((code) => [code, values[code]]),
      );
      return { ...head, server_id: 'q0', _updated: scope.now(), '6119': 'q0', ...picked };
    });
  });
  app.get(`${p}/iserver/marketdata/history`, async (request, reply) => {
    const query = request.query as { conid?: string; period?: string; bar?: string; startTime?: string };
    const stock = stockByConid(Number(query.conid));
    const barMs = BAR_MS[query.bar ?? ''];
    const period = /^(\d+)(min|h|d|w|m|y)$/.exec(query.period ?? '');
    if (!stock || !barMs || !period) return ibkrError(reply, 400, 'conid, period and bar are required');
    const span = Number(period[1]) * PERIOD_UNIT_MS[period[2]!]!;
    const end = query.startTime
      ? Date.parse(`${query.startTime.replace(/^(\d{4})(\d{2})(\d{2})-/, '$1-$2-$3T')}Z`)
      : scope.now();
    if (!Number.isFinite(end)) return ibkrError(reply, 400, 'startTime must be YYYYMMDD-HH:mm:ss');
    const count = Math.min(1000, Math.floor(span / barMs));
    const last = Math.floor(Math.min(end, scope.now()) / barMs) * barMs;
    const data = [];
    for (let t = last - (count - 1) * barMs; t <= last; t += barMs) {
      const bar = stockBar(marketSeed, stock.conid, t, barMs, scope.now());
      if (bar)
        data.push({
          o: bar.open,
          h: bar.high,
          l: bar.low,
          c: bar.close,
          v: Math.round(bar.volume / 100),
          t: bar.t,
        });
    }
    return {
      serverId: '20962328',
      symbol: stock.symbol,
      text: stock.companyName,
      priceFactor: 100,
      startTime: data[0]
        ? new Date(data[0].t).toISOString().replace(/[-]/g, '').replace('T', '-').slice(0, 17)
        : '',
      timePeriod: query.period,
      barLength: barMs / 1000,
      mdAvailability: 'S',
      outsideRth: false,
      volumeFactor: 1,
      data,
      points: Math.max(0, data.length - 1),
      travelTime: 1,
    };
  });
  app.get(`${p}/iserver/secdef/search`, async (request) => {
    const { symbol = '', name } = request.query as { symbol?: string; name?: string };
    const needle = symbol.toUpperCase();
    return STOCKS.filter((stock) =>
      name === 'true' ? stock.companyName.includes(needle) : stock.symbol === needle,
    ).map((stock) => ({
      conid: String(stock.conid),
      companyHeader: `${stock.companyName} - ${stock.listingExchange}`,
      companyName: stock.companyName,
      symbol: stock.symbol,
      description: stock.listingExchange,
      restricted: null,
      sections: [
        { secType: 'STK' },
        { secType: 'OPT', months: optionMonths(scope.now()).join(';'), exchange: 'SMART;AMEX;CBOE' },
      ],
    }));
  });
  app.get(`${p}/iserver/secdef/strikes`, async (request, reply) => {
    const { conid } = request.query as { conid?: string };
    const stock = stockByConid(Number(conid));
    if (!stock) return ibkrError(reply, 400, 'unknown conid');
    const strikes = strikeLadder(scope.core.prices(String(stock.conid)).last);
    return { call: strikes, put: strikes };
  });
  app.get(`${p}/iserver/secdef/info`, async (request, reply) => {
    const q = request.query as { conid?: string; month?: string; strike?: string; right?: string };
    const stock = stockByConid(Number(q.conid));
    const strike = Number(q.strike);
    const month = q.month ?? '';
    const expiry = expiryOf(month);
    if (!stock || !(strike > 0) || !expiry)
      return ibkrError(reply, 400, 'conid, month and strike are required');
    const rights = q.right === 'C' || q.right === 'P' ? [q.right] : ['C', 'P'];
    return rights.map((right) => ({
      conid:
        700_000_000 + (stock.conid % 1000) * 100_000 + Math.round(strike * 10) * 2 + (right === 'C' ? 0 : 1),
      symbol: stock.symbol,
      secType: 'OPT',
      exchange: 'SMART',
      listingExchange: null,
      right,
      strike,
      currency: 'USD',
      desc1: stock.symbol,
      desc2: `${month} ${strike} ${right === 'C' ? 'Call' : 'Put'}`,
      maturityDate: expiry,
      multiplier: '100',
      tradingClass: stock.symbol,
      validExchanges: 'SMART,AMEX,CBOE',
    }));
  });
  app.get(`${p}/contract/trading-schedule`, async () => {
    const schedules: Record<string, unknown> = {};
    const day = Math.floor(scope.now() / 86_400_000) * 86_400_000;
    for (let d = day - 2 * 86_400_000; d <= day + 3 * 86_400_000; d += 86_400_000) {
      const weekday = new Date(d).getUTCDay();
      if (weekday === 0 || weekday === 6) continue;
      const key = new Date(d).toISOString().slice(0, 10).replaceAll('-', '');
      // 09:30-16:00 US/Eastern as UTC 14:30-21:00 (no daylight-saving shift in the simulator).
      schedules[key] = {
        liquid_hours: [{ opening: (d + 52_200_000) / 1000, closing: (d + 75_600_000) / 1000 }],
        extended_hours: [
          { opening: (d + 32_400_000) / 1000, closing: (d + 86_400_000) / 1000, cancel_daily_orders: true },
        ],
      };
    }
    return { exchange_time_zone: 'US/Eastern', schedules };
  });
}

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

export function optionMonths(now: number): string[] {
  const date = new Date(now);
  return [0, 1, 2].map((k) => {
    const m = (date.getUTCMonth() + k) % 12;
    const y = (date.getUTCFullYear() + Math.floor((date.getUTCMonth() + k) / 12)) % 100;
    return `${MONTHS[m]}${String(y).padStart(2, '0')}`;
  });
}

/** Third Friday of a `MMMYY` month as `YYYYMMDD`. */
function expiryOf(month: string): string | undefined {
  const m = MONTHS.indexOf(month.slice(0, 3));
  const y = 2000 + Number(month.slice(3));
  if (m < 0 || !Number.isFinite(y)) return undefined;
  const first = new Date(Date.UTC(y, m, 1)).getUTCDay();
  const day = 1 + ((5 - first + 7) % 7) + 14;
  return `${y}${String(m + 1).padStart(2, '0')}${String(day).padStart(2, '0')}`;
}

function strikeLadder(last: number): number[] {
  const step = last > 200 ? 5 : 2.5;
  const center = Math.round(last / step) * step;
  return Array.from({ length: 11 }, (_, i) => center + (i - 5) * step);
}
