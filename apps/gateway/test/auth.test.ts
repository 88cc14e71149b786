import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Envelope, type Gateway, MAINNET, startGateway, TESTNET } from './helpers.js';
import { rawRequest } from './raw-http.js';

let gateway: Gateway;
beforeAll(async () => {
  gateway = await startGateway();
});
afterAll(() => gateway.close());

const TOOL = '/mcp-ticker/tools/environment_info';

/** A header value carrying `text`'s UTF-8 bytes, as a client sends it (Node reads header bytes as latin1). */
const utf8 = (text: string) => Buffer.from(text, 'utf8').toString('latin1');

const requestLines = (filter: (line: Record<string, unknown>) => boolean) =>
  gateway.logLines().filter((line) => line.name === 'mcp.request' && filter(line));

async function status(path: string, headers: Record<string, string>, method = 'POST') {
  const res = await fetch(`${gateway.url}${path}`, {
    method,
    headers: { ...(method === 'POST' ? { 'content-type': 'application/json' } : {}), ...headers },
    ...(method === 'POST' ? { body: '{}' } : {}),
  });
  const body = (await res.json()) as Envelope & Record<string, unknown>;
  return { status: res.status, code: body.error?.code, body, res };
}

describe('authentication on /mcp* namespaces', () => {
  it('answers 401 with WWW-Authenticate when no token is sent', async () => {
    const { status: code, body, res } = await status(TOOL, { 'x-bot-tag': 'bot' });
    expect(code).toBe(401);
    expect(body.error.code).toBe('AUTH_TOKEN_MISSING');
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer realm=/);
    expect(body.error.request_id).toBe(res.headers.get('x-request-id'));
  });

  it('answers 401 invalid_token for a wrong token', async () => {
    const {
      status: code,
      body,
      res,
    } = await status(TOOL, { authorization: 'Bearer nope', 'x-bot-tag': 'bot' });
    expect(code).toBe(401);
    expect(body.error.code).toBe('AUTH_TOKEN_INVALID');
    expect(res.headers.get('www-authenticate')).toContain('error="invalid_token"');
  });

  it('answers 401 AUTH_TOKEN_MISSING for a bearer header without a token, like a missing header', async () => {
    for (const header of ['Bearer', 'bearer ', 'Bearer    ']) {
      const { status: code, body, res } = await status(TOOL, { authorization: header, 'x-bot-tag': 'bot' });
      expect([code, body.error.code], JSON.stringify(header)).toEqual([401, 'AUTH_TOKEN_MISSING']);
      expect(res.headers.get('www-authenticate')).toBe('Bearer realm="market-gateway"');
    }
    // fetch trims header values; on the wire the spaces after the scheme reach the gateway as sent.
    const raw = await rawRequest(
      gateway.url,
      `GET /admin/audit HTTP/1.1\r\nHost: gateway\r\nAuthorization: Bearer   \r\nConnection: close\r\n\r\n`,
    );
    expect(raw.status).toBe(401);
    expect((JSON.parse(raw.body) as Envelope).error.code).toBe('AUTH_TOKEN_MISSING');
  });

  it('answers 400 for an Authorization header that is not a bearer credential', async () => {
    for (const header of ['Basic dXNlcjpwYXNz', 'Bearertoken', `Bearer ${TESTNET} extra`]) {
      const { status: code, body } = await status(TOOL, { authorization: header, 'x-bot-tag': 'bot' });
      expect(code, header).toBe(400);
      expect(body.error.code).toBe('AUTH_HEADER_MALFORMED');
    }
  });

  it('routes the testnet token to the test environment and the mainnet token to live', async () => {
    const test = await status(TOOL, { authorization: `Bearer ${TESTNET}`, 'x-bot-tag': 'bot' });
    const live = await status(TOOL, { authorization: `bearer ${MAINNET}`, 'x-bot-tag': 'bot' });
    expect(test.status).toBe(200);
    expect(test.body).toMatchObject({ environment: 'test', testnet: true, profile: 'sim', simulated: true });
    expect(live.body).toMatchObject({ environment: 'live', testnet: false, simulated: true });
    const testUrl = gateway.sims.get('ticker')?.test.url;
    expect(test.body.upstreams).toEqual([{ name: 'ticker', base_url: testUrl }]);
  });

  it('requires X-Bot-Tag: missing, too long or with control characters is 400', async () => {
    const auth = { authorization: `Bearer ${TESTNET}` };
    expect((await status(TOOL, auth)).code).toBe('BOT_TAG_MISSING');
    expect((await status(TOOL, { ...auth, 'x-bot-tag': '   ' })).code).toBe('BOT_TAG_MISSING');
    const long = await status(TOOL, { ...auth, 'x-bot-tag': 'x'.repeat(65) });
    expect([long.status, long.code]).toEqual([400, 'BOT_TAG_INVALID']);
    expect((await status(TOOL, { ...auth, 'x-bot-tag': 'x'.repeat(64) })).status).toBe(200);
    const tab = await status(TOOL, { ...auth, 'x-bot-tag': 'bot\tname' });
    expect([tab.status, tab.code]).toEqual([400, 'BOT_TAG_INVALID']);
    const c1 = await status(TOOL, { ...auth, 'x-bot-tag': 'bot\u0085name' });
    expect([c1.status, c1.code]).toEqual([400, 'BOT_TAG_INVALID']);
  });

  it('reads X-Bot-Tag as UTF-8 and counts characters, not bytes', async () => {
    const auth = { authorization: `Bearer ${TESTNET}` };
    for (const tag of ['müller', '€-bot', '日本', 'ü'.repeat(33), 'ü'.repeat(64), '🤖'.repeat(64)]) {
      const answer = await status(TOOL, { ...auth, 'x-bot-tag': utf8(tag) });
      expect(answer.status, tag).toBe(200);
      const id = answer.res.headers.get('x-request-id');
      await expect
        .poll(() => requestLines((line) => line.request_id === id))
        .toEqual([expect.objectContaining({ bot_tag: tag, status_code: 200 })]);
    }
    for (const tag of ['ü'.repeat(65), 'x'.repeat(65), 'bot\u0085name', 'bot\u009bname']) {
      const answer = await status(TOOL, { ...auth, 'x-bot-tag': utf8(tag) });
      expect([answer.status, answer.code], JSON.stringify(tag)).toEqual([400, 'BOT_TAG_INVALID']);
      expect(answer.body.error.request_id).toBe(answer.res.headers.get('x-request-id'));
    }
  });

  it('refuses an X-Bot-Tag that is not UTF-8', async () => {
    // `müller` in latin1: the lone byte 0xFC is no UTF-8.
    const answer = await status(TOOL, { authorization: `Bearer ${TESTNET}`, 'x-bot-tag': 'müller' });
    expect([answer.status, answer.code]).toEqual([400, 'BOT_TAG_INVALID']);
    expect(answer.body.error.message).toMatch(/UTF-8/);
  });

  it('checks the token before the tag', async () => {
    expect((await status(TOOL, {})).status).toBe(401);
  });
});

describe('public and admin paths', () => {
  it('serves health, readiness, the schema and the docs without credentials', async () => {
    for (const path of ['/health', '/health/ready', '/openapi.json']) {
      expect((await fetch(`${gateway.url}${path}`)).status, path).toBe(200);
    }
    expect((await fetch(`${gateway.url}/apidocs`, { redirect: 'follow' })).status).toBe(200);
  });

  it('ignores a wrong token on public paths', async () => {
    const res = await fetch(`${gateway.url}/health`, { headers: { authorization: 'Bearer wrong' } });
    expect(res.status).toBe(200);
  });

  it('requires the bearer token but no bot tag on /admin/audit', async () => {
    expect((await status('/admin/audit', {}, 'GET')).status).toBe(401);
    expect((await status('/admin/audit', { authorization: 'Bearer wrong' }, 'GET')).status).toBe(401);
    expect((await status('/admin/audit', { authorization: `Bearer ${MAINNET}` }, 'GET')).status).toBe(200);
  });
});

describe('request log', () => {
  it('writes one mcp.request line per request with every field', async () => {
    const res = await fetch(`${gateway.url}/mcp-ticker/tools/get_ticker?x=1`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${MAINNET}`,
        'x-bot-tag': 'logger-bot',
        'user-agent': 'bot/1.0',
        'x-request-id': 'req-log-1',
      },
      body: JSON.stringify({ symbol: 'ETH' }),
    });
    expect(res.status).toBe(200);
    // The line is written when the socket reports the answer sent, a moment after the client has it.
    await expect
      .poll(() => requestLines((line) => line.client_request_id === 'req-log-1'), { timeout: 10_000 })
      .toHaveLength(1);
    const lines = requestLines((line) => line.client_request_id === 'req-log-1');
    const line = lines[0] as Record<string, unknown>;
    expect(line).toMatchObject({
      request_id: res.headers.get('x-request-id'),
      client_request_id: 'req-log-1',
      method: 'POST',
      path: '/mcp-ticker/tools/get_ticker',
      status_code: 200,
      actor: 'mainnet',
      bot_tag: 'logger-bot',
      exchange: 'ticker',
      tool: 'get_ticker',
      client_ip: '127.0.0.1',
      user_agent: 'bot/1.0',
    });
    expect(typeof line.duration_ms).toBe('number');
    expect(JSON.stringify(gateway.logLines())).not.toContain(MAINNET);
  });

  it('logs refused calls with the tool but without the actor', async () => {
    await fetch(`${gateway.url}/mcp-ticker/tools/get_ticker`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: 'Bearer secret-guess',
        'x-request-id': 'req-log-2',
      },
      body: '{}',
    });
    await expect
      .poll(() => requestLines((entry) => entry.client_request_id === 'req-log-2'), { timeout: 10_000 })
      .toHaveLength(1);
    const [line] = requestLines((entry) => entry.client_request_id === 'req-log-2');
    expect(line).toMatchObject({
      status_code: 401,
      actor: null,
      bot_tag: null,
      tool: 'get_ticker',
      exchange: 'ticker',
    });
    expect(JSON.stringify(gateway.logLines())).not.toContain('secret-guess');
  });

  it('logs a call whose client gave up before the answer as 499, once', async () => {
    const ticker = gateway.sims.get('ticker')!;
    ticker.test.faults.inject({ fault: { kind: 'latency', ms: 300 }, path: '/ticker', times: 1 });
    // A connection of its own, closed by the client: its address must still reach the line.
    await new Promise((resolve) => {
      const call = request(`${gateway.url}/mcp-ticker/tools/get_ticker`, {
        method: 'POST',
        agent: false,
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${TESTNET}`,
          'x-bot-tag': 'impatient-bot',
          'x-request-id': 'req-log-abort',
        },
      });
      call.on('error', () => undefined);
      call.on('close', resolve);
      call.setTimeout(50, () => call.destroy());
      call.end(JSON.stringify({ symbol: 'BTC' }));
    });
    await expect
      .poll(() => requestLines((line) => line.client_request_id === 'req-log-abort'), { timeout: 10_000 })
      .toHaveLength(1);
    // The handler still finishes (and its answer finds the socket gone) before the lines are counted again.
    await new Promise((resolve) => setTimeout(resolve, 400));
    ticker.test.faults.clear();
    const lines = requestLines((line) => line.client_request_id === 'req-log-abort');
    expect(lines).toEqual([
      expect.objectContaining({
        status_code: 499,
        tool: 'get_ticker',
        exchange: 'ticker',
        actor: 'testnet',
        bot_tag: 'impatient-bot',
        client_ip: '127.0.0.1',
      }),
    ]);
    expect(typeof lines[0]?.duration_ms).toBe('number');
  });

  it('makes its own request id and keeps a client’s X-Request-Id beside it, when usable', async () => {
    const ids = new Set<string>();
    for (const sent of ['same-id', 'same-id', 'x'.repeat(129), 'tab\there', '']) {
      const res = await fetch(`${gateway.url}/health`, { headers: sent ? { 'x-request-id': sent } : {} });
      const id = res.headers.get('x-request-id') ?? '';
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      ids.add(id);
      await expect
        .poll(() => requestLines((line) => line.request_id === id))
        .toEqual([expect.objectContaining({ client_request_id: sent === 'same-id' ? sent : null })]);
    }
    expect(ids.size).toBe(5);
  });

  it('does not write Fastify request lines of its own', () => {
    expect(gateway.logLines().filter((line) => line.msg === 'incoming request')).toHaveLength(0);
  });
});
