import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { CallToolRequestSchema, LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callResponse, fastMessage } from '../../src/mcp/mcp-fast-path.js';
import { type McpAnswer, resultOf } from '../../src/mcp/mcp-result.js';
import type { RegisteredTool } from '../../src/tools/tool-registry.js';
import { type Gateway, startGateway, TESTNET } from '../helpers.js';

const ENDPOINT = '/mcp-ticker/mcp';
const HEADERS = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  'mcp-protocol-version': LATEST_PROTOCOL_VERSION,
  authorization: `Bearer ${TESTNET}`,
  'x-bot-tag': 'fast-path-test',
};
const call = (params: unknown, id: unknown = 1) => ({ jsonrpc: '2.0', id, method: 'tools/call', params });
const cached = { name: 'get_cached_ticker', arguments: {} };

interface Case {
  name: string;
  body: unknown;
  headers?: Record<string, string | undefined>;
  /** Whether the fast path answers it (else the SDK does, on both gateways). */
  fast: boolean;
}

const CASES: Case[] = [
  { name: 'a cached read', body: call(cached), fast: true },
  { name: 'a string id', body: call(cached, 'req-7'), fast: true },
  { name: 'no arguments', body: call({ name: 'get_cached_ticker' }), fast: true },
  { name: 'a plain _meta', body: call({ ...cached, _meta: { client: 'x' } }), fast: true },
  {
    name: 'a read from the venue',
    body: call({ name: 'get_ticker', arguments: { symbol: 'BTC' } }),
    fast: true,
  },
  {
    name: 'invalid arguments (isError)',
    body: call({ name: 'get_ticker', arguments: { symbol: '' } }),
    fast: true,
  },
  {
    name: 'a write refused above the leverage cap (isError)',
    body: call({ name: 'place_order', arguments: { symbol: 'BTC', amount: 1e9 } }),
    fast: true,
  },
  {
    name: 'a bad _meta.idempotency_key (isError)',
    body: call({
      name: 'place_order',
      arguments: { symbol: 'BTC', amount: 1 },
      _meta: { idempotency_key: 5 },
    }),
    fast: true,
  },
  { name: 'tools/list', body: { jsonrpc: '2.0', id: 3, method: 'tools/list' }, fast: true },
  { name: 'tools/list {}', body: { jsonrpc: '2.0', id: 3, method: 'tools/list', params: {} }, fast: true },
  {
    name: 'tools/list with a cursor',
    body: { jsonrpc: '2.0', id: 3, method: 'tools/list', params: { cursor: 'c' } },
    fast: true,
  },
  {
    name: 'no MCP-Protocol-Version',
    body: call(cached),
    headers: { 'mcp-protocol-version': undefined },
    fast: true,
  },
  {
    name: 'an older version',
    body: call(cached),
    headers: { 'mcp-protocol-version': '2025-03-26' },
    fast: true,
  },
  // Everything below is the SDK's on both gateways.
  {
    name: 'an unsupported version',
    body: call(cached),
    headers: { 'mcp-protocol-version': '1999-01-01' },
    fast: false,
  },
  { name: 'Accept without SSE', body: call(cached), headers: { accept: 'application/json' }, fast: false },
  {
    name: 'Content-Type with a charset',
    body: call(cached),
    headers: { 'content-type': 'application/json; charset=utf-8' },
    fast: false,
  },
  { name: 'jsonrpc 1.0', body: { ...call(cached), jsonrpc: '1.0' }, fast: false },
  {
    name: 'no id (a notification)',
    body: { jsonrpc: '2.0', method: 'tools/call', params: cached },
    fast: false,
  },
  { name: 'a null id', body: call(cached, null), fast: false },
  { name: 'a fractional id', body: call(cached, 1.5), fast: false },
  { name: 'an unsafe integer id', body: call(cached, 2 ** 53), fast: false },
  { name: 'an extra member', body: { ...call(cached), extra: true }, fast: false },
  { name: 'no params', body: { jsonrpc: '2.0', id: 1, method: 'tools/call' }, fast: false },
  { name: 'params an array', body: call([cached]), fast: false },
  { name: 'a numeric name', body: call({ name: 7 }), fast: false },
  { name: 'an unknown tool', body: call({ name: 'get_nothing', arguments: {} }), fast: false },
  { name: 'arguments an array', body: call({ name: 'get_cached_ticker', arguments: [] }), fast: false },
  { name: 'arguments null', body: call({ name: 'get_cached_ticker', arguments: null }), fast: false },
  { name: 'a progress token', body: call({ ...cached, _meta: { progressToken: 'p' } }), fast: false },
  { name: 'a bad progress token', body: call({ ...cached, _meta: { progressToken: 1.5 } }), fast: false },
  {
    name: 'a related task',
    body: call({ ...cached, _meta: { 'io.modelcontextprotocol/related-task': { taskId: 't' } } }),
    fast: false,
  },
  { name: '_meta an array', body: call({ ...cached, _meta: [] }), fast: false },
  { name: 'a task', body: call({ ...cached, task: { ttl: 1000 } }), fast: false },
  { name: 'an extra params member', body: call({ ...cached, extra: 1 }), fast: false },
  {
    name: 'a numeric cursor',
    body: { jsonrpc: '2.0', id: 3, method: 'tools/list', params: { cursor: 4 } },
    fast: false,
  },
  { name: 'ping', body: { jsonrpc: '2.0', id: 4, method: 'ping' }, fast: false },
  {
    name: 'initialize',
    body: {
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: {
        protocolVersion: LATEST_PROTOCOL_VERSION,
        capabilities: {},
        clientInfo: { name: 't', version: '1' },
      },
    },
    fast: false,
  },
];

function headersOf(extra: Case['headers'] = {}): Record<string, string> {
  const sent: Record<string, string> = {};
  for (const [name, value] of Object.entries({ ...HEADERS, ...extra }))
    if (value !== undefined) sent[name] = value;
  return sent;
}

/** What a client sees of an answer; the request id (header, and in an error envelope) made comparable. */
async function post(gateway: Gateway, testCase: Case) {
  const response = await fetch(`${gateway.url}${ENDPOINT}`, {
    method: 'POST',
    headers: headersOf(testCase.headers),
    body: JSON.stringify(testCase.body),
  });
  const requestId = response.headers.get('x-request-id') ?? '';
  const body = await response.text();
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    sessionId: response.headers.get('mcp-session-id'),
    body: requestId ? body.replaceAll(requestId, '<request-id>') : body,
  };
}

/**
 * The fast path answers exactly as the SDK does: each message, well-formed or not, to a gateway with the fast
 * path and to one with MCP_FAST_PATH=false (the SDK's server and transport alone) on the same clock and
 * simulators; status, content type, session header and the body's bytes must be equal. The recogniser is
 * also asked directly, so a fast path that silently took nothing would fail here.
 */
describe('MCP fast path against the SDK alone', () => {
  let fast: Gateway;
  let sdk: Gateway;
  beforeAll(async () => {
    const now = () => Date.parse('2026-03-04T05:06:07.000Z');
    [fast, sdk] = await Promise.all([
      startGateway({ now, simNow: now }),
      startGateway({ now, simNow: now, env: { MCP_FAST_PATH: 'false' } }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([fast?.close(), sdk?.close()]);
  });

  const tools = new Map(
    ['environment_info', 'get_ticker', 'get_cached_ticker', 'place_order'].map((name) => [
      name,
      {} as RegisteredTool,
    ]),
  );

  it.each(CASES)('$name', async (testCase) => {
    const headers = headersOf(testCase.headers);
    expect(fastMessage(testCase.body, headers, tools) !== undefined).toBe(testCase.fast);
    const [viaFast, viaSdk] = [await post(fast, testCase), await post(sdk, testCase)];
    expect(viaFast).toEqual(viaSdk);
  });

  it('answers a write and its replay under an Idempotency-Key alike', async () => {
    const write: Case = {
      name: 'write',
      body: call({
        name: 'place_order',
        arguments: { symbol: 'BTC', amount: 1 },
        _meta: { idempotency_key: 'fp-1' },
      }),
      fast: true,
    };
    const first = [await post(fast, write), await post(sdk, write)];
    expect(first[0]).toEqual(first[1]);
    const replay = [await post(fast, write), await post(sdk, write)];
    expect(replay[0]?.body).toContain('"_meta":{"idempotent_replayed":true}');
    expect(replay[0]).toEqual(replay[1]);
  });

  it('answers an upstream failure with the same isError result', async () => {
    for (const gateway of [fast, sdk])
      gateway.sims
        .get('ticker')!
        .test.faults.inject({ fault: { kind: 'error', status: 503 }, path: '/ticker', times: 10 });
    const failing: Case = {
      name: 'upstream 503',
      body: call({ name: 'get_ticker', arguments: { symbol: 'ETH' } }),
      fast: true,
    };
    const [viaFast, viaSdk] = [await post(fast, failing), await post(sdk, failing)];
    expect(viaFast.body).toContain('"isError":true');
    expect(viaFast).toEqual(viaSdk);
  });
});

describe('MCP fast path result bytes', () => {
  const entry = { namespace: { name: 'mcp-test' }, tool: { name: 'tool' } } as RegisteredTool;
  /** The bytes the SDK's own server and transport send for a tools/call whose handler returns this answer. */
  async function sdkBytes(id: number, answer: McpAnswer): Promise<string> {
    const server = new Server({ name: 'test', version: '1' }, { capabilities: { tools: {} } });
    server.setRequestHandler(CallToolRequestSchema, () => resultOf(entry, answer));
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    await server.connect(transport);
    const request = new Request('http://test/mcp', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify(call({ name: 'tool' }, id)),
    });
    return (await transport.handleRequest(request)).text();
  }

  it.each([
    ['an answer in JSON.stringify form', '{"symbol":"BTC","price":42.5,"levels":[{"p":1}]}', false],
    ['a replayed answer', '{"order_id":"o-1"}', true],
    ['an integer-like key, which parsing moves first', '{"b":1,"10":{"z":1,"2":2}}', false],
    ['an answer that is not an object', '[1,2]', false],
    ['a number JSON.stringify writes otherwise', '{"a":1.50,"b":1e2}', false],
  ])('%s', async (_name, json, replayed) => {
    const answer: McpAnswer = { kind: 'json', json: Buffer.from(json), replayed };
    const expected = await sdkBytes(7, answer);
    // Twice: the second answer comes from the per-Buffer memo.
    expect(callResponse(7, entry, answer)).toBe(expected);
    expect(callResponse(7, entry, answer)).toBe(expected);
  });
});
