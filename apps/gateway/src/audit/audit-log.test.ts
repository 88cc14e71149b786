import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { silentLogger } from '@app/kit/testing';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { AuditLog } from './audit-log.js';
import type { AuditRecord } from './audit-record.js';

const dir = mkdtempSync(join(tmpdir(), 'audit-log-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => vi.restoreAllMocks());

const record = (n: number): Omit<AuditRecord, 'time'> => ({
  event: 'attempt',
  request_id: `r${n}`,
  client_request_id: null,
  actor: 'testnet',
  bot_tag: 'bot',
  exchange: 'optx',
  namespace: 'mcp-optx',
  action: 'place_order',
  environment: 'test',
  params: { amount: n },
  outcome: 'pending',
  idempotency_key: null,
  client_order_id: null,
  upstream_ids: [],
  error: null,
});

/** FileHandle.prototype.datasync, watched: how many fdatasyncs finished; the calls numbered in `failing` fail. */
async function watchDatasync() {
  const probe = await open(join(dir, 'probe'), 'a');
  const proto = Object.getPrototypeOf(probe) as { datasync: () => Promise<void> };
  await probe.close();
  const original = proto.datasync;
  const watch = { calls: 0, finished: 0, failing: new Set<number>() };
  vi.spyOn(proto, 'datasync').mockImplementation(async function (this: unknown) {
    watch.calls++;
    if (watch.failing.has(watch.calls)) {
      throw Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO' });
    }
    await original.call(this);
    watch.finished++;
  });
  return watch;
}

const newLog = (name: string) =>
  new AuditLog({ file: join(dir, name), backupDays: 30, now: Date.now, logger: silentLogger() });

const requestIds = (file: string) =>
  readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((line) => (JSON.parse(line) as AuditRecord).request_id);

describe('AuditLog', () => {
  it('resolves each record only once it is in the file and an fdatasync after it finished', async () => {
    const watch = await watchDatasync();
    const sut = newLog('durable.log');
    const appended = Array.from({ length: 20 }, (_, n) => {
      const syncedBefore = watch.finished;
      return sut.append(record(n)).then(() => {
        expect(requestIds(sut.file)).toContain(`r${n}`);
        expect(watch.finished).toBeGreaterThan(syncedBefore);
      });
    });
    await Promise.all(appended);
    await sut.close();
  });

  it('keeps the order of the appends and shares one fdatasync among records that came together', async () => {
    const watch = await watchDatasync();
    const sut = newLog('order.log');
    await Promise.all(Array.from({ length: 50 }, (_, n) => sut.append(record(n))));
    expect(requestIds(sut.file)).toEqual(Array.from({ length: 50 }, (_, n) => `r${n}`));
    // The first record went alone; the 49 that arrived while it was synced went in one batch.
    expect(watch.finished).toBe(2);
    await sut.close();
  });

  it('refuses every record of a batch whose fdatasync failed with 503 AUDIT_UNAVAILABLE; the next batch is written', async () => {
    const watch = await watchDatasync();
    const sut = newLog('failing.log');
    watch.failing.add(2);
    const first = sut.append(record(0));
    const batch = [1, 2, 3].map((n) =>
      sut.append(record(n)).then(
        () => 'written',
        (error: { status?: number; code?: string }) => `${error.status} ${error.code}`,
      ),
    );
    await first;
    expect(await Promise.all(batch)).toEqual(Array(3).fill('503 AUDIT_UNAVAILABLE'));
    await sut.append(record(4));
    expect(requestIds(sut.file).at(-1)).toBe('r4');
    await sut.close();
  });
});
