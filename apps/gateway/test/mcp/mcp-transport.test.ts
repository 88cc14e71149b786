import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, startGateway, TESTNET } from '../helpers.js';
import { connectMcp, envelopeOf } from './mcp-client.js';

const ENDPOINT = '/mcp-ticker/mcp';

/** A raw JSON-RPC POST, for what the SDK client will not send (bad headers, batches, old versions). */
async function rpc(gateway: Gateway, body: unknown, headers: Record<string, string> = {}, method = 'POST') {
  const response = await fetch(`${gateway.url}${ENDPOINT}`, {
    method,
    headers: {
      ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
      accept: 'application/json, text/event-stream',
      authorization: `Bearer ${TESTNET}`,
      'x-bot-tag': 'raw-bot',
      ...headers,
    },
    body: method === 'POST' ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
}

const initialize = (protocolVersion: string) => ({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion, capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
});

describe('MCP transport, authentication and accounting', () => {
  let gateway: Gateway;
  beforeAll(async () => {
    gateway = await startGateway();
  });
  afterAll(() => gateway.close());

  it('refuses a bad bearer with 401 before any MCP work', async () => {
    await expect(connectMcp(gateway, ENDPOINT, { authorization: 'Bearer wrong' })).rejects.toThrow(
      /AUTH_TOKEN_INVALID/,
    );
    const raw = await rpc(gateway, initialize(LATEST_PROTOCOL_VERSION), { authorization: 'Bearer wrong' });
    expect(raw.status).toBe(401);
    expect(raw.body.error.code).toBe('AUTH_TOKEN_INVALID');
  });

  it('answers a missing X-Bot-Tag with a JSON-RPC error that says so', async () => {
    await expect(connectMcp(gateway, ENDPOINT, { 'x-bot-tag': undefined })).rejects.toThrow(/X-Bot-Tag/);
    const raw = await rpc(gateway, initialize(LATEST_PROTOCOL_VERSION), { 'x-bot-tag': '' });
    expect(raw.status).toBe(400);
    expect(raw.body).toMatchObject({
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32600, data: { code: 'BOT_TAG_MISSING' } },
    });
  });

  it('writes one request-log line per call naming tool and exchange', async () => {
    const mcp = await connectMcp(gateway, ENDPOINT);
    const result = (await mcp.client.callTool({
      name: 'get_ticker',
      arguments: { symbol: 'BTC' },
    })) as CallToolResult;
    expect(result.structuredContent).toMatchObject({ symbol: 'BTC', testnet: true });
    const requestId = mcp.requestIds.at(-1);
    await expect
      .poll(() =>
        gateway.logLines().find((line) => line.name === 'mcp.request' && line.request_id === requestId),
      )
      .toMatchObject({
        path: ENDPOINT,
        tool: 'get_ticker',
        exchange: 'ticker',
        bot_tag: 'mcp-test',
        actor: 'testnet',
        status_code: 200,
      });
    await mcp.close();
  });

  it('turns an upstream failure into an isError result carrying the envelope', async () => {
    gateway.sims
      .get('ticker')!
      .test.faults.inject({ fault: { kind: 'error', status: 503 }, path: '/ticker', times: 10 });
    const mcp = await connectMcp(gateway, ENDPOINT);
    const result = (await mcp.client.callTool({
      name: 'get_ticker',
      arguments: { symbol: 'BTC' },
    })) as CallToolResult;
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toBeUndefined();
    expect(envelopeOf(result)).toMatchObject({
      code: expect.stringMatching(/^UPSTREAM_/),
      retryable: true,
      request_id: mcp.requestIds.at(-1),
    });
    gateway.sims.get('ticker')!.test.faults.clear();
    await mcp.close();
  });

  it('answers by the caller’s X-Deadline-Ms, and refuses one that is not a positive integer', async () => {
    const ticker = gateway.sims.get('ticker')!.test;
    // One hanging answer: with the default deadline the attempt times out (UPSTREAM_TIMEOUT_MS 1 s here) and the
    // retry succeeds; with 150 ms there is no time left for a retry, so the call ends in a timeout.
    ticker.faults.inject({ fault: { kind: 'hang' }, path: '/ticker', times: 1 });
    const short = await connectMcp(gateway, ENDPOINT, { 'x-deadline-ms': '150' });
    const late = (await short.client.callTool({
      name: 'get_ticker',
      arguments: { symbol: 'BTC' },
    })) as CallToolResult;
    expect(late.isError).toBe(true);
    expect(envelopeOf(late)).toMatchObject({ code: 'UPSTREAM_TIMEOUT', retryable: true });
    ticker.faults.clear();
    await short.close();

    const bad = await connectMcp(gateway, ENDPOINT, { 'x-deadline-ms': 'soon' });
    const refused = (await bad.client.callTool({
      name: 'get_ticker',
      arguments: { symbol: 'BTC' },
    })) as CallToolResult;
    expect(envelopeOf(refused)).toMatchObject({ code: 'INVALID_DEADLINE' });
    await bad.close();
  });

  it('negotiates the protocol version and checks the version header', async () => {
    const old = await rpc(gateway, initialize('2025-06-18'));
    expect(old.body.result.protocolVersion).toBe('2025-06-18');
    const future = await rpc(gateway, initialize('2099-01-01'));
    expect(future.body.result.protocolVersion).toBe(LATEST_PROTOCOL_VERSION);
    expect(future.headers.get('mcp-session-id')).toBeNull();
    const list = { jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} };
    expect((await rpc(gateway, list, { 'mcp-protocol-version': '1999-01-01' })).status).toBe(400);
    expect((await rpc(gateway, list, { 'mcp-protocol-version': LATEST_PROTOCOL_VERSION })).status).toBe(200);
  });

  it('validates Origin, refuses batches, and answers GET and DELETE with 405 (stateless)', async () => {
    const init = initialize(LATEST_PROTOCOL_VERSION);
    expect((await rpc(gateway, init, { origin: 'http://evil.example' })).status).toBe(403);
    expect((await rpc(gateway, init, { origin: 'http://localhost:3000' })).status).toBe(200);
    expect((await rpc(gateway, [init])).status).toBe(400);
    for (const method of ['GET', 'DELETE']) {
      const answer = await rpc(gateway, undefined, {}, method);
      expect(answer.status).toBe(405);
      expect(answer.headers.get('allow')).toBe('POST');
    }
  });
});
