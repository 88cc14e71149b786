import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TempDir, tempDir } from './pdf-test-tools.js';
import { loadLogo, resolveLogoPath } from './report-logo.js';

let dir: TempDir;
let dataDir: string;
beforeAll(async () => {
  dir = await tempDir();
  dataDir = join(dir.path, 'data');
  await mkdir(join(dataDir, 'uploads'), { recursive: true });
  await writeFile(
    join(dataDir, 'uploads', 'logo.png'),
    await sharp({ create: { width: 20, height: 10, channels: 3, background: '#123456' } })
      .png()
      .toBuffer(),
  );
  await writeFile(join(dir.path, 'secret.txt'), 'outside the data folder');
  await symlink(join(dir.path, 'secret.txt'), join(dataDir, 'uploads', 'link.png'));
  await writeFile(
    join(dataDir, 'uploads', 'logo.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><rect width="40" height="20" fill="#1f4e79"/></svg>',
  );
});
afterAll(async () => {
  await dir.remove();
});

describe('logo path and loading', () => {
  it('resolves the setting inside the data folder', async () => {
    expect(await resolveLogoPath(dataDir, 'uploads/logo.png')).toMatch(/uploads[/\\]logo\.png$/);
  });

  it.each([
    ['parent traversal', '../secret.txt'],
    ['absolute path', '/etc/passwd'],
    ['symbolic link out of the folder', 'uploads/link.png'],
    ['the folder itself', '.'],
    ['missing file', 'uploads/none.png'],
    ['empty', ''],
    ['NUL byte', 'uploads/logo.png\u0000.txt'],
  ])('refuses %s', async (_, setting) => {
    expect(await resolveLogoPath(dataDir, setting)).toBeNull();
  });

  it('keeps PNG as is and rasterises SVG to PNG', async () => {
    const png = await loadLogo(join(dataDir, 'uploads', 'logo.png'));
    expect(png?.subarray(1, 4).toString()).toBe('PNG');
    const fromSvg = await loadLogo(join(dataDir, 'uploads', 'logo.svg'));
    expect(fromSvg?.subarray(1, 4).toString()).toBe('PNG');
    expect(await loadLogo(join(dir.path, 'secret.txt'))).toBeNull();
    expect(await loadLogo(null)).toBeNull();
  });
});
