// scratch, not committed
import { load } from './bench.js';
import { DEPLOYED_HEADERS, startDeployedGateway } from './deployed-gateway.js';
import { startBare } from './gateway-polling.bench.js';
const path = process.argv[2] ?? '/mcp/tools/get_instruments';
const body = process.argv[3] ?? JSON.stringify({ exchange: 'perpdex' });
const gw = await startDeployedGateway(JSON.parse(process.env.GW_ENV ?? "{}"));
const warm = await gw.call(path, JSON.parse(body));
const bytes = Buffer.from(await warm.arrayBuffer());
console.log('status', warm.status, 'bytes', bytes.length);
const bare = await startBare(bytes);
const m = async (cpuMs: () => number, url: string, headers: Record<string, string>) => {
  const before = cpuMs();
  const r = await load(url, { seconds: 3, method: 'POST', body, headers });
  return { rps: Math.round(r.requestsPerSec), cpu: (((cpuMs() - before) * 1000) / (r.requestsPerSec * 3)).toFixed(1) };
};
for (let i = 0; i < Number(process.env.ROUNDS ?? 3); i++) {
  const b = await m(bare.cpuMs, bare.url, { 'content-type': 'application/json' });
  const g = await m(gw.cpuMs, `${gw.url}${path}`, DEPLOYED_HEADERS);
  console.log(`bare ${b.rps}/s ${b.cpu}us  gw ${g.rps}/s ${g.cpu}us  ratio ${(g.rps / b.rps).toFixed(2)}  load ${(await import('node:os')).loadavg()[0].toFixed(1)}`);
}
bare.stop();
await gw.stop();
process.exit(0);
