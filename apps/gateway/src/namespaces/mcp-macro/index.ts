import { treasuryUpstream } from '../../providers/treasury/treasury.upstream.js';
import { environmentInfoTool } from '../../tools/environment-info.tool.js';
import { defineNamespace } from '../../tools/tool.js';
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
    description: 'Macro data from public providers: US Treasury par yield curve and its slopes',
    exchange: 'macro',
    upstreams: ['treasury'],
    testnetFlag: false,
    clients: (scope) => ({ treasury: scope.client(treasuryUpstream) }),
    tools: [environmentInfoTool, getTreasuryYields, getYieldCurveSlope],
  });
