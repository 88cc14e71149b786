import { Type } from '@sinclair/typebox';
import { COT_DATASETS } from '../../providers/cftc/cftc-client.js';
import type { CotReport } from '../../providers/cftc/cot-markets.js';
import { cotPublishedAtMs } from '../../providers/cftc/cot-release.js';
import { CATEGORIES } from '../../providers/cftc/cot-rows.js';
import {
  ascending,
  CategorySchema,
  categoryBlock,
  MarketInput,
  noRows,
  resolveMarket,
} from './cot-request.js';
import { macroTool } from './macro-tool.js';
import { dayStartMs, isoTime, NullableNumber } from './sources.js';

/**
 * get_cot_tff and get_cot_disaggregated (notes macro.md tools 9 and 10): one market's latest report with every
 * category's long, short, spread, net, net % of open interest and weekly change, plus the speculators' net
 * over the weeks asked for. The two differ in dataset, categories and which category speculates.
 */
export function cotReportTool(options: {
  name: string;
  report: CotReport;
  defaultMarket: string;
  speculator: string;
  title: string;
  summary: string;
}) {
  const { report, speculator } = options;
  const categories = CATEGORIES[report];
  const input = Type.Object(
    {
      market: Type.Optional(MarketInput(report, options.defaultMarket)),
      weeks: Type.Optional(
        Type.Integer({ minimum: 1, maximum: 520, default: 52, description: 'Reports in history' }),
      ),
      combined: Type.Optional(
        Type.Boolean({ default: false, description: 'Futures and options combined (else futures only)' }),
      ),
    },
    { additionalProperties: false, examples: [{ market: options.defaultMarket, weeks: 4 }, {}] },
  );
  const category = (name: string) => ({
    long: 1000,
    short: 400,
    spread: null,
    net: 600,
    net_pct_oi: 6,
    change_net: -50,
    name,
  });
  const output = Type.Object(
    {
      market: Type.String(),
      code: Type.String({ description: 'CFTC contract market code' }),
      report: Type.Literal(report),
      variant: Type.Union([Type.Literal('futures_only'), Type.Literal('combined')]),
      source: Type.String({ description: 'cftc_socrata:<dataset id>' }),
      speculator_category: Type.Literal(speculator),
      latest: Type.Object({
        report_date: Type.String({ format: 'date', description: 'The Tuesday the positions are as of' }),
        as_of: Type.String({ format: 'date-time' }),
        published_at_est: Type.String({
          format: 'date-time',
          description: 'Estimated: the Friday after, 15:30 New York',
        }),
        open_interest: NullableNumber('Contracts'),
        change_open_interest: NullableNumber('Versus the previous report'),
        categories: Type.Object(Object.fromEntries(categories.map((name) => [name, CategorySchema]))),
      }),
      history: Type.Array(
        Type.Object({
          report_date: Type.String({ format: 'date' }),
          open_interest: NullableNumber('Contracts'),
          speculator_net: NullableNumber(`${speculator} long − short`),
        }),
        { description: 'Oldest first' },
      ),
    },
    {
      examples: [
        {
          market: options.defaultMarket,
          code: report === 'tff' ? '133741' : '088691',
          report,
          variant: 'futures_only',
          source: `cftc_socrata:${COT_DATASETS[report].futures}`,
          speculator_category: speculator,
          latest: {
            report_date: '2025-06-10',
            as_of: '2025-06-10T00:00:00.000Z',
            published_at_est: '2025-06-13T19:30:00.000Z',
            open_interest: 10000,
            change_open_interest: 330,
            categories: Object.fromEntries(
              categories.map((name) => {
                const { name: _, ...block } = category(name);
                return [name, block];
              }),
            ),
          },
          history: [{ report_date: '2025-06-10', open_interest: 10000, speculator_net: 600 }],
        },
      ],
    },
  );
  return macroTool({
    name: options.name,
    title: options.title,
    summary: options.summary,
    description:
      'From the CFTC Public Reporting Environment (Socrata). Positions are as of Tuesday, released Friday 15:30 New York. ' +
      'An unknown market, or one of the other report, is a 4xx naming `market`.',
    kind: 'read',
    input,
    output,
    handler: async (request, context) => {
      const market = resolveMarket(request.market ?? options.defaultMarket, report, 'market');
      const weeks = request.weeks ?? 52;
      const combined = request.combined ?? false;
      const fetched = await context.clients.cftc.reports(
        context,
        report,
        combined,
        [market.code],
        weeks + 1,
        context.now(),
      );
      const rows = ascending(fetched.data, market.code);
      const latest = rows.at(-1);
      if (!latest) throw noRows(market, 'market');
      const previous = rows.at(-2);
      const specNet = (row: (typeof rows)[number]) => {
        const c = row.categories[speculator]!;
        return c.long !== null && c.short !== null ? c.long - c.short : null;
      };
      return {
        data: {
          market: market.alias,
          code: market.code,
          report,
          variant: combined ? ('combined' as const) : ('futures_only' as const),
          source: `cftc_socrata:${COT_DATASETS[report][combined ? 'combined' : 'futures']}`,
          speculator_category: speculator,
          latest: {
            report_date: latest.reportDate,
            as_of: isoTime(dayStartMs(latest.reportDate)),
            published_at_est: isoTime(cotPublishedAtMs(latest.reportDate)),
            open_interest: latest.openInterest,
            change_open_interest:
              previous && latest.openInterest !== null && previous.openInterest !== null
                ? latest.openInterest - previous.openInterest
                : null,
            categories: Object.fromEntries(
              categories.map((name) => [
                name,
                categoryBlock(latest.categories[name]!, latest.openInterest, previous?.categories[name]),
              ]),
            ),
          },
          history: rows.slice(-weeks).map((row) => ({
            report_date: row.reportDate,
            open_interest: row.openInterest,
            speculator_net: specNet(row),
          })),
        },
        obtainedAt: dayStartMs(latest.reportDate),
        stale: fetched.stale,
      };
    },
  });
}

export const getCotTff = cotReportTool({
  name: 'get_cot_tff',
  report: 'tff',
  defaultMarket: 'BTC',
  speculator: 'lev_money',
  title: 'COT: traders in financial futures',
  summary:
    'CFTC Commitments of Traders, TFF format: dealers, asset managers, leveraged funds, other, non-reportables',
});

export const getCotDisaggregated = cotReportTool({
  name: 'get_cot_disaggregated',
  report: 'disaggregated',
  defaultMarket: 'GC',
  speculator: 'm_money',
  title: 'COT: disaggregated',
  summary:
    'CFTC Commitments of Traders, disaggregated format: producers, swap dealers, managed money, other, non-reportables',
});
