/**
 * Compares compiled gateway builds on one warm read, each against the bare Fastify route answering the same
 * bytes, in alternating rounds (the order reversed every other round), and prints each build's median ratio
 * and CPU per request. Not part of `npm run bench`: a tool for deciding whether a change to the call path
 * pays, since single benchmark runs on a small VM swing by ±10 points.
 *
 *   cp apps/gateway/dist/main.js apps/gateway/dist/main-before.js   # then change, build, and:
 *   cp apps/gateway/dist/main.js apps/gateway/dist/main-after.js
 *   npx tsx bench/compare-builds.ts 6 /mcp/tools/get_instruments '{"exchange":"perpdex"}' \
 *     apps/gateway/dist/main-before.js apps/gateway/dist/main-after.js
 *
 * The copies must stay in apps/gateway/dist (the bundle imports its dependencies relative to it); a build
 * deletes them.
 */
import { resolve } from 'node:path';
import { fmt } from './bench.js';
import { DEPLOYED_HEADERS, type DeployedGateway, startDeployedGateway } from './deployed-gateway.js';
import { median } from './gateway-latency.js';
import { measured, startBare, warmUp } from './gateway-polling.bench.js';

const [roundsArg, path, body, ...mains] = process.argv.slice(2);
if (!roundsArg || !path || !body || mains.length === 0) {
  console.error('usage: compare-builds.ts <rounds> <tool path> <JSON body> <main.js> [<main.js> …]');
  process.exit(2);
}

const gateways: DeployedGateway[] = [];
// One at a time: a gateway starting beside another can lose its port to the other's simulators.
for (const main of mains) gateways.push(await startDeployedGateway({}, resolve(main)));
try {
  const first = await gateways[0]!.call(path, JSON.parse(body));
  const bare = await startBare(Buffer.from(await first.arrayBuffer()));
  const headers = { 'content-type': 'application/json' };
  const results = mains.map(() => ({ ratios: [] as number[], cpuUs: [] as number[] }));
  try {
    await warmUp(bare.url, headers, body);
    for (const gateway of gateways) await warmUp(`${gateway.url}${path}`, DEPLOYED_HEADERS, body);
    for (let round = 0; round < Number(roundsArg); round++) {
      const order = mains.map((_, i) => (round % 2 === 0 ? i : mains.length - 1 - i));
      for (const i of order) {
        const gateway = gateways[i]!;
        const b = await measured(bare.cpuMs, bare.url, headers, body);
        const g = await measured(gateway.cpuMs, `${gateway.url}${path}`, DEPLOYED_HEADERS, body);
        results[i]!.ratios.push(g.requestsPerSec / b.requestsPerSec);
        results[i]!.cpuUs.push(g.cpuUs);
        console.log(
          `round ${round + 1} ${mains[i]}: bare ${fmt(b.requestsPerSec)}/s, build ${fmt(g.requestsPerSec)}/s (${fmt(g.cpuUs)} µs CPU), ${fmt((g.requestsPerSec / b.requestsPerSec) * 100)} %, errors ${g.errors}`,
        );
      }
    }
  } finally {
    bare.stop();
  }
  for (const [i, main] of mains.entries())
    console.log(
      `${main}: median ${fmt(median(results[i]!.ratios) * 100)} % of the bare route, ${fmt(median(results[i]!.cpuUs), 1)} µs CPU per request`,
    );
} finally {
  await Promise.all(gateways.map((gateway) => gateway.stop()));
}
