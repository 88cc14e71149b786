import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { startUpstreams, type Upstreams } from '../src/upstream/upstream-profile.js';
import { defineUpstream, type UpstreamSpec } from '../src/upstream/upstream-spec.js';
import { tickerUpstream } from './fixtures/ticker.namespace.js';
import { tickerSimulator } from './fixtures/ticker.simulator.js';

const dataDir = mkdtempSync(join(tmpdir(), 'profile-'));
const opened: Upstreams[] = [];
afterAll(async () => {
  await Promise.all(opened.map((upstreams) => upstreams.close()));
  rmSync(dataDir, { recursive: true, force: true });
});

const spec = defineUpstream({
  ...tickerUpstream('optx'),
  hosts: { api: { publicUrl: { test: 'https://test.deribit.com', live: 'https://www.deribit.com' } } },
});

async function start(
  env: Record<string, string>,
  simulators = [tickerSimulator('optx')],
  specs: UpstreamSpec[] = [spec],
) {
  const upstreams = await startUpstreams({
    config: loadConfig({ DATA_DIR: dataDir, ...env }, specs),
    specs,
    simulators,
  });
  opened.push(upstreams);
  return upstreams;
}

describe('upstream profiles', () => {
  it('sim (the default) points each environment at its own in-process simulator', async () => {
    const upstreams = await start({});
    const sim = upstreams.simulators?.get('optx');
    expect(upstreams.profile).toBe('sim');
    expect(upstreams.registry.get('optx', 'test').baseUrl).toBe(sim?.test.url);
    expect(upstreams.registry.get('optx', 'live').baseUrl).toBe(sim?.live.url);
  });

  it('appends the host’s simPath to the simulator origin, so clients build the same paths in both profiles', async () => {
    const withPath = defineUpstream({
      ...spec,
      hosts: { api: { publicUrl: 'https://www.deribit.com/api/v2', simPath: '/api/v2' } },
    });
    const upstreams = await start({}, [tickerSimulator('optx')], [withPath]);
    expect(upstreams.registry.get('optx', 'live').baseUrl).toBe(
      `${upstreams.simulators?.get('optx')?.live.url}/api/v2`,
    );
  });

  it('public uses the real test host for test and the live host for live, and starts no simulator', async () => {
    const upstreams = await start({ UPSTREAM_PROFILE: 'public' });
    expect(upstreams.simulators).toBeUndefined();
    expect(upstreams.registry.get('optx', 'test').baseUrl).toBe('https://test.deribit.com');
    expect(upstreams.registry.get('optx', 'live').baseUrl).toBe('https://www.deribit.com');
  });

  it('lets OPTX_TEST_URL / OPTX_LIVE_URL override either profile', async () => {
    const upstreams = await start({ UPSTREAM_PROFILE: 'public', OPTX_TEST_URL: 'http://127.0.0.1:9999/api' });
    expect(upstreams.registry.get('optx', 'test').baseUrl).toBe('http://127.0.0.1:9999/api');
    expect(upstreams.registry.get('optx', 'live').baseUrl).toBe('https://www.deribit.com');
  });

  it('refuses the sim profile for an upstream without a simulator unless both URLs are overridden', async () => {
    await expect(start({}, [])).rejects.toThrow(/no simulator is registered for optx/);
    const upstreams = await start(
      { OPTX_TEST_URL: 'http://127.0.0.1:1', OPTX_LIVE_URL: 'http://127.0.0.1:2' },
      [],
    );
    expect(upstreams.registry.get('optx', 'live').baseUrl).toBe('http://127.0.0.1:2');
  });

  it('rejects a malformed override at start', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir, OPTX_LIVE_URL: 'ftp://x' }, [spec])).toThrow(
      /OPTX_LIVE_URL/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, OPTX_MAX_LEVERAGE: '-1' }, [])).toThrow(/OPTX_MAX_LEVERAGE/);
    expect(loadConfig({ DATA_DIR: dataDir, BROKER_MAX_LEVERAGE: '2.5' }, []).BROKER_MAX_LEVERAGE).toBe(2.5);
  });

  it('builds one client per upstream and environment, shared by every namespace that asks', async () => {
    let built = 0;
    const counted = defineUpstream({
      ...spec,
      client: (connection) => {
        built++;
        return { http: connection.http(), environment: connection.environment };
      },
    });
    const upstreams = await start({}, [tickerSimulator('optx')], [counted]);
    const { registry } = upstreams;
    expect(registry.client(counted, 'test').http.baseUrl).toBe(upstreams.simulators?.get('optx')?.test.url);
    expect(registry.client(counted, 'live').environment).toBe('live');
    expect(registry.client(counted, 'test')).toBe(registry.client(counted, 'test'));
    expect(built).toBe(2);
  });
});

describe('a live-only provider', () => {
  const provider = defineUpstream({
    ...tickerUpstream('quotes'),
    environments: 'live-only',
    hosts: { api: { publicUrl: 'https://quotes.example' } },
  });

  it('has one environment that both tokens read, one URL variable without an environment, one readiness row', async () => {
    const upstreams = await start({ QUOTES_URL: 'http://127.0.0.1:7' }, [], [provider]);
    expect(upstreams.registry.get('quotes', 'test')).toBe(upstreams.registry.get('quotes', 'live'));
    expect(upstreams.registry.get('quotes', 'test').baseUrl).toBe('http://127.0.0.1:7');
    const ready = await upstreams.registry.readiness();
    expect(ready.upstreams.map((row) => `${row.name}:${row.environment}`)).toEqual(['quotes:live']);
  });
});
