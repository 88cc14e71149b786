/**
 * `npm run bench [filter]`: runs every `bench/*.bench.ts` in turn (or those
 * whose file name contains the filter) and writes docs/benchmarks.md with
 * the machine and the date. Each bench default-exports a function returning
 * its markdown section. Benchmarks measure; they never fail the build.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Bench } from './bench.js';

const benchDir = fileURLToPath(new URL('.', import.meta.url));
const output = fileURLToPath(new URL('../docs/benchmarks.md', import.meta.url));
const filter = process.argv[2] ?? '';

const files = readdirSync(benchDir)
  .filter((name) => name.endsWith('.bench.ts') && name.includes(filter))
  .sort();

const machine = `${cpus().length} × ${cpus()[0]?.model.trim() ?? 'unknown CPU'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB RAM, Node ${process.version}, ${process.platform}`;
const sections = new Map<string, string>();
for (const file of files) {
  const bench = (await import(pathToFileURL(`${benchDir}${file}`).href)).default as Bench;
  console.log(`bench: ${file} …`);
  const started = Date.now();
  const markdown = await bench();
  console.log(`bench: ${file} done in ${((Date.now() - started) / 1000).toFixed(1)} s\n${markdown}\n`);
  sections.set(file, `<!-- ${file} -->\n${markdown.trim()}\n<!-- /${file} -->`);
}

// A filtered run replaces only its own sections and keeps the others from the last full run.
let previous = '';
try {
  previous = readFileSync(output, 'utf8');
} catch {}
const kept = [...previous.matchAll(/<!-- (\S+\.bench\.ts) -->\n[\s\S]*?<!-- \/\1 -->/g)]
  .filter((match) => match[1] && !sections.has(match[1]) && readdirSync(benchDir).includes(match[1]))
  .map((match) => [match[1] as string, match[0]] as const);
const all = new Map([...kept, ...sections]);
const body = [...all.keys()]
  .sort()
  .map((key) => all.get(key))
  .join('\n\n');
writeFileSync(
  output,
  `# Benchmarks\n\nWritten by \`npm run bench\`; do not edit by hand. Last run: ${new Date().toISOString().slice(0, 10)} on ${machine}.\nEach section names its own date and machine when it was last run on its own.\n\n${body}\n`,
);
console.log(`bench: wrote ${output}`);
