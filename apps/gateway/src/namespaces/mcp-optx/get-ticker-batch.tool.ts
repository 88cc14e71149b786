import { toAppError } from '@app/kit';
import { Type } from '@sinclair/typebox';
import { mapLimit } from '../../upstream/map-limit.js';
import { TICKER_EXAMPLE, TickerSchema } from './market-schemas.js';
import { optxTool } from './optx-clients.js';
import { InstrumentName } from './order-schemas.js';

/** Deribit has no batch requests (notes §1.2): one public/ticker per name, a few at a time, within the budget. */
const IN_FLIGHT = 4;

const ItemSchema = Type.Object({
  instrument_name: Type.String(),
  ticker: Type.Optional(TickerSchema),
  error: Type.Optional(
    Type.Object({ code: Type.String(), message: Type.String(), retryable: Type.Boolean() }),
  ),
});

export const getTickerBatch = optxTool({
  name: 'get_ticker_batch',
  title: 'Tickers',
  summary: 'optx tickers of several instruments; each item is a ticker or its own error',
  description:
    'An unknown name or a failed call is an item error (`error.code`, e.g. UNKNOWN_INSTRUMENT), not a failed call. `data_timestamp` is the oldest ticker’s arrival.',
  kind: 'read',
  input: Type.Object(
    { instrument_names: Type.Array(InstrumentName, { minItems: 1, maxItems: 50, uniqueItems: true }) },
    { additionalProperties: false, examples: [{ instrument_names: ['BTC-PERPETUAL', 'ETH-PERPETUAL'] }] },
  ),
  output: Type.Object(
    { items: Type.Array(ItemSchema) },
    {
      examples: [
        {
          items: [
            { instrument_name: 'BTC-PERPETUAL', ticker: TICKER_EXAMPLE },
            {
              instrument_name: 'SOL-PERPETUAL',
              error: {
                code: 'UNKNOWN_INSTRUMENT',
                message: 'optx does not list the instrument',
                retryable: false,
              },
            },
          ],
        },
      ],
    },
  ),
  handler: async (input, context) => {
    const results = await mapLimit(input.instrument_names, IN_FLIGHT, async (name) => {
      try {
        const fetched = await context.clients.market.getTicker(context, name);
        return { item: { instrument_name: name, ticker: fetched.data as never }, at: fetched.receivedAt };
      } catch (error) {
        const { code, message, retryable } = toAppError(error);
        return { item: { instrument_name: name, error: { code, message, retryable } }, at: undefined };
      }
    });
    const times = results.flatMap((result) => (result.at === undefined ? [] : [result.at]));
    return {
      data: { items: results.map((result) => result.item) },
      obtainedAt: times.length > 0 ? Math.min(...times) : context.now(),
    };
  },
});
