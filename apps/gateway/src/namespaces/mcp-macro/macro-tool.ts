import type { TreasuryClient } from '../../providers/treasury/treasury-client.js';
import { toolsOf } from '../../tools/tool.js';

/** Each macro source's client, one per source (its own upstream, budget and cache). */
export interface MacroClients {
  treasury: TreasuryClient;
}

/** The tool builder of `/mcp-macro`: handlers see the sources' clients. */
export const macroTool = toolsOf<MacroClients>();
