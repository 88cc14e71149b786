import { addDays } from '../../domain/observations.js';
import type { DatedCurve, Tenor } from '../../domain/yield-curve.js';
import type { FredSeries } from '../../providers/fred/fred-client.js';
import type { ToolContext } from '../../tools/tool.js';
import type { MacroClients } from './macro-tool.js';
import { type Gathered, gather } from './sources.js';

/**
 * The Treasury curve as FRED republishes it (notes macro.md U3.3): the constant-maturity series DGS1MO … DGS30,
 * one per tenor, merged by date. FRED carries no 1.5M, 2M or 4M point; those stay missing.
 */
const DGS: [Tenor, string][] = [
  ['1M', 'DGS1MO'],
  ['3M', 'DGS3MO'],
  ['6M', 'DGS6MO'],
  ['1Y', 'DGS1'],
  ['2Y', 'DGS2'],
  ['3Y', 'DGS3'],
  ['5Y', 'DGS5'],
  ['7Y', 'DGS7'],
  ['10Y', 'DGS10'],
  ['20Y', 'DGS20'],
  ['30Y', 'DGS30'],
];

/** The last `count` curves on or before `until`, oldest first, with what each series read brought. */
export async function fredCurves(
  until: string,
  count: number,
  context: ToolContext<MacroClients>,
): Promise<{ curves: DatedCurve[]; gathered: Gathered<FredSeries> }> {
  // Business days to calendar days, plus two weeks for holidays.
  const start = addDays(until, -Math.ceil((count * 7) / 5) - 14);
  const gathered = await gather<FredSeries>(
    DGS.map(([, id]) => ({
      source: 'fred',
      item: id,
      run: () => context.clients.fred.series(context, id, start, 'daily'),
    })),
  );
  const byDate = new Map<string, DatedCurve['yields']>();
  for (const [tenor, id] of DGS)
    for (const row of gathered.results.get(id)?.data.observations ?? []) {
      if (row.date > until) continue;
      const yields = byDate.get(row.date) ?? {};
      yields[tenor] = row.value;
      byDate.set(row.date, yields);
    }
  const curves = [...byDate.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .slice(-count)
    // Tenors in maturity order, as the Treasury parser gives them.
    .map(([date, yields]) => ({
      date,
      yields: Object.fromEntries(DGS.filter(([t]) => yields[t] !== undefined).map(([t]) => [t, yields[t]])),
    }));
  return { curves, gathered };
}
