import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiskFileStore } from '../files/disk-file-store.js';
import { type TempDir, tempDir } from './pdf-test-tools.js';
import { LOGO_RENDITION, loadLogo, MAX_LOGO_BYTES, readCompanyLogo } from './report-logo.js';

let dir: TempDir;
let files: DiskFileStore;
let png: Buffer;
beforeAll(async () => {
  dir = await tempDir();
  const dataDir = join(dir.path, 'data');
  files = new DiskFileStore(dataDir);
  await files.init();
  await mkdir(join(files.root, 'logos'), { recursive: true });
  png = await sharp({ create: { width: 20, height: 10, channels: 3, background: '#123456' } })
    .png()
    .toBuffer();
  await writeFile(join(files.root, 'logos', 'company_logo.png'), png);
  await writeFile(join(dir.path, 'secret.txt'), 'outside the data folder');
  await symlink(join(dir.path, 'secret.txt'), join(files.root, 'logos', 'link.png'));
  await writeFile(join(files.root, 'logos', 'big.png'), Buffer.alloc(MAX_LOGO_BYTES + 1));
});
afterAll(async () => {
  await dir.remove();
});

describe('the company logo of a report', () => {
  it('reads the setting from the file store', async () => {
    expect(await readCompanyLogo(files, 'logos/company_logo.png')).toEqual(png);
  });

  it.each([
    ['parent traversal', '../secret.txt'],
    ['absolute path', '/etc/passwd'],
    ['symbolic link out of the folder', 'logos/link.png'],
    ['the folder itself', '.'],
    ['a folder', 'logos'],
    ['missing file', 'logos/none.png'],
    ['a file over the size bound', 'logos/big.png'],
    ['empty', ''],
    ['NUL byte', 'logos/company_logo.png\u0000.txt'],
  ])('refuses %s', async (_, setting) => {
    expect(await readCompanyLogo(files, setting)).toBeNull();
  });

  it('keeps PNG as is and rasterises SVG to PNG; anything else is no logo', async () => {
    expect(await loadLogo(png)).toEqual(png);
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><rect width="40" height="20" fill="#1f4e79"/></svg>',
    );
    const fromSvg = await loadLogo(svg);
    expect(fromSvg?.subarray(1, 4).toString()).toBe('PNG');
    expect(await loadLogo(Buffer.from('outside the data folder'))).toBeNull();
    expect(await loadLogo(null)).toBeNull();
  });

  it('gives pdfkit a rendition within the header bounds, made once per logo', async () => {
    // pdfkit decodes a PNG on the event loop: a large one must never reach it.
    const large = await sharp({
      create: { width: 3000, height: 1500, channels: 4, background: { r: 9, g: 9, b: 9, alpha: 0.5 } },
    })
      .png()
      .toBuffer();
    const rendition = await loadLogo(large);
    const { format, width, height } = await sharp(rendition as Buffer).metadata();
    expect({ format, width, height }).toEqual({ format: 'png', width: 400, height: 200 });
    expect(width).toBeLessThanOrEqual(LOGO_RENDITION.width);
    // The same logo again (a later report): the rendition is reused, not made again.
    expect(await loadLogo(Buffer.from(large))).toBe(rendition);
    expect(await loadLogo(png)).toEqual(png);
  });
});
