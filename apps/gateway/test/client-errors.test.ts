import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Envelope, type Gateway, startGateway, TESTNET } from './helpers.js';
import { type RawAnswer, rawRequest } from './raw-http.js';

let gateway: Gateway;
beforeAll(async () => {
  gateway = await startGateway();
});
afterAll(() => gateway.close());

const TOOL = '/mcp-ticker/tools/get_ticker';
const CALL_HEADERS =
  `Host: gateway\r\nAuthorization: Bearer ${TESTNET}\r\n` +
  'X-Bot-Tag: raw-bot\r\nContent-Type: application/json\r\n';

/** The envelope of a raw answer, checked against its X-Request-Id, and its one request-log line. */
async function refusal(answer: RawAnswer, status: number, code: string) {
  expect(answer.status).toBe(status);
  expect(answer.headers['content-type']).toMatch(/^application\/json/);
  expect(answer.headers.connection).toBe('close');
  const envelope = JSON.parse(answer.body) as Envelope;
  expect(envelope).toEqual({
    error: {
      code,
      message: expect.any(String),
      retryable: false,
      request_id: answer.headers['x-request-id'],
    },
  });
  const id = envelope.error.request_id;
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  const lines = () =>
    gateway.logLines().filter((line) => line.name === 'mcp.request' && line.request_id === id);
  await expect.poll(() => lines().length).toBe(1);
  // Nothing else arrives later (the socket's close, a late body read).
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(lines()).toHaveLength(1);
  const line = lines()[0] as Record<string, unknown>;
  expect(line).toMatchObject({ status_code: status, client_ip: '127.0.0.1', client_request_id: null });
  expect(Object.keys(line)).toEqual(expect.arrayContaining(['method', 'path', 'duration_ms', 'user_agent']));
  return { envelope, line };
}

describe('requests Node’s HTTP parser refuses', () => {
  it('answers a control byte in a header with 400 in the envelope, logged once', async () => {
    const answer = await rawRequest(
      gateway.url,
      'GET /health?probe=1 HTTP/1.1\r\nHost: gateway\r\nX-Note: a\u0001b\r\n\r\n',
    );
    const { envelope, line } = await refusal(answer, 400, 'MALFORMED_REQUEST');
    expect(envelope.error.message).toMatch(/^Not a valid HTTP\/1\.1 request/);
    expect(line).toMatchObject({
      method: 'GET',
      path: '/health',
      actor: null,
      tool: null,
      duration_ms: null,
    });
  });

  it('answers Content-Length together with Transfer-Encoding with 400', async () => {
    const answer = await rawRequest(
      gateway.url,
      `POST ${TOOL} HTTP/1.1\r\n${CALL_HEADERS}Content-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n`,
    );
    const { line } = await refusal(answer, 400, 'MALFORMED_REQUEST');
    expect(line).toMatchObject({ method: 'POST', path: TOOL });
  });

  it('answers a bad chunk size in a tool call’s body through the call’s own error path', async () => {
    const answer = await rawRequest(
      gateway.url,
      `POST ${TOOL} HTTP/1.1\r\n${CALL_HEADERS}Transfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n`,
    );
    const { envelope, line } = await refusal(answer, 400, 'MALFORMED_REQUEST');
    expect(envelope.error.message).toMatch(/chunk size/);
    // Fastify had routed the call: its line names the tool and the caller, and has a duration.
    expect(line).toMatchObject({ method: 'POST', path: TOOL, tool: 'get_ticker', actor: 'testnet' });
    expect(typeof line.duration_ms).toBe('number');
  });

  it('answers headers over the size limit with 431', async () => {
    const answer = await rawRequest(
      gateway.url,
      `GET /health HTTP/1.1\r\nHost: gateway\r\nX-Padding: ${'a'.repeat(17_000)}\r\n\r\n`,
    );
    const { envelope } = await refusal(answer, 431, 'HEADERS_TOO_LARGE');
    expect(envelope.error.message).toMatch(/16384 bytes/);
  });

  it('answers a refused request pipelined behind a good one after that one, in order', async () => {
    const answer = await rawRequest(
      gateway.url,
      'GET /health HTTP/1.1\r\nHost: gateway\r\n\r\nGET /health HTTP/1.1\r\nHost: gateway\r\nX-Note: a\u0001b\r\n\r\n',
    );
    expect(answer.status).toBe(200);
    const second = answer.body.indexOf('HTTP/1.1 ');
    expect(second).toBeGreaterThan(0);
    const next = await rawAnswerOf(answer.body.slice(second));
    const { line } = await refusal(next, 400, 'MALFORMED_REQUEST');
    expect(line).toMatchObject({ method: null, path: null });
  });
});

/** The second answer of a pipelined exchange, parsed like the first. */
async function rawAnswerOf(text: string): Promise<RawAnswer> {
  const split = text.indexOf('\r\n\r\n');
  const [statusLine = '', ...lines] = text.slice(0, split).split('\r\n');
  const headers = Object.fromEntries(
    lines.map((line) => [
      line.slice(0, line.indexOf(':')).toLowerCase(),
      line.slice(line.indexOf(':') + 1).trim(),
    ]),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body: text.slice(split + 4) };
}
