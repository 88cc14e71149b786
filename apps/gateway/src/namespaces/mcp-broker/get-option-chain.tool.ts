import { unprocessable } from '@app/kit';
import { Type } from '@sinclair/typebox';
import { brokerTool } from './broker-tool.js';
import { searchRows } from './search-contracts.tool.js';

/** One `secdef/info` call per strike (notes §5.3): capped, centred on the money. */
const MAX_STRIKES = 10;

export const getOptionChain = brokerTool({
  name: 'get_option_chain',
  title: 'Option chain',
  summary:
    'Option contracts of an underlying for one month: strikes around the money, calls and puts with conids',
  kind: 'read',
  input: Type.Object(
    {
      symbol: Type.String({ minLength: 1, maxLength: 20, pattern: '^[A-Za-z0-9.]+$' }),
      month: Type.Optional(
        Type.String({
          pattern: '^[A-Z]{3}[0-9]{2}$',
          description: 'MMMYY, e.g. JAN25; the nearest when omitted',
        }),
      ),
      strikes: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_STRIKES, default: 6 })),
    },
    { additionalProperties: false, examples: [{ symbol: 'AAPL', strikes: 4 }] },
  ),
  output: Type.Object(
    {
      underlying_conid: Type.Integer(),
      month: Type.String(),
      options: Type.Array(
        Type.Object({
          conid: Type.Integer(),
          right: Type.Union([Type.Literal('C'), Type.Literal('P')]),
          strike: Type.Number(),
          expiry: Type.String({ description: 'YYYYMMDD' }),
          multiplier: Type.Number(),
          trading_class: Type.String(),
        }),
      ),
    },
    {
      examples: [
        {
          underlying_conid: 265598,
          month: 'JAN25',
          options: [
            {
              conid: 741234567,
              right: 'C',
              strike: 250,
              expiry: '20250117',
              multiplier: 100,
              trading_class: 'AAPL',
            },
          ],
        },
      ],
    },
  ),
  handler: async (input, context) => {
    const { clients } = context;
    const search = await clients.broker.read<Record<string, unknown>[]>(
      context,
      { method: 'GET', path: '/iserver/secdef/search', query: { symbol: input.symbol, secType: 'STK' } },
      `contract search ${input.symbol}`,
    );
    const underlying = searchRows(search.data).find((row) => row.option_months.length > 0);
    if (!underlying)
      throw unprocessable(`symbol: ${input.symbol} has no listed options`, 'VALIDATION_ERROR', {
        field: 'symbol',
      });
    const month = input.month ?? underlying.option_months[0]!;
    if (!underlying.option_months.includes(month))
      throw unprocessable(
        `month: ${month} is not listed (${underlying.option_months.join(', ')})`,
        'VALIDATION_ERROR',
        { field: 'month' },
      );
    const query = { conid: underlying.conid, sectype: 'OPT', month, exchange: 'SMART' };
    const strikes = await clients.broker.read<{ call?: (number | string)[] }>(
      context,
      { method: 'GET', path: '/iserver/secdef/strikes', query },
      'option strikes',
    );
    const snapshot = await clients.broker.snapshot(context, [underlying.conid], ['31']);
    const last = Number(String(snapshot.data[0]?.['31'] ?? '0').replace(/^[CH]/, ''));
    const wanted = (strikes.data.call ?? [])
      .map(Number)
      .sort((a, b) => Math.abs(a - last) - Math.abs(b - last))
      .slice(0, input.strikes ?? 6)
      .sort((a, b) => a - b);
    const options = [];
    let receivedAt = strikes.receivedAt;
    for (const strike of wanted) {
      const info = await clients.broker.read<Record<string, unknown>[]>(
        context,
        { method: 'GET', path: '/iserver/secdef/info', query: { ...query, strike } },
        `options at ${strike}`,
      );
      receivedAt = info.receivedAt;
      for (const row of info.data)
        options.push({
          conid: Number(row.conid),
          right: row.right === 'P' ? ('P' as const) : ('C' as const),
          strike: Number(row.strike),
          expiry: String(row.maturityDate ?? ''),
          multiplier: Number(row.multiplier ?? 100),
          trading_class: String(row.tradingClass ?? ''),
        });
    }
    return { data: { underlying_conid: underlying.conid, month, options }, obtainedAt: receivedAt };
  },
});
