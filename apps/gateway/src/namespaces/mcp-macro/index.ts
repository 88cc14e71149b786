import { cboeUpstream } from '../../providers/cboe/cboe.upstream.js';
import { cftcUpstream } from '../../providers/cftc/cftc.upstream.js';
import { ffCalendarUpstream } from '../../providers/ff-calendar/ff-calendar.upstream.js';
import { fredUpstream } from '../../providers/fred/fred.upstream.js';
import { treasuryUpstream } from '../../providers/treasury/treasury.upstream.js';
import { yahooUpstream } from '../../providers/yahoo/yahoo.upstream.js';
import { defineNamespace } from '../../tools/tool.js';
import { getAssetPrice } from './get-asset-price.tool.js';
import { getBreakevenInflation } from './get-breakeven-inflation.tool.js';
import { getCotExtremePositioning } from './get-cot-extreme-positioning.tool.js';
import { getCotDisaggregated, getCotTff } from './get-cot-reports.tool.js';
import { getEconomicIndicators } from './get-economic-indicators.tool.js';
import { getEquityFutures } from './get-equity-futures.tool.js';
import { getMacroCalendar } from './get-macro-calendar.tool.js';
import { getMarketOverview } from './get-market-overview.tool.js';
import { getTreasuryYields } from './get-treasury-yields.tool.js';
import { getYieldCurveSlope } from './get-yield-curve-slope.tool.js';
import type { MacroClients } from './macro-tool.js';

/**
 * `/mcp-macro`: read-only macro data from public providers, one upstream per source. No test environment:
 * both tokens read the same live sources, and answers carry no `testnet` flag.
 */
export const macroNamespace = () =>
  defineNamespace<MacroClients>({
    name: 'mcp-macro',
    description:
      'Macro data from public providers: FRED series, Treasury yield curve, Yahoo quotes, Cboe VIX, CFTC COT reports and the economic calendar',
    exchange: 'macro',
    upstreams: ['treasury', 'fred', 'yahoo', 'cboe', 'cftc', 'ff-calendar'],
    testnetFlag: false,
    clients: (scope) => ({
      treasury: scope.client(treasuryUpstream),
      fred: scope.client(fredUpstream),
      yahoo: scope.client(yahooUpstream),
      cboe: scope.client(cboeUpstream),
      cftc: scope.client(cftcUpstream),
      calendar: scope.client(ffCalendarUpstream),
    }),
    tools: [
      getEconomicIndicators,
      getMacroCalendar,
      getMarketOverview,
      getAssetPrice,
      getTreasuryYields,
      getEquityFutures,
      getYieldCurveSlope,
      getBreakevenInflation,
      getCotTff,
      getCotDisaggregated,
      getCotExtremePositioning,
    ],
  });
