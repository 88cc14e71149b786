import type { UpstreamSpec } from './upstream/upstream-spec.js';
import { optxUpstream } from './venues/optx/optx.upstream.js';
import { perpdexUpstream } from './venues/perpdex/perpdex.upstream.js';

/**
 * Every upstream the gateway calls. A venue module declares its UpstreamSpec
 * (e.g. `venues/optx/optx.upstream.ts`) and is listed here; the sim profile
 * then needs a simulator of the same name in `@app/sim`'s catalog.
 */
export const upstreamSpecs: readonly UpstreamSpec[] = [optxUpstream, perpdexUpstream];
