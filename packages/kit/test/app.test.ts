import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError, conflict } from '../src/index.js';
import { startTestServer, type TestServer } from '../src/testing.js';
import { buildSampleApp } from './helpers.js';

interface ErrorBody {
  code: string;
  message: string;
  request_id: string;
}

let server: TestServer;
let logLines: () => Record<string, unknown>[];

beforeAll(async () => {
  const { app, lines } = await buildSampleApp();
  logLines = lines;
  app.get('/conflict', async () => {
    throw conflict('Recipe code already exists', 'RECIPE_CODE_TAKEN');
  });
  app.get('/limited', async () => {
    throw new AppError(429, 'RATE_LIMITED', 'Too many requests', { headers: { 'retry-after': '7' } });
  });
  app.get('/crash', async () => {
    throw new Error('database password is hunter2');
  });
  server = await startTestServer(app);
});
afterAll(() => server.close());

const post = (path: string, body: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });

describe('error mapping', () => {
  it('passes a valid body through', async () => {
    const res = await post('/items', JSON.stringify({ name: 'bolt', count: 3 }));
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ name: 'bolt', count: 3 });
  });

  it('answers malformed JSON with 400 INVALID_JSON', async () => {
    const res = await post('/items', '{"name": "bolt",');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'INVALID_JSON' });
  });

  it('answers a schema violation with 422 naming the field', async () => {
    const res = await post('/items', JSON.stringify({ name: 'bolt', count: -1 }));
    expect(res.status).toBe(422);
    const body = (await res.json()) as ErrorBody;
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.message).toMatch(/^body\.count: /);
  });

  it('names a missing required property', async () => {
    const res = await post('/items', JSON.stringify({ count: 1 }));
    expect(res.status).toBe(422);
    expect(((await res.json()) as ErrorBody).message).toMatch(/^body\.name: /);
  });

  it('does not coerce types in JSON bodies', async () => {
    const res = await post('/items', JSON.stringify({ name: 'bolt', count: '3' }));
    expect(res.status).toBe(422);
  });

  it('coerces query strings and applies defaults', async () => {
    expect(await (await fetch(`${server.url}/items?page=3`)).json()).toEqual({ page: 3 });
    expect(await (await fetch(`${server.url}/items`)).json()).toEqual({ page: 1 });
    expect((await fetch(`${server.url}/items?page=abc`)).status).toBe(422);
  });

  it('answers a body over the limit with 413', async () => {
    const res = await post('/items', JSON.stringify({ name: 'x'.repeat(2000), count: 1 }));
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: 'BODY_TOO_LARGE' });
  });

  it('maps a thrown AppError to its status and code', async () => {
    const res = await fetch(`${server.url}/conflict`);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({
      code: 'RECIPE_CODE_TAKEN',
      message: 'Recipe code already exists',
    });
  });

  it('sends the headers an AppError carries', async () => {
    const res = await fetch(`${server.url}/limited`);
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('7');
  });

  it('hides an unexpected error behind an opaque 500 and logs it', async () => {
    const res = await fetch(`${server.url}/crash`);
    expect(res.status).toBe(500);
    const body = (await res.json()) as ErrorBody;
    expect(body).toMatchObject({ code: 'INTERNAL_ERROR', message: 'Internal Server Error' });
    expect(JSON.stringify(body)).not.toContain('hunter2');
    expect(logLines().some((line) => line.level === 'error' && line.request_id === body.request_id)).toBe(
      true,
    );
  });

  it('answers a URL with broken percent-encoding with 400 in the service body shape', async () => {
    const res = await fetch(`${server.url}/items/%E0%A4%A`);
    expect(res.status).toBe(400);
    const body = (await res.json()) as ErrorBody;
    expect(body.code).toBe('BAD_URL');
    expect(res.headers.get('x-request-id')).toBe(body.request_id);
  });

  it('answers an unknown route with 404 in the service body shape', async () => {
    const res = await fetch(`${server.url}/nowhere?x=1`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'NOT_FOUND', message: 'No route for GET /nowhere' });
  });
});

describe('request ids', () => {
  it('generates a UUID when none is sent and returns it in the header and the error body', async () => {
    const res = await fetch(`${server.url}/conflict`);
    const id = res.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(((await res.json()) as ErrorBody).request_id).toBe(id);
  });

  it('accepts a sane incoming X-Request-Id', async () => {
    const res = await fetch(`${server.url}/items`, { headers: { 'x-request-id': 'bot-42.order:7' } });
    expect(res.headers.get('x-request-id')).toBe('bot-42.order:7');
  });

  it('replaces an insane incoming X-Request-Id', async () => {
    for (const bad of ['a b', 'x'.repeat(129), '<script>', 'id;drop']) {
      const res = await fetch(`${server.url}/items`, { headers: { 'x-request-id': bad } });
      const id = res.headers.get('x-request-id');
      expect(id).not.toBe(bad);
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('puts the request id on the log lines of that request', async () => {
    await fetch(`${server.url}/items`, { headers: { 'x-request-id': 'trace-me-1' } });
    expect(logLines().filter((line) => line.request_id === 'trace-me-1').length).toBeGreaterThan(0);
  });
});

describe('openapi', () => {
  it('serves an OpenAPI 3.1 document listing the routes', async () => {
    const doc = (await (await fetch(`${server.url}/openapi.json`)).json()) as {
      openapi: string;
      paths: object;
    };
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/items', '/conflict']));
  });

  it('serves the interactive page', async () => {
    const res = await fetch(`${server.url}/docs/`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('swagger-ui');
  });
});
