import type { CboeClient } from '../../providers/cboe/cboe-client.js';
import type { CftcClient } from '../../providers/cftc/cftc-client.js';
import type { CalendarClient } from '../../providers/ff-calendar/calendar-client.js';
import type { FredClient } from '../../providers/fred/fred-client.js';
import type { TreasuryClient } from '../../providers/treasury/treasury-client.js';
import type { YahooClient } from '../../providers/yahoo/yahoo-client.js';
import { toolsOf } from '../../tools/tool.js';

/** Each macro source's client, one per source (its own upstream, budget and cache). */
export interface MacroClients {
  treasury: TreasuryClient;
  fred: FredClient;
  yahoo: YahooClient;
  cboe: CboeClient;
  cftc: CftcClient;
  calendar: CalendarClient;
}

/** The tool builder of `/mcp-macro`: handlers see the sources' clients. */
export const macroTool = toolsOf<MacroClients>();
