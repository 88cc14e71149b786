import type { GatewayConfig } from './config.js';
import { commonNamespace } from './namespaces/mcp/index.js';
import { brokerNamespace } from './namespaces/mcp-broker/index.js';
import { macroNamespace } from './namespaces/mcp-macro/index.js';
import { perpdexNamespace } from './namespaces/mcp-perpdex/index.js';
import type { AnyNamespace } from './tools/tool.js';

type NamespaceConfig = Pick<
  GatewayConfig,
  'CANDLE_CACHE_MB' | 'HISTORY_BARS_IN_FLIGHT' | 'HISTORY_ADMISSION_WAIT_MS' | 'HISTORY_PAGES_PER_VENUE'
>;

/**
 * Every tool namespace the gateway serves: a folder under namespaces/ and one line here. Without a config,
 * the defaults of the run contract.
 */
export const namespaces = (config?: NamespaceConfig): AnyNamespace[] => [
  commonNamespace(
    config && {
      cacheBytes: config.CANDLE_CACHE_MB * 2 ** 20,
      barsInFlight: config.HISTORY_BARS_IN_FLIGHT,
      admissionWaitMs: config.HISTORY_ADMISSION_WAIT_MS,
      pagesPerVenue: config.HISTORY_PAGES_PER_VENUE,
    },
  ),
  perpdexNamespace(),
  macroNamespace(),
  brokerNamespace(),
];
