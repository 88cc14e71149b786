import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type Gateway, startGateway } from './helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'audit-restart-'));
let gateway: Gateway | undefined;
afterAll(async () => {
  await gateway?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('audit trail across a restart and under concurrency', () => {
  it('rotates a file left by a previous run under the day of its last record', async () => {
    const file = join(dir, 'audit.log');
    const old = {
      time: '2026-05-09T23:59:59.000Z',
      event: 'result',
      request_id: 'before-restart',
      actor: 'testnet',
    };
    writeFileSync(file, `${JSON.stringify(old)}\n`);
    gateway = await startGateway({
      now: () => Date.parse('2026-05-10T08:00:00.000Z'),
      env: { AUDIT_LOG_FILE: file },
    });
    const res = await gateway.call('/mcp-ticker/tools/place_order', { symbol: 'BTC', amount: 0.01 });
    expect(res.status).toBe(200);
    expect(readdirSync(dir).sort()).toEqual(['audit.log', 'audit.log.2026-05-09']);
    expect(readFileSync(join(dir, 'audit.log.2026-05-09'), 'utf8')).toContain('before-restart');
  });

  it('keeps every line whole when writes arrive together', async () => {
    const g = gateway as Gateway;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        g.call(
          '/mcp-ticker/tools/place_order',
          { symbol: 'BTC', amount: 0.001 },
          { 'x-request-id': `burst-${i}` },
        ),
      ),
    );
    expect(answers.every((res) => res.status === 200)).toBe(true);
    const lines = readFileSync(join(dir, 'audit.log'), 'utf8').split('\n').filter(Boolean);
    const records = lines.map(
      (line) => JSON.parse(line) as { request_id: string; client_request_id: string | null; event: string },
    );
    const burst = records.filter((record) => record.client_request_id?.startsWith('burst-'));
    expect(burst).toHaveLength(40);
    for (let i = 0; i < 20; i++) {
      const requestId = answers[i]?.headers.get('x-request-id');
      const mine = burst.filter((record) => record.request_id === requestId).map((record) => record.event);
      expect(mine).toEqual(['attempt', 'result']);
    }
  });
});
