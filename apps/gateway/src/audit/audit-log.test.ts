import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { type FileHandle, open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppError, createLogger } from '@app/kit';
import { afterEach, describe, expect, it } from 'vitest';
import { type AuditFileHandle, AuditLog } from './audit-log.js';
import type { AuditRecord } from './audit-record.js';

/** A real file whose fdatasyncs are counted, can be held at their start, and can be made to fail. */
class WatchedFile implements AuditFileHandle {
  /** The file's length as this handle wrote it (it appends). */
  written: number;
  /** The file's first bytes a completed fdatasync covered: what is durable. */
  durable: number;
  syncs = 0;
  #hold: Promise<void> | undefined;
  #release: (() => void) | undefined;
  #entered: (() => void) | undefined;
  /** The fdatasync with this number (1 = the first) fails. */
  failSync = 0;

  constructor(
    private readonly inner: FileHandle,
    size: number,
  ) {
    this.written = size;
    this.durable = size;
  }

  /** The next fdatasync waits at its start until `release`; resolves once it got there. */
  holdNextSync(): { entered: Promise<void>; release: () => void } {
    this.#hold = new Promise((resolve) => {
      this.#release = resolve;
    });
    const entered = new Promise<void>((resolve) => {
      this.#entered = resolve;
    });
    return { entered, release: () => this.#release?.() };
  }

  async appendFile(data: string): Promise<void> {
    await this.inner.appendFile(data);
    this.written += Buffer.byteLength(data);
  }

  async datasync(): Promise<void> {
    const covers = this.written;
    this.syncs++;
    const hold = this.#hold;
    this.#hold = undefined;
    this.#entered?.();
    if (hold) await hold;
    if (this.syncs === this.failSync) throw new Error('EIO: simulated fdatasync failure');
    await this.inner.datasync();
    this.durable = Math.max(this.durable, covers);
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function watchedLog() {
  const dir = mkdtempSync(join(tmpdir(), 'audit-log-'));
  dirs.push(dir);
  const file = join(dir, 'audit.log');
  const opened: WatchedFile[] = [];
  const log = new AuditLog({
    file,
    backupDays: 2,
    now: () => Date.parse('2026-06-01T12:00:00.000Z'),
    logger: createLogger({ name: 'audit-log-test', level: 'silent' }),
    openFile: async (path) => {
      const inner = await open(path, 'a');
      const handle = new WatchedFile(inner, (await inner.stat()).size);
      opened.push(handle);
      return handle;
    },
  });
  /** The bytes of the file a completed fdatasync covered. */
  const durableText = () => {
    const handle = opened.at(-1) as WatchedFile;
    return readFileSync(file).subarray(0, handle.durable).toString('utf8');
  };
  return { log, file, opened, durableText };
}

const record = (requestId: string): Omit<AuditRecord, 'time'> => ({
  event: 'attempt',
  request_id: requestId,
  client_request_id: null,
  actor: 'testnet',
  bot_tag: 'bot',
  exchange: 'perpdex',
  namespace: 'mcp-perpdex',
  action: 'place_order',
  environment: 'test',
  params: {},
  outcome: 'pending',
  idempotency_key: null,
  client_order_id: null,
  upstream_ids: [],
  error: null,
});

describe('audit log group commit', () => {
  it('covers the records that arrived during a commit with one fdatasync, each durable before it resolves', async () => {
    const { log, opened, durableText } = watchedLog();
    const durableWhenAnswered = new Map<string, boolean>();
    const append = (id: string) =>
      log.append(record(id)).then((written) => {
        durableWhenAnswered.set(id, durableText().includes(`"request_id":"${id}"`));
        return written;
      });

    await append('warm-up'); // opens the file
    const file = opened[0] as WatchedFile;
    const held = file.holdNextSync();
    const first = append('first');
    await held.entered;
    const later = ['b', 'c', 'd', 'e'].map(append);
    expect(durableWhenAnswered.has('first')).toBe(false);
    held.release();
    await Promise.all([first, ...later]);

    expect(file.syncs).toBe(3); // warm-up, first, then one for the four that waited
    expect([...durableWhenAnswered]).toEqual(
      ['warm-up', 'first', 'b', 'c', 'd', 'e'].map((id) => [id, true]),
    );
    const ids = durableText()
      .split('\n')
      .filter(Boolean)
      .map((line) => (JSON.parse(line) as AuditRecord).request_id);
    expect(ids).toEqual(['warm-up', 'first', 'b', 'c', 'd', 'e']);
  });

  it('gives a lone record its own fdatasync at once, without waiting for company', async () => {
    const { log, opened } = watchedLog();
    await log.append(record('one'));
    await log.append(record('two'));
    expect((opened[0] as WatchedFile).syncs).toBe(2);
  });

  it('fails every record of a batch whose fdatasync failed, and commits the next batch on a reopened file', async () => {
    const { log, opened, durableText } = watchedLog();
    await log.append(record('before'));
    const file = opened[0] as WatchedFile;
    const held = file.holdNextSync();
    const first = log.append(record('first'));
    await held.entered;
    const batch = ['x', 'y', 'z'].map((id) =>
      log.append(record(id)).then(
        () => 'ok',
        (error) => error,
      ),
    );
    // The running commit (first, fdatasync 2) succeeds; the batch that waited for it (fdatasync 3) fails.
    file.failSync = 3;
    held.release();
    await first;
    const outcomes = await Promise.all(batch);
    for (const outcome of outcomes) {
      expect(outcome).toBeInstanceOf(AppError);
      expect(outcome).toMatchObject({ status: 503, code: 'AUDIT_UNAVAILABLE', retryable: true });
    }

    await log.append(record('after'));
    expect(opened).toHaveLength(2);
    expect(durableText()).toContain('"request_id":"after"');
    await log.close();
  });
});
