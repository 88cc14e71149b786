import type { NamespaceDefinition } from './tools/tool-types.js';
import type { UpstreamRegistry } from './upstream/upstream-registry.js';

/**
 * Every tool namespace the gateway serves. A namespace module exports a
 * factory taking the registry (to build its venue clients per environment)
 * and is listed here.
 */
export function namespaces(_registry: UpstreamRegistry): NamespaceDefinition[] {
  return [];
}
