import { Type } from '@sinclair/typebox';
import { TICKER_EXAMPLE, TickerSchema } from './market-schemas.js';
import { optxTool } from './optx-clients.js';
import { InstrumentName } from './order-schemas.js';

export const getTicker = optxTool({
  name: 'get_ticker',
  title: 'Ticker',
  summary:
    'optx ticker of one instrument: top of book, mark, index, funding, greeks for options (public/ticker)',
  kind: 'read',
  input: Type.Object(
    { instrument_name: InstrumentName },
    { additionalProperties: false, examples: [{ instrument_name: 'BTC-PERPETUAL' }] },
  ),
  output: Type.Object({ ticker: TickerSchema }, { examples: [{ ticker: TICKER_EXAMPLE }] }),
  handler: async (input, context) => {
    const { clients } = context;
    const fetched = await clients.market.getTicker(context, input.instrument_name);
    return { data: { ticker: fetched.data as never }, obtainedAt: fetched.receivedAt };
  },
});
