/** Test helpers: render into a temp file and inspect it with poppler (pdftotext, pdftoppm) and sharp. */
import { execFile } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';

const run = promisify(execFile);

export interface TempDir {
  path: string;
  file: (name: string) => string;
  remove: () => Promise<void>;
}

export async function tempDir(): Promise<TempDir> {
  const path = await mkdtemp(join(tmpdir(), 'measure-report-'));
  return { path, file: (name) => join(path, name), remove: () => rm(path, { recursive: true, force: true }) };
}

/** Runs a renderer into a file and returns the file path once it is complete. */
export async function renderToFile(
  path: string,
  render: (output: NodeJS.WritableStream) => Promise<void>,
): Promise<string> {
  await render(createWriteStream(path));
  return path;
}

/** Text of the PDF (or of one page), as a user copying it would get it. */
export async function pdfText(path: string, page?: number): Promise<string> {
  const range = page === undefined ? [] : ['-f', String(page), '-l', String(page)];
  const { stdout } = await run('pdftotext', [...range, '-layout', path, '-']);
  return stdout;
}

/** Page 1 as a 50 dpi PNG, as `pdftoppm -png -r 50 -f 1 -l 1` makes it. */
export async function firstPagePng(path: string): Promise<Buffer> {
  const prefix = `${path}.page1`;
  await run('pdftoppm', ['-png', '-r', '50', '-f', '1', '-l', '1', '-singlefile', path, prefix]);
  return sharp(`${prefix}.png`).toBuffer();
}

/** Share of pixels that are not near-white, so "not blank" means ink was actually drawn. */
export async function inkShare(png: Buffer): Promise<number> {
  const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
  let ink = 0;
  for (let i = 0; i < data.length; i++) if ((data[i] as number) < 200) ink += 1;
  return ink / (info.width * info.height);
}

/** Distinct colours: a report with charts and coloured cells has more than black on white. */
export async function isSingleColour(png: Buffer): Promise<boolean> {
  const stats = await sharp(png).stats();
  return stats.channels.every((channel) => channel.min === channel.max);
}
