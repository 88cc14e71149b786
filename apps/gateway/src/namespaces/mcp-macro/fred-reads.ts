import { addDays } from '../../domain/observations.js';
import type { FredSeries } from '../../providers/fred/fred-client.js';
import { FRED_SERIES, type FredSeriesKey } from '../../providers/fred/fred-series.js';
import type { ToolContext } from '../../tools/tool.js';
import type { MacroClients } from './macro-tool.js';
import type { SourceRead } from './sources.js';

/**
 * The FRED reads of the macro tools: each series from far enough back for its changes (daily series 400
 * days, slower ones 800: a year-earlier month plus the publication lag), one read per series.
 */
export function fredReads(
  keys: readonly FredSeriesKey[],
  context: ToolContext<MacroClients>,
): SourceRead<FredSeries>[] {
  const today = new Date(context.now()).toISOString().slice(0, 10);
  return keys.map((key) => {
    const info = FRED_SERIES[key];
    const daily = info.frequency === 'daily';
    return {
      source: 'fred',
      item: info.id,
      run: () =>
        context.clients.fred.series(
          context,
          info.id,
          addDays(today, daily ? -400 : -800),
          daily ? 'daily' : 'slow',
        ),
    };
  });
}
