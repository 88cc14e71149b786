import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { createLogger, infoLineWriter } from '../packages/kit/src/index.js';
import { LOG_BATCHING } from '../packages/kit/src/logger.js';
import { type Bench, fmt, stamp } from './bench.js';
import { median } from './gateway-latency.js';

/**
 * What writing the request log costs per line, for the services' stdout destination against the settings it had
 * before (written by libuv's thread pool in 4 KiB batches), in alternating rounds. The lines are the gateway's
 * request-log line in shape and size, three per event-loop turn as under a polling load, written through
 * `infoLineWriter` to a file; CPU is the whole process's (the thread pool's too).
 */
const ROUNDS = 5;
const TURNS = 20_000;
const LINES_PER_TURN = 3;

/** Each destination by name; `null` discards the lines, so its row is the cost of everything but the write. */
const SETTINGS = {
  'none (lines made, not written)': null,
  'thread pool, 4 KiB (before)': { sync: false, minLength: 4096, periodicFlush: 200 },
  [`synchronous, ${LOG_BATCHING.minLength / 1024} KiB (LOG_BATCHING)`]: LOG_BATCHING,
} as const;

const line = {
  request_id: '6f1c2a9e-3b7d-4e0a-9c55-2d8e1f4b7a63',
  client_request_id: null,
  method: 'POST',
  url: '/mcp/tools/get_instruments',
  status_code: 200,
  duration_ms: 0.41,
  actor: 'testnet',
  bot_tag: 'bench',
  exchange: 'perpdex',
  tool: 'get_instruments',
  client_ip: '127.0.0.1',
  user_agent: null,
};

/** A destination that drops every line (opened on /dev/null, so it is ready like the others). */
function discarded() {
  const destination = pino.destination({ dest: '/dev/null', sync: true });
  destination.write = () => true;
  return destination;
}

async function cpuUsPerLine(settings: (typeof SETTINGS)[keyof typeof SETTINGS], file: string) {
  const destination = settings ? pino.destination({ dest: file, ...settings }) : discarded();
  await once(destination, 'ready');
  const logger = createLogger({ name: 'bench', destination }).child({ name: 'mcp.request' }, { redact: [] });
  const write = infoLineWriter(logger, 'request');
  const before = process.cpuUsage();
  for (let turn = 0; turn < TURNS; turn++) {
    for (let i = 0; i < LINES_PER_TURN; i++) write(line);
    await new Promise((resolve) => setImmediate(resolve));
  }
  await new Promise<void>((resolve) => destination.flush(() => resolve()));
  const used = process.cpuUsage(before);
  destination.end();
  return (used.user + used.system) / (TURNS * LINES_PER_TURN);
}

const bench: Bench = async () => {
  const dir = mkdtempSync(join(tmpdir(), 'log-destination-'));
  const results = new Map<string, number[]>(Object.keys(SETTINGS).map((name) => [name, []]));
  try {
    for (let round = 0; round < ROUNDS; round++) {
      const entries = Object.entries(SETTINGS);
      for (const [name, settings] of round % 2 === 0 ? entries : entries.reverse()) {
        results.get(name)?.push(await cpuUsPerLine(settings, join(dir, `${round}.log`)));
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const rows = [...results].map(
    ([name, us]) => `| ${name} | ${fmt(median(us), 2)} | ${us.map((value) => fmt(value, 2)).join(', ')} |`,
  );
  return `## Request-log destination (${stamp()})

CPU per request-log line (the whole process, thread pool included), ${fmt(TURNS)} event-loop turns of
${LINES_PER_TURN} lines each, written to a file through \`infoLineWriter\` as the gateway writes its request log;
${ROUNDS} alternating rounds. The services' stdout destination (\`LOG_BATCHING\` in the kit's logger) against the one
it replaced.

| destination | µs per line (median) | rounds |
| --- | ---: | --- |
${rows.join('\n')}`;
};
export default bench;
