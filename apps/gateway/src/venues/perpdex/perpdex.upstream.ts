import type { UpstreamSpec } from '../../upstream/upstream-spec.js';
import { allMidsRequest, PERPDEX_BASE_URLS } from './perpdex-requests.js';

/** perpdex = Hyperliquid API; `allMids` is its cheapest read (weight 2), so readiness probes with it. */
export const perpdexUpstream: UpstreamSpec = {
  name: 'perpdex',
  publicUrls: PERPDEX_BASE_URLS,
  probe: allMidsRequest(),
};
