import { Type } from '@sinclair/typebox';
import { brokerTool } from './broker-tool.js';

export const ContractSchema = Type.Object({
  conid: Type.Integer(),
  symbol: Type.String(),
  company_name: Type.Union([Type.String(), Type.Null()]),
  exchange: Type.Union([Type.String(), Type.Null()]),
  sec_types: Type.Array(Type.String()),
  option_months: Type.Array(Type.String()),
});

export const searchRows = (rows: Record<string, unknown>[]) =>
  rows.map((row) => {
    const sections = (Array.isArray(row.sections) ? row.sections : []) as {
      secType?: string;
      months?: string;
    }[];
    return {
      conid: Number(row.conid),
      symbol: String(row.symbol ?? ''),
      company_name: typeof row.companyName === 'string' ? row.companyName : null,
      exchange: typeof row.description === 'string' ? row.description : null,
      sec_types: sections.map((s) => String(s.secType)),
      option_months: (sections.find((s) => s.secType === 'OPT')?.months ?? '').split(';').filter(Boolean),
    };
  });

export const searchContracts = brokerTool({
  name: 'search_contracts',
  title: 'Search contracts',
  summary: 'Finds IBKR contracts (conid) by symbol, or by company name with by_name',
  kind: 'read',
  input: Type.Object(
    {
      symbol: Type.String({ minLength: 1, maxLength: 40, pattern: '^[A-Za-z0-9 .&-]+$' }),
      sec_type: Type.Optional(
        Type.Union([Type.Literal('STK'), Type.Literal('IND'), Type.Literal('BOND')], { default: 'STK' }),
      ),
      by_name: Type.Optional(Type.Boolean({ default: false })),
    },
    { additionalProperties: false, examples: [{ symbol: 'AAPL' }] },
  ),
  output: Type.Object(
    { contracts: Type.Array(ContractSchema) },
    {
      examples: [
        {
          contracts: [
            {
              conid: 265598,
              symbol: 'AAPL',
              company_name: 'APPLE INC',
              exchange: 'NASDAQ',
              sec_types: ['STK', 'OPT'],
              option_months: ['JAN25', 'FEB25'],
            },
          ],
        },
      ],
    },
  ),
  handler: async (input, context) => {
    const { clients } = context;
    const fetched = await clients.broker.read<Record<string, unknown>[]>(
      context,
      {
        method: 'GET',
        path: '/iserver/secdef/search',
        query: {
          symbol: input.symbol,
          secType: input.sec_type ?? 'STK',
          ...(input.by_name ? { name: true } : {}),
        },
      },
      `contract search ${input.symbol}`,
    );
    return {
      data: { contracts: searchRows(Array.isArray(fetched.data) ? fetched.data : []) },
      obtainedAt: fetched.receivedAt,
    };
  },
});
