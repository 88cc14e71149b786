import { Type } from '@sinclair/typebox';
import { addDays } from '../../domain/observations.js';
import type { FredSeries } from '../../providers/fred/fred-client.js';
import type { ToolContext } from '../../tools/tool.js';
import type { MacroClients } from './macro-tool.js';
import { type FailedDataSource, gather, round } from './sources.js';

/**
 * The notes' consistency check of the curve slope (tool 7): FRED's published 10y − 2y spread (`T10Y2Y`) for the
 * same day against the slope computed from Treasury's curve; more than 2 bp apart is flagged. A FRED failure
 * only drops the check (listed in failed_sources).
 */
export const TOLERANCE_BP = 2;

export const FredCheckSchema = Type.Union(
  [
    Type.Object({
      t10y2y_bp: Type.Number({ description: 'FRED T10Y2Y × 100 on the same day' }),
      difference_bp: Type.Number({ description: 'slope_10y_2y.bp − t10y2y_bp' }),
      consistent: Type.Boolean({ description: `Within ${TOLERANCE_BP} bp` }),
    }),
    Type.Null(),
  ],
  {
    description: 'Cross-check against FRED T10Y2Y; null when FRED has no value that day or could not be read',
  },
);

export async function fredSlopeCheck(
  date: string,
  slopeBp: number,
  context: ToolContext<MacroClients>,
): Promise<{
  check: { t10y2y_bp: number; difference_bp: number; consistent: boolean } | null;
  failed: FailedDataSource[];
}> {
  const gathered = await gather<FredSeries>([
    {
      source: 'fred',
      item: 'T10Y2Y',
      run: () => context.clients.fred.series(context, 'T10Y2Y', addDays(date, -10), 'daily'),
    },
  ]);
  const row = gathered.results
    .get('T10Y2Y')
    ?.data.observations.find((observation) => observation.date === date);
  if (!row) return { check: null, failed: gathered.failed };
  const fredBp = round(row.value * 100);
  const difference = round(slopeBp - fredBp);
  return {
    check: { t10y2y_bp: fredBp, difference_bp: difference, consistent: Math.abs(difference) <= TOLERANCE_BP },
    failed: gathered.failed,
  };
}
