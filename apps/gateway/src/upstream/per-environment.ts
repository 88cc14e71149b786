import type { UpstreamRegistry } from './upstream-registry.js';
import type { Environment, UpstreamHttp } from './upstream-types.js';

/**
 * One venue client per environment, built once from the registry's two
 * UpstreamHttp instances, for clients that keep state (caches, nonces,
 * sessions) which must never cross from test to live. A tool handler picks
 * its client with `clients(context.environment)`.
 */
export function perEnvironment<C>(
  registry: UpstreamRegistry,
  upstream: string,
  build: (http: UpstreamHttp, environment: Environment) => C,
): (environment: Environment) => C {
  const clients: Record<Environment, C> = {
    test: build(registry.get(upstream, 'test'), 'test'),
    live: build(registry.get(upstream, 'live'), 'live'),
  };
  return (environment) => clients[environment];
}
