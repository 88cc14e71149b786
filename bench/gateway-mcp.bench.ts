import { cpus, loadavg } from 'node:os';
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import { type Bench, fmt, load, stamp, stealMeter } from './bench.js';
import { DEPLOYED_HEADERS, type DeployedGateway, startDeployedGateway } from './deployed-gateway.js';
import { median } from './gateway-latency.js';

/**
 * The MCP surface against the HTTP surface on the gateway as `npm start` deploys it: the tool a polling bot
 * calls, `get_instruments {"exchange":"perpdex"}` from a warm cache, as an MCP `tools/call` (one stateless
 * JSON-RPC POST to `/mcp/mcp`, as an MCP client sends it after initializing) and as `POST
 * /mcp/tools/get_instruments`, in rounds alternating which goes first (goal: MCP at least 0.7 of the HTTP
 * rate). A second gateway with MCP_FAST_PATH=false answers the same tools/call through the SDK alone, for
 * what the fast path saves.
 */
const ROUNDS = 7;
const ROUND_SECONDS = 3;
const ARGUMENTS = { exchange: 'perpdex' };
const HTTP_PATH = '/mcp/tools/get_instruments';
const MCP_PATH = '/mcp/mcp';
const MCP_HEADERS = {
  ...DEPLOYED_HEADERS,
  accept: 'application/json, text/event-stream',
  'mcp-protocol-version': LATEST_PROTOCOL_VERSION,
};
const MCP_BODY = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/call',
  params: { name: 'get_instruments', arguments: ARGUMENTS },
});

async function measured(
  gateway: DeployedGateway,
  path: string,
  body: string,
  headers: Record<string, string>,
  seconds = ROUND_SECONDS,
) {
  const before = gateway.cpuMs();
  const result = await load(`${gateway.url}${path}`, { seconds, method: 'POST', body, headers });
  const cpuUs = ((gateway.cpuMs() - before) * 1000) / Math.max(1, result.requestsPerSec * seconds);
  return { ...result, cpuUs };
}

const httpRound = (gateway: DeployedGateway, seconds?: number) =>
  measured(gateway, HTTP_PATH, JSON.stringify(ARGUMENTS), DEPLOYED_HEADERS, seconds);
const mcpRound = (gateway: DeployedGateway, seconds?: number) =>
  measured(gateway, MCP_PATH, MCP_BODY, MCP_HEADERS, seconds);

/** Warms the cache and checks that the MCP answer is the tool's answer, not an error result. */
async function ready(gateway: DeployedGateway) {
  await gateway.call(HTTP_PATH, ARGUMENTS);
  const check = await fetch(`${gateway.url}${MCP_PATH}`, {
    method: 'POST',
    headers: MCP_HEADERS,
    body: MCP_BODY,
  });
  const answer = (await check.json()) as { result?: { isError?: boolean; structuredContent?: unknown } };
  if (!answer.result?.structuredContent || answer.result.isError)
    throw new Error('MCP tools/call did not answer');
}

const bench: Bench = async () => {
  const loadBefore = loadavg()[0] ?? 0;
  const gateway = await startDeployedGateway();
  const sdkOnly = await startDeployedGateway({ MCP_FAST_PATH: 'false' });
  try {
    await ready(gateway);
    await ready(sdkOnly);
    // Unmeasured: the JIT's first seconds on each path.
    await httpRound(gateway, 2);
    await mcpRound(gateway, 2);
    await mcpRound(sdkOnly, 2);
    const rows: string[] = [];
    const ratios: number[] = [];
    const cpu = { http: [] as number[], mcp: [] as number[], sdk: [] as number[] };
    for (let round = 1; round <= ROUNDS; round++) {
      const steal = stealMeter();
      const mcpFirst = round % 2 === 0;
      const first = mcpFirst ? await mcpRound(gateway) : await httpRound(gateway);
      const second = mcpFirst ? await httpRound(gateway) : await mcpRound(gateway);
      const [http, mcp] = mcpFirst ? [second, first] : [first, second];
      const sdk = await mcpRound(sdkOnly);
      ratios.push(mcp.requestsPerSec / http.requestsPerSec);
      cpu.http.push(http.cpuUs);
      cpu.mcp.push(mcp.cpuUs);
      cpu.sdk.push(sdk.cpuUs);
      rows.push(
        `| ${round} | ${mcpFirst ? 'MCP' : 'HTTP'} | ${fmt(http.requestsPerSec)} | ${fmt(mcp.requestsPerSec)} | ${fmt((mcp.requestsPerSec / http.requestsPerSec) * 100)} % | ${fmt(http.cpuUs)} | ${fmt(mcp.cpuUs)} | ${fmt(sdk.requestsPerSec)} | ${fmt(sdk.cpuUs)} | ${http.p99} / ${mcp.p99} | ${http.errors + mcp.errors + sdk.errors} | ${fmt(steal(), 1)} |`,
      );
    }
    const loadAfter = loadavg()[0] ?? 0;
    const cores = cpus().length;
    const [httpUs, mcpUs, sdkUs] = [median(cpu.http), median(cpu.mcp), median(cpu.sdk)];
    return `## MCP tools/call against POST /<namespace>/tools/<tool> (${stamp()})

The gateway as \`npm start\` deploys it (compiled, sim profile, request log on), started fresh. The same cached
read, \`get_instruments {"exchange":"perpdex"}\`, as an MCP \`tools/call\` (stateless, JSON response with
\`structuredContent\` and the JSON as text, answered by the fast path: docs/mcp.md) and as \`POST ${HTTP_PATH}\`,
${ROUNDS} rounds of ${ROUND_SECONDS} s each, the first surface alternating by round, after an unmeasured 2 s of each;
10 connections (autocannon, keep-alive). "SDK alone" is a second gateway with \`MCP_FAST_PATH=false\`, loaded
after the pair in each round (every tools/call through the SDK's server and transport, as before the fast path).
CPU µs/req is the gateway process's CPU time over the requests answered: the figure that holds on a shared
machine. Load average (1 min) ${fmt(loadBefore, 1)} before the run and ${fmt(loadAfter, 1)} after, on ${cores} cores${Math.max(loadBefore, loadAfter) > cores ? ': other work shared the machine, so the rates move from round to round' : ''}.

| round | first | HTTP req/s | MCP req/s | MCP / HTTP | HTTP CPU µs/req | MCP CPU µs/req | SDK alone req/s | SDK alone CPU µs/req | p99 ms HTTP / MCP | errors | steal % |
| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
${rows.join('\n')}

Median **${fmt(median(ratios) * 100)} %** of the HTTP route's throughput (goal: at least 70 %). Median CPU per request:
HTTP ${fmt(httpUs)} µs, MCP ${fmt(mcpUs)} µs (${fmt(mcpUs - httpUs)} µs more: ${fmt((httpUs / mcpUs) * 100)} % of the HTTP rate
on CPU alone), the SDK alone ${fmt(sdkUs)} µs.

What MCP adds over the HTTP route now: the larger request and response (the answer twice, as
\`structuredContent\` and as escaped text, per the specification's advice for structured results), the JSON-RPC
envelope and the recogniser's checks; the answer's JSON is spliced in unparsed, checked once per cached answer.
What the fast path removed (a micro-measurement of the SDK's stateless path alone, 3 kB result): the SDK's
\`handleRequest\` (zod parsing of the JSON-RPC message and of \`tools/call\`, request bookkeeping, the Web
\`Response\`) about 170 µs, building the Web \`Request\` about 35 µs, reading the \`Response\` text about 60 µs,
and parsing and re-serializing the answer. Every other message (initialize, ping, notifications, anything
malformed) still goes through the SDK.
`;
  } finally {
    await gateway.stop();
    await sdkOnly.stop();
  }
};

export default bench;
