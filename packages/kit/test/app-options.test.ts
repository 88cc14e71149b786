import { connect } from 'node:net';
import { Type } from '@sinclair/typebox';
import { afterEach, describe, expect, it } from 'vitest';
import { type CreateAppOptions, createApp } from '../src/index.js';
import { silentLogger, startTestServer, type TestServer } from '../src/testing.js';

let server: TestServer | undefined;
afterEach(() => server?.close());

async function serveWith(options: Partial<CreateAppOptions>): Promise<string> {
  const app = await createApp({
    logger: silentLogger(),
    renderError: (error, request) => ({ code: error.code, request_id: request.id }),
    ...options,
  });
  const PageQuery = Type.Object({ page: Type.Integer({ default: 1 }) }, { additionalProperties: false });
  app.get('/page', { schema: { querystring: PageQuery } }, async (request) => request.query);
  server = await startTestServer(app);
  return server.url;
}

describe('createApp defaults', () => {
  it('drops unknown query parameters and adopts a sane X-Request-Id', async () => {
    const url = await serveWith({});
    const res = await fetch(`${url}/page?page=2&extra=1`, { headers: { 'x-request-id': 'caller-7' } });
    expect([res.status, await res.json()]).toEqual([200, { page: 2 }]);
    expect(res.headers.get('x-request-id')).toBe('caller-7');
  });
});

describe('createApp options', () => {
  it('rejectUnknownQuery: an unknown query parameter is a 422 naming it', async () => {
    const url = await serveWith({ rejectUnknownQuery: true });
    const res = await fetch(`${url}/page?page=2&extra=1`);
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(await (await fetch(`${url}/page?page=2`)).json()).toEqual({ page: 2 });
  });

  it('adoptRequestId false: the id is always the service’s own', async () => {
    const url = await serveWith({ adoptRequestId: false });
    const res = await fetch(`${url}/page`, { headers: { 'x-request-id': 'caller-7' } });
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('clientErrorHandler answers what the HTTP parser refused', async () => {
    const url = await serveWith({
      clientErrorHandler: (error, socket) =>
        socket.end(`HTTP/1.1 418 I'm a Teapot\r\nX-Seen: ${error.code}\r\n\r\n`),
    });
    const answer = await new Promise<string>((resolve) => {
      const socket = connect(Number(new URL(url).port), '127.0.0.1', () => socket.write('NOT HTTP\r\n\r\n'));
      let text = '';
      socket.on('data', (chunk) => {
        text += chunk;
      });
      socket.on('close', () => resolve(text));
    });
    expect(answer).toMatch(/^HTTP\/1\.1 418 .*\r\nX-Seen: HPE_/);
  });
});
