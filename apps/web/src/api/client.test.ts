import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, onUnauthorized, setApiKey, withQuery } from './client';

function respond(status: number, body: string, headers: Record<string, string> = {}) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(body, { status, headers })),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  onUnauthorized(undefined);
  localStorage.clear();
});

describe('api client', () => {
  it('surfaces the server’s detail and Retry-After', async () => {
    respond(429, JSON.stringify({ detail: 'Rate limit exceeded' }), { 'retry-after': '12' });
    const error = await api('/recipes').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 429, detail: 'Rate limit exceeded', retryAfter: 12 });
  });

  it('keeps the status text when a proxy answers with HTML', async () => {
    respond(502, '<html>Bad gateway</html>');
    await expect(api('/recipes')).rejects.toMatchObject({ status: 502 });
  });

  it('reports an unreachable server as status 0', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(api('/recipes')).rejects.toMatchObject({ status: 0 });
  });

  it('ends the session on a 401, except for a failed login', async () => {
    const ended = vi.fn();
    onUnauthorized(ended);
    setApiKey('k');
    respond(401, JSON.stringify({ detail: 'Invalid credentials' }));
    await api('/auth/login', { method: 'POST', body: {} }).catch(() => undefined);
    expect(ended).not.toHaveBeenCalled();
    respond(401, JSON.stringify({ detail: 'Invalid API key' }));
    await api('/recipes').catch(() => undefined);
    expect(ended).toHaveBeenCalledTimes(1);
  });

  it('builds query strings without empty filters', () => {
    expect(
      withQuery('/measurements/', {
        recipe_id: 3,
        lot_number: '',
        subtask_id: null,
        date_from: undefined,
        page: 1,
      }),
    ).toBe('/measurements/?recipe_id=3&page=1');
  });
});
