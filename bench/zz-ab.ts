// scratch A/B, not committed: node A.js vs B.js (both in apps/gateway/dist), alternating rounds
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { load } from './bench.js';
import { DEPLOYED_HEADERS, DEPLOYED_TOKEN, freePort } from './deployed-gateway.js';
const path = process.env.TOOL_PATH ?? '/mcp/tools/get_instruments';
const body = process.env.TOOL_BODY ?? JSON.stringify({ exchange: 'perpdex' });
async function start(file: string) {
  const dir = mkdtempSync(join(tmpdir(), 'ab-'));
  const port = await freePort();
  const child = spawn(process.execPath, [file], { stdio: ['ignore', 'ignore', 'inherit'], env: { PATH: process.env.PATH, GATEWAY_PORT: String(port), DATA_DIR: dir, TESTNET_TOKEN: DEPLOYED_TOKEN, MAINNET_TOKEN: 'x-mainnet-token-123', ...JSON.parse(process.env.GW_ENV ?? '{}') } });
  const url = `http://127.0.0.1:${port}`;
  for (;;) { if (await fetch(`${url}/health`).then((r) => r.ok, () => false)) break; await new Promise((r) => setTimeout(r, 100)); }
  const cpuMs = () => { const f = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []; return (Number(f[11]) + Number(f[12])) * 10; };
  const r = await fetch(`${url}${path}`, { method: 'POST', headers: DEPLOYED_HEADERS, body });
  console.log(file, r.status, (await r.text()).length);
  return { url, cpuMs, child };
}
const files = process.argv.slice(2);
const gws = [];
for (const f of files) gws.push(await start(f));
const res: number[][] = files.map(() => []);
for (let i = 0; i < Number(process.env.ROUNDS ?? 6); i++) {
  const line: string[] = [];
  for (const [k, g] of gws.entries()) {
    const before = g.cpuMs();
    const r = await load(`${g.url}${path}`, { seconds: 3, method: 'POST', body, headers: DEPLOYED_HEADERS });
    const cpu = ((g.cpuMs() - before) * 1000) / (r.requestsPerSec * 3);
    if (i > 0) res[k]!.push(cpu);
    line.push(`${k}: ${Math.round(r.requestsPerSec)}/s ${cpu.toFixed(1)}us`);
  }
  console.log(line.join('  '), 'load', loadavg()[0].toFixed(1));
}
const med = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)]!;
console.log('median cpu us/req', res.map(med).map((x) => x.toFixed(1)).join(' vs '));
for (const g of gws) g.child.kill('SIGTERM');
process.exit(0);
