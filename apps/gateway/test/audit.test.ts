import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Envelope, type Gateway, MAINNET, startGateway, TESTNET } from './helpers.js';

let clock = Date.parse('2026-03-01T10:00:00.000Z');
let gateway: Gateway;

beforeAll(async () => {
  gateway = await startGateway({ now: () => clock, env: { AUDIT_LOG_BACKUP_DAYS: '2' } });
});
afterAll(() => gateway.close());

const auditFile = () => gateway.config.AUDIT_LOG_FILE;
// The data directory also holds the idempotency keys' SQLite file.
const auditFiles = (dir: string) =>
  readdirSync(dir)
    .filter((name) => name.startsWith('audit.log'))
    .sort();
const fileRecords = (path = auditFile()) =>
  readFileSync(path, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);

async function order(body: unknown, headers: Record<string, string> = {}) {
  const res = await gateway.call('/mcp-ticker/tools/place_order', body, headers);
  // The audit records must be on disk by the time the answer arrives: read the file right away.
  const onDisk = existsSync(auditFile()) ? fileRecords() : [];
  const requestId = res.headers.get('x-request-id');
  const mine = onDisk.filter((record) => record.request_id === requestId);
  return { res, body: (await res.json()) as Record<string, unknown> & Envelope, mine, requestId };
}

async function queryAudit(query: string, token = TESTNET) {
  const res = await fetch(`${gateway.url}/admin/audit${query}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return {
    status: res.status,
    body: (await res.json()) as {
      records: Record<string, unknown>[];
      count: number;
      limit: number;
      has_more: boolean;
    } & Envelope,
  };
}

describe('audit trail of writes', () => {
  it('records the attempt and the result on disk before answering, with secrets redacted', async () => {
    const { res, body, mine } = await order(
      { symbol: 'BTC', amount: 0.01, api_secret: 'hunter2' },
      { 'x-request-id': 'order-ok-1', 'x-bot-tag': 'bot-a' },
    );
    expect(res.status).toBe(200);
    expect(mine.map((record) => [record.event, record.outcome])).toEqual([
      ['attempt', 'pending'],
      ['result', 'ok'],
    ]);
    expect(mine[1]).toMatchObject({
      time: '2026-03-01T10:00:00.000Z',
      client_request_id: 'order-ok-1',
      actor: 'testnet',
      bot_tag: 'bot-a',
      exchange: 'ticker',
      namespace: 'mcp-ticker',
      action: 'place_order',
      environment: 'test',
      params: { symbol: 'BTC', amount: 0.01, api_secret: '[redacted]' },
      upstream_ids: [body.order_id],
      error: null,
    });
    expect(readFileSync(auditFile(), 'utf8')).not.toContain('hunter2');
  });

  it('records a leverage-cap refusal and sends nothing upstream', async () => {
    const sim = gateway.sims.get('ticker')!;
    const before = sim.test.hits({ method: 'POST', path: '/orders' });
    const { res, body, mine, requestId } = await order({ symbol: 'BTC', amount: 1000 });
    expect(res.status).toBe(422);
    expect(body.error).toMatchObject({
      code: 'LEVERAGE_CAP_EXCEEDED',
      request_id: requestId,
      retryable: false,
    });
    expect(body.error.details).toMatchObject({ cap: 3, equity: 10_000 });
    expect(sim.test.hits({ method: 'POST', path: '/orders' })).toBe(before);
    const result = mine.find((record) => record.event === 'result');
    expect(result).toMatchObject({
      outcome: 'refused',
      error: { code: 'LEVERAGE_CAP_EXCEEDED', status: 422 },
    });
  });

  it('records a write the venue refused', async () => {
    const sim = gateway.sims.get('ticker')!;
    sim.test.faults.inject({ fault: { kind: 'error', status: 400 }, path: '/orders', times: 1 });
    const { res, mine } = await order({ symbol: 'BTC', amount: 0.01 });
    expect(res.status).toBe(422);
    const result = mine.find((record) => record.event === 'result');
    expect(result).toMatchObject({ outcome: 'failed', error: { code: 'ORDER_REJECTED', status: 422 } });
  });

  it('carries its own request_id through header, envelope, request log and audit, the client’s beside it', async () => {
    const { body, requestId } = await order({ symbol: 'BTC', amount: 1000 }, { 'x-request-id': 'corr-42' });
    expect(requestId).not.toBe('corr-42');
    expect(body.error.request_id).toBe(requestId);
    const mine = { request_id: requestId, client_request_id: 'corr-42' };
    await expect
      .poll(() =>
        gateway.logLines().find((line) => line.name === 'mcp.request' && line.request_id === requestId),
      )
      .toMatchObject({ ...mine, status_code: 422, tool: 'place_order', actor: 'testnet' });
    expect(
      gateway.logLines().filter((line) => line.name === 'mcp.audit' && line.request_id === requestId),
    ).toEqual([expect.objectContaining(mine), expect.objectContaining(mine)]);
    const { body: page } = await queryAudit('?action=place_order&limit=10');
    expect(page.records.filter((record) => record.request_id === requestId)).toEqual([
      expect.objectContaining(mine),
      expect.objectContaining(mine),
    ]);
  });

  it('records and logs a UTF-8 bot tag as it was sent', async () => {
    const utf8Tag = Buffer.from('müller-日本', 'utf8').toString('latin1'); // its bytes, as a header carries them
    const { res, mine, requestId } = await order({ symbol: 'BTC', amount: 0.01 }, { 'x-bot-tag': utf8Tag });
    expect(res.status).toBe(200);
    expect(mine.map((record) => record.bot_tag)).toEqual(['müller-日本', 'müller-日本']);
    expect(readFileSync(auditFile(), 'utf8')).not.toContain('mÃ¼ller');
    await expect
      .poll(() =>
        gateway.logLines().find((line) => line.name === 'mcp.request' && line.request_id === requestId),
      )
      .toMatchObject({ bot_tag: 'müller-日本' });
  });

  it('records no client_request_id when the client sent none', async () => {
    const { mine } = await order({ symbol: 'BTC', amount: 0.01 });
    expect(mine.map((record) => record.client_request_id)).toEqual([null, null]);
  });

  it('does not audit reads', async () => {
    await gateway.call('/mcp-ticker/tools/get_ticker', { symbol: 'BTC' }, { 'x-request-id': 'read-1' });
    expect(fileRecords().some((record) => record.client_request_id === 'read-1')).toBe(false);
  });
});

describe('rotation and /admin/audit', () => {
  it('rotates at the first write of a new UTC day and keeps AUDIT_LOG_BACKUP_DAYS days', async () => {
    clock = Date.parse('2026-03-02T00:00:01.000Z');
    await order(
      { symbol: 'ETH', amount: 0.01 },
      { 'x-bot-tag': 'bot-b', authorization: `Bearer ${MAINNET}` },
    );
    const dir = gateway.dataDir;
    expect(auditFiles(dir)).toEqual(['audit.log', 'audit.log.2026-03-01']);
    expect(fileRecords().every((record) => String(record.time).startsWith('2026-03-02'))).toBe(true);

    clock = Date.parse('2026-03-03T12:00:00.000Z');
    await order({ symbol: 'SOL', amount: 0.01 }, { 'x-bot-tag': 'bot-c' });
    clock = Date.parse('2026-03-04T12:00:00.000Z');
    await order({ symbol: 'SOL', amount: 0.01 }, { 'x-bot-tag': 'bot-c' });
    clock = Date.parse('2026-03-05T12:00:00.000Z');
    await order({ symbol: 'SOL', amount: 0.01 }, { 'x-bot-tag': 'bot-c', 'x-request-id': 'latest' });
    // Kept: the current file and the rotated files of the last 2 days.
    expect(auditFiles(dir)).toEqual(['audit.log', 'audit.log.2026-03-03', 'audit.log.2026-03-04']);
  });

  it('reads the current and rotated files newest first', async () => {
    const { status, body } = await queryAudit('');
    expect(status).toBe(200);
    expect(body.limit).toBe(1000);
    expect(body.records[0]).toMatchObject({ client_request_id: 'latest', event: 'result' });
    const times = body.records.map((record) => String(record.time));
    expect(times).toEqual([...times].sort().reverse());
    expect(new Set(times.map((time) => time.slice(0, 10)))).toEqual(
      new Set(['2026-03-03', '2026-03-04', '2026-03-05']),
    );
  });

  it('filters by actor, exchange, action, bot_tag and time', async () => {
    expect((await queryAudit('?actor=mainnet')).body.count).toBe(0); // the mainnet order's day was rotated away
    const tagged = await queryAudit('?bot_tag=bot-c');
    expect(tagged.body.count).toBe(6);
    expect(tagged.body.records.every((record) => record.bot_tag === 'bot-c')).toBe(true);
    expect((await queryAudit('?exchange=ticker&action=place_order')).body.count).toBe(6);
    expect((await queryAudit('?exchange=other')).body.count).toBe(0);
    expect((await queryAudit('?action=get_ticker')).body.count).toBe(0);
    const day = await queryAudit('?from=2026-03-04&to=2026-03-04');
    expect(day.body.records.map((record) => String(record.time))).toEqual([
      '2026-03-04T12:00:00.000Z',
      '2026-03-04T12:00:00.000Z',
    ]);
    const window = await queryAudit('?from=2026-03-04T00:00:00Z&to=2026-03-05T12:00:00Z&actor=testnet');
    expect(window.body.count).toBe(4);
  });

  it('limits the page and says when there is more', async () => {
    const one = await queryAudit('?limit=1');
    expect(one.body).toMatchObject({ count: 1, limit: 1, has_more: true });
    expect((await queryAudit('?limit=10000')).body).toMatchObject({ limit: 10000, has_more: false });
  });

  it('rejects a limit outside 1..10000 and a bad time with 422', async () => {
    for (const query of ['?limit=0', '?limit=10001', '?limit=abc', '?from=yesterday', '?actor=root']) {
      const { status, body } = await queryAudit(query);
      expect(status, query).toBe(422);
      expect(body.error.code).toBe('VALIDATION_ERROR');
    }
  });

  it('refuses an unknown query parameter with 422 instead of ignoring it', async () => {
    for (const query of ['?actr=mainnet', '?limit=5&bot=bot-c', '?environment=live']) {
      const { status, body } = await queryAudit(query);
      expect(status, query).toBe(422);
      expect(body.error).toMatchObject({ code: 'VALIDATION_ERROR', retryable: false });
      expect(body.error.message).toMatch(/^querystring\.\w+: must NOT have additional properties$/);
    }
  });

  it('answers each token with the records of its own environment only', async () => {
    await order(
      { symbol: 'ETH', amount: 0.01 },
      { 'x-bot-tag': 'bot-m', authorization: `Bearer ${MAINNET}` },
    );
    const testnet = await queryAudit('?actor=mainnet', TESTNET);
    expect(testnet.status).toBe(200);
    expect(testnet.body).toMatchObject({ records: [], count: 0, has_more: false });
    expect((await queryAudit('?bot_tag=bot-m', TESTNET)).body.count).toBe(0);
    expect((await queryAudit('', TESTNET)).body.records.every((r) => r.environment === 'test')).toBe(true);

    const mainnet = await queryAudit('', MAINNET);
    expect(mainnet.body.records.map((record) => [record.actor, record.environment, record.bot_tag])).toEqual([
      ['mainnet', 'live', 'bot-m'],
      ['mainnet', 'live', 'bot-m'],
    ]);
    expect((await queryAudit('?actor=testnet', MAINNET)).body.count).toBe(0);
  });
});

describe('when the audit log cannot be written', () => {
  let broken: Gateway;
  const blocker = () => join(gateway.dataDir, 'not-a-dir');
  beforeAll(async () => {
    const blocker = join(gateway.dataDir, 'not-a-dir');
    writeFileSync(blocker, 'x');
    broken = await startGateway({ env: { AUDIT_LOG_FILE: join(blocker, 'audit.log') } });
  });
  afterAll(() => broken.close());

  it('refuses the write with 503 and sends nothing upstream', async () => {
    const res = await broken.call('/mcp-ticker/tools/place_order', { symbol: 'BTC', amount: 0.01 });
    expect(res.status).toBe(503);
    expect(((await res.json()) as Envelope).error).toMatchObject({
      code: 'AUDIT_UNAVAILABLE',
      retryable: true,
    });
    const sim = broken.sims.get('ticker')!;
    expect(sim.test.hits()).toBe(0);
  });

  // The key is claimed while the attempt record is synced; a write stopped by the audit must give it back.
  it('gives an Idempotency-Key back when the attempt record failed: the repeat runs once the log works', async () => {
    const order = { symbol: 'BTC', amount: 0.01 };
    const headers = { 'idempotency-key': 'audit-down-1' };
    const refused = await broken.call('/mcp-ticker/tools/place_order', order, headers);
    expect(refused.status).toBe(503);
    const sim = broken.sims.get('ticker')!;
    expect(sim.test.hits()).toBe(0);

    rmSync(blocker());
    mkdirSync(blocker());
    const repeat = await broken.call('/mcp-ticker/tools/place_order', order, headers);
    expect(repeat.status).toBe(200);
    expect(repeat.headers.get('idempotent-replayed')).toBeNull();
    expect(sim.test.hits()).toBeGreaterThan(0);
  });
});
