import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { metricsQueried, type Scrape, scrape } from '@app/kit/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, startGateway } from './helpers.js';

/**
 * GET /metrics scraped over HTTP and read with a Prometheus text-format parser: the series move as calls
 * are made, their labels never take what a caller sent, and METRICS_TOKEN guards the scrape when set.
 */

const METRICS_TOKEN = 'metrics-token-0123456789';
let gateway: Gateway;
beforeAll(async () => {
  // Failures in one test must not open the circuit for the next.
  gateway = await startGateway({ env: { METRICS_TOKEN, UPSTREAM_BREAKER_FAILURES: '1000' } });
});
afterAll(() => gateway.close());
afterEach(() => {
  for (const simulator of gateway.sims.simulators) simulator.test.faults.clear();
});

const metrics = (): Promise<Scrape> => scrape(`${gateway.url}/metrics`, METRICS_TOKEN);
const ticker = () => gateway.sims.get('ticker')!.test;
const TICKER_ROUTE = { route: '/mcp-ticker/tools/get_ticker' };
const upstream = (outcome: string) => ({ upstream: 'ticker', environment: 'test', outcome });

describe('request and upstream series', () => {
  it('counts tool calls by route and status class, with their latency', async () => {
    const before = await metrics();
    for (let i = 0; i < 3; i++)
      expect((await gateway.call('/mcp-ticker/tools/get_ticker', { symbol: 'BTC' })).status).toBe(200);
    expect((await gateway.call('/mcp-ticker/tools/get_ticker', {})).status).toBe(422);
    const after = await metrics();
    const requests = (scraped: Scrape, status_class: string) =>
      scraped.value('gateway_http_requests_total', { ...TICKER_ROUTE, status_class });
    expect(requests(after, '2xx') - requests(before, '2xx')).toBe(3);
    expect(requests(after, '4xx') - requests(before, '4xx')).toBe(1);
    const latency = (scraped: Scrape) =>
      scraped.value('gateway_http_request_duration_seconds_count', { ...TICKER_ROUTE, status_class: '2xx' });
    expect(latency(after) - latency(before)).toBe(3);
    expect(after.value('gateway_upstream_calls_total', upstream('ok'))).toBeGreaterThanOrEqual(3);
    expect(
      after.value('gateway_upstream_call_duration_seconds_count', upstream('ok')),
    ).toBeGreaterThanOrEqual(3);
  });

  it('counts an upstream failure by its outcome, once per call whatever its retries', async () => {
    const before = await metrics();
    ticker().faults.inject({ fault: { kind: 'error', status: 503 }, path: '/ticker', times: 3 });
    expect((await gateway.call('/mcp-ticker/tools/get_ticker', { symbol: 'BTC' })).status).toBe(502);
    ticker().faults.inject({ fault: { kind: 'reset' }, path: '/ticker', times: 3 });
    expect((await gateway.call('/mcp-ticker/tools/get_ticker', { symbol: 'BTC' })).status).toBe(502);
    const after = await metrics();
    const moved = (outcome: string) =>
      after.value('gateway_upstream_calls_total', upstream(outcome)) -
      before.value('gateway_upstream_calls_total', upstream(outcome));
    expect(moved('http_5xx')).toBe(1);
    expect(moved('connection')).toBe(1);
    expect(
      after.value('gateway_http_requests_total', { ...TICKER_ROUTE, status_class: '5xx' }) -
        before.value('gateway_http_requests_total', { ...TICKER_ROUTE, status_class: '5xx' }),
    ).toBe(2);
  });

  it('shows each upstream host’s circuit state', async () => {
    const scraped = await metrics();
    const circuit = { upstream: 'ticker', environment: 'test', host: 'api' };
    expect(scraped.value('gateway_upstream_circuit_state', { ...circuit, state: 'closed' })).toBe(1);
    expect(scraped.value('gateway_upstream_circuit_state', { ...circuit, state: 'open' })).toBe(0);
  });
});

describe('write series', () => {
  const order = (body: unknown, headers: Record<string, string> = {}) =>
    gateway.call('/mcp-ticker/tools/place_order', body, headers);
  const writes = (scraped: Scrape, outcome: string) =>
    scraped.value('gateway_writes_total', { namespace: 'mcp-ticker', tool: 'place_order', outcome });

  it('counts writes by outcome and idempotent replays', async () => {
    const before = await metrics();
    const key = { 'idempotency-key': randomUUID() };
    expect((await order({ symbol: 'BTC', amount: 0.01 }, key)).status).toBe(200);
    const replay = await order({ symbol: 'BTC', amount: 0.01 }, key);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect((await order({ symbol: 'BTC', amount: 1000 })).status).toBe(422);
    const after = await metrics();
    expect(writes(after, 'sent') - writes(before, 'sent')).toBe(1);
    expect(writes(after, 'refused_leverage') - writes(before, 'refused_leverage')).toBe(1);
    const replays = (scraped: Scrape) =>
      scraped.value('gateway_idempotent_replays_total', { namespace: 'mcp-ticker', tool: 'place_order' });
    expect(replays(after) - replays(before)).toBe(1);
  });
});

describe('bounded labels', () => {
  it('does not grow the number of series under random paths, bot tags and tools', async () => {
    // Every route and outcome these requests reach has been seen once, so the series exist before the flood.
    const flood = async (round: number) => {
      const calls: Promise<Response>[] = [];
      for (let i = 0; i < 40; i++) {
        const id = `${round}-${i}-${randomUUID()}`;
        calls.push(
          fetch(`${gateway.url}/${id}/x?${id}=1`),
          gateway.call('/mcp-ticker/tools/get_ticker', { symbol: 'ETH' }, { 'x-bot-tag': `bot-${id}` }),
          gateway.call(`/mcp-ticker/tools/tool_${id}`, {}, { 'x-bot-tag': `bot-${id}` }),
          gateway.call(`/mcp-${id}/tools/get_ticker`, {}),
        );
      }
      for (const response of await Promise.all(calls)) await response.arrayBuffer();
    };
    await flood(0);
    const before = (await metrics()).labelSets('gateway_');
    await flood(1);
    const after = (await metrics()).labelSets('gateway_');
    expect(after).toEqual(before);
    expect(after.join('\n')).not.toContain('bot-');
    expect((await metrics()).value('gateway_http_requests_total', { route: 'unmatched' })).toBeGreaterThan(0);
  });
});

describe('access', () => {
  it('requires METRICS_TOKEN as a bearer when it is set', async () => {
    expect((await fetch(`${gateway.url}/metrics`)).status).toBe(401);
    const wrong = await fetch(`${gateway.url}/metrics`, { headers: { authorization: 'Bearer nope' } });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toContain('Bearer');
    const right = await fetch(`${gateway.url}/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(right.status).toBe(200);
    expect(right.headers.get('content-type')).toContain('text/plain');
    const text = await right.text();
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });

  it('is public without METRICS_TOKEN, and absent with METRICS_ENABLED=false', async () => {
    const open = await startGateway();
    const off = await startGateway({ env: { METRICS_ENABLED: 'false' } });
    try {
      expect((await fetch(`${open.url}/metrics`)).status).toBe(200);
      expect((await fetch(`${off.url}/metrics`)).status).toBe(404);
    } finally {
      await Promise.all([open.close(), off.close()]);
    }
  });
});

describe('docs/operations.md and docs/dashboards/gateway.json', () => {
  const doc = (path: string) => readFileSync(new URL(`../../../docs/${path}`, import.meta.url), 'utf8');

  it('query only series the gateway exposes', async () => {
    // A histogram shows in a scrape once observed: the tests above made calls of every kind queried.
    const scraped = await metrics();
    const dashboard = doc('dashboards/gateway.json');
    const rules = doc('operations.md').split('- name: measure')[0]!;
    const queried = [...metricsQueried(dashboard, 'gateway_'), ...metricsQueried(rules, 'gateway_')];
    expect(queried.length).toBeGreaterThan(10);
    const exposed = (name: string) => scraped.exposes(name.replace(/_(bucket|sum|count)$/, ''));
    expect(queried.filter((name) => !exposed(name))).toEqual([]);
  });

  it('is a dashboard that picks its Prometheus data source from a variable', () => {
    const dashboard = JSON.parse(doc('dashboards/gateway.json')) as {
      uid: string;
      schemaVersion: number;
      templating: { list: { name: string; type: string; query: unknown }[] };
      panels: { type: string; datasource?: { uid: string }; targets?: { expr: string }[] }[];
    };
    expect(dashboard.templating.list).toContainEqual(
      expect.objectContaining({ name: 'datasource', type: 'datasource', query: 'prometheus' }),
    );
    const queries = dashboard.panels.filter((panel) => panel.type !== 'row');
    expect(queries.length).toBeGreaterThan(10);
    for (const panel of queries) {
      // Grafana's variable syntax, not a template literal.
      expect(panel.datasource?.uid).toBe('$' + '{datasource}');
      expect(panel.targets?.length).toBeGreaterThan(0);
    }
  });
});
