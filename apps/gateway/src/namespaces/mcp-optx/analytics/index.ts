import { calculateSpreadPayoff } from './calculate-spread-payoff.tool.js';
import { findByDelta } from './find-by-delta.tool.js';
import { getAtmVsWingsVol } from './get-atm-vs-wings-vol.tool.js';
import { getDealerGammaProfile } from './get-dealer-gamma-profile.tool.js';
import { getDvol } from './get-dvol.tool.js';
import { getDvolHistory } from './get-dvol-history.tool.js';
import { getGex } from './get-gex.tool.js';
import { getIvRank } from './get-iv-rank.tool.js';
import { getOiWeightedSkew } from './get-oi-weighted-skew.tool.js';
import { getPcRatio } from './get-pc-ratio.tool.js';
import { getRealizedVol } from './get-realized-vol.tool.js';
import { getSkew25d } from './get-skew-25d.tool.js';
import { getSmileAsymmetry } from './get-smile-asymmetry.tool.js';
import { getTermStructure } from './get-term-structure.tool.js';
import { getVannaCharm } from './get-vanna-charm.tool.js';
import { runBacktestTool } from './run-backtest.tool.js';

/** The options-analytics tools of `/mcp-optx` and run_backtest (spec groups "Options analytics", "Technicals"), in the spec's order. */
export const optxAnalyticsTools = [
  getDvol,
  getDvolHistory,
  getGex,
  getDealerGammaProfile,
  getVannaCharm,
  getOiWeightedSkew,
  getSmileAsymmetry,
  getAtmVsWingsVol,
  getPcRatio,
  getSkew25d,
  getTermStructure,
  getIvRank,
  getRealizedVol,
  findByDelta,
  calculateSpreadPayoff,
  runBacktestTool,
];
