import type { NamespaceDefinition } from './tools/tool-types.js';
import type { UpstreamRegistry } from './upstream/upstream-registry.js';
import { marketDataNamespaces } from './venues/common/market-data.namespaces.js';

/**
 * Every tool namespace the gateway serves. A namespace module exports a
 * factory taking the registry (to build its venue clients per environment)
 * and is listed here.
 */
export function namespaces(registry: UpstreamRegistry): NamespaceDefinition[] {
  return [...marketDataNamespaces(registry)];
}
