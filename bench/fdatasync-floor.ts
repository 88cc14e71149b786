import { mkdtempSync, rmSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * What one durable append costs on the disk the deployed gateway writes its audit file to (os.tmpdir(), as
 * bench/deployed-gateway.ts puts DATA_DIR): an audit-sized line written and fdatasync'd, `count` times with
 * 1/`rate` s between one sync's end and the next write, ms from write to sync done. A write answers only after two of them in sequence (the attempt
 * before the send, the result before the answer), so this is the floor under the added latency.
 */
export async function fdatasyncFloor(rate: number, count: number): Promise<{ p50: number; p99: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'fdatasync-floor-'));
  const handle = await open(join(dir, 'audit.log'), 'a');
  const line = `${JSON.stringify({ pad: 'x'.repeat(600) })}\n`;
  const took: number[] = [];
  try {
    for (let i = 0; i < count; i++) {
      const started = process.hrtime.bigint();
      await handle.write(line);
      await handle.datasync();
      took.push(Number(process.hrtime.bigint() - started) / 1e6);
      await new Promise((resolve) => setTimeout(resolve, 1000 / rate));
    }
  } finally {
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  }
  took.sort((a, b) => a - b);
  const at = (q: number) => took[Math.min(took.length - 1, Math.floor(q * took.length))] ?? 0;
  return { p50: at(0.5), p99: at(0.99) };
}
