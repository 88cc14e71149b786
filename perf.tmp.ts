import { getHistorical } from './apps/gateway/src/venues/common/historical.service.js';
import { simulatedVenues } from './apps/gateway/test/market-data/support/sim-server.js';
import { optx, perpdex } from './packages/sim/src/index.js';

const NOW = Date.UTC(2026, 10, 20, 12, 0, 0);
const v = await simulatedVenues(optx, perpdex, { now: () => NOW });
const t0 = performance.now();
const r = await getHistorical(
  {
    exchange: 'optx',
    instrument: 'BTC-PERPETUAL',
    interval: '1m',
    start_date: '2025-11-20',
    end_date: '2026-11-19',
  },
  v.clients,
);
console.log('1y', (performance.now() - t0).toFixed(0), r.candles.length);
await v.close();
