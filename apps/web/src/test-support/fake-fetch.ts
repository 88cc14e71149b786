import { vi } from 'vitest';

export interface FakeCall {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

type Answer = { status?: number; body?: unknown } | 'network-down';
/** An answer, or a promise of one: a test holds a slow server's answer back until it resolves it. */
type Handler = (call: FakeCall) => Answer | Promise<Answer>;

/**
 * Replaces window.fetch with a small router for component tests: each test says how the API answers
 * and reads back what the client sent. 'network-down' makes fetch reject like a cut cable.
 */
export function fakeFetch(routes: Record<string, Handler>) {
  const calls: FakeCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const headers = Object.fromEntries(
      Object.entries((init?.headers as Record<string, string>) ?? {}).map(([k, v]) => [k.toLowerCase(), v]),
    );
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body;
    const call = { method, path: url.pathname + url.search, headers, body };
    calls.push(call);
    const handler = routes[`${method} ${url.pathname}`];
    if (!handler)
      return new Response(JSON.stringify({ detail: `no fake for ${method} ${url.pathname}` }), {
        status: 404,
      });
    const answer = await handler(call);
    if (answer === 'network-down') throw new TypeError('Failed to fetch');
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls };
}
