import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DiskFileStore } from '../../src/files/disk-file-store.js';

let dataDir: string;
afterEach(() => rm(dataDir, { recursive: true, force: true }));

describe('DiskFileStore.init', () => {
  it('creates the folders and clears temp files a crash left behind, but not ones still being written', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'measure-store-'));
    const temp = path.join(dataDir, 'uploads', '.tmp');
    await mkdir(temp, { recursive: true });
    await writeFile(path.join(temp, 'old.part'), 'x');
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    await utimes(path.join(temp, 'old.part'), twoHoursAgo, twoHoursAgo);
    await writeFile(path.join(temp, 'fresh.part'), 'x');
    await new DiskFileStore(dataDir).init();
    expect(await readdir(temp)).toEqual(['fresh.part']);
    expect(await readdir(path.join(dataDir, 'uploads'))).toEqual(expect.arrayContaining(['.tmp', 'general']));
  });
});
