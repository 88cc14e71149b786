import type { UpstreamSpec } from '../../upstream/upstream-spec.js';
import { OPTX_BASE_URLS, timeRequest } from './optx-requests.js';

/** optx = Deribit API v2; the simulator serves the same `/api/v2/...` paths on loopback. */
export const optxUpstream: UpstreamSpec = {
  name: 'optx',
  publicUrls: OPTX_BASE_URLS,
  simPath: '/api/v2',
  probe: timeRequest(),
};
