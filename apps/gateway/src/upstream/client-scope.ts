import type { Lifecycle } from './lifecycle.js';
import type { UpstreamSpec } from './upstream-spec.js';
import type { Environment } from './upstream-types.js';

/** What a namespace's `clients` factory is given, once per environment. */
export interface ClientScope {
  environment: Environment;
  /** An upstream's client in this environment: one per upstream and environment, shared by every namespace. */
  client<C>(spec: UpstreamSpec<C>): C;
  /** Whether the upstream is registered (a test app may run without it). */
  has(spec: UpstreamSpec): boolean;
  lifecycle: Lifecycle;
}
