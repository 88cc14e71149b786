import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { infoLineWriter } from '../src/info-lines.js';
import { createLogger, isoTimeField } from '../src/logger.js';
import { captureLogger } from '../src/testing.js';

describe('logger', () => {
  it('writes JSON lines with an ISO time and a level label', () => {
    const { logger, lines } = captureLogger('svc');
    logger.info({ a: 1 }, 'hello');
    const [line] = lines();
    expect(line).toMatchObject({ level: 'info', service: 'svc', a: 1, msg: 'hello' });
    expect(String(line?.time)).toMatch(/^\d{4}-\d\d-\d\dT.*Z$/);
  });

  it('names child loggers with one name key per line', () => {
    const written: string[] = [];
    const logger = createLogger({
      name: 'svc',
      destination: { write: (line: string) => written.push(line) },
    });
    logger.child({ name: 'mcp.request' }).info('x');
    expect(JSON.parse(written[0] ?? '{}')).toMatchObject({ name: 'mcp.request', service: 'svc' });
    expect(written[0]?.match(/"name":/g)).toHaveLength(1);
  });

  it('writes a fixed line exactly as logger.info would, time aside, at the end of the turn', async () => {
    const written: string[] = [];
    const logger = createLogger({
      name: 'svc',
      destination: { write: (text: string) => written.push(text) },
    });
    const child = logger.child({ name: 'mcp.request' }, { redact: [] });
    const fields = { id: 'a"b\\c\n', n: 1.5, none: null, yes: true, text: 'müller €' };
    child.info(fields, 'request');
    child.info({}, 'empty');
    const write = infoLineWriter(child, 'request');
    write(fields);
    write({ ...fields, n: 2 });
    infoLineWriter(child, 'empty')({});
    expect(written).toHaveLength(2);
    await new Promise((resolve) => setImmediate(resolve));
    // One write per writer and turn, holding its lines in order.
    expect(written).toHaveLength(4);
    const lines = written.flatMap((text) =>
      text
        .split('\n')
        .filter(Boolean)
        .map((line) => `${line}\n`),
    );
    const timeless = lines.map((line) => line.replace(/,"time":"[^"]+"/, ''));
    expect(timeless[2]).toBe(timeless[0]);
    expect(timeless[4]).toBe(timeless[1]);
    expect(JSON.parse(lines[3] ?? '')).toMatchObject({ ...fields, n: 2, level: 'info', name: 'mcp.request' });
    child.level = 'warn';
    write(fields);
    await new Promise((resolve) => setImmediate(resolve));
    expect(written).toHaveLength(4);
  });

  it('writes queued lines at exit, before the process ends', () => {
    const script = `
      import { createLogger } from './packages/kit/src/logger.ts';
      import { infoLineWriter } from './packages/kit/src/info-lines.ts';
      const write = infoLineWriter(createLogger({ name: 'svc' }).child({ name: 'mcp.request' }), 'request');
      write({ id: 'last' });
      process.exit(0);
    `;
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: fileURLToPath(new URL('../../..', import.meta.url)),
      encoding: 'utf8',
    });
    expect(JSON.parse(out)).toMatchObject({ id: 'last', msg: 'request', name: 'mcp.request' });
  });

  it('redacts secrets in headers and bodies, in children too', () => {
    const { logger, lines } = captureLogger('svc');
    const child = logger.child({ name: 'mcp.audit' });
    child.info({
      req: { headers: { authorization: 'Bearer s3cret-token', 'x-api-key': 'k3y', 'user-agent': 'bot' } },
      params: { password: 'hunter2', api_key: 'abc', symbol: 'BTC-PERPETUAL' },
    });
    const text = JSON.stringify(lines());
    for (const secret of ['s3cret-token', 'k3y', 'hunter2', '"abc"']) expect(text).not.toContain(secret);
    expect(text).toContain('BTC-PERPETUAL');
    expect(text).toContain('"user-agent":"bot"');
  });
});

describe('isoTimeField', () => {
  it('writes the same field as pino isoTime for each clock reading, repeated or not', () => {
    const readings = [1_767_323_045_678, 1_767_323_045_678, 1_767_323_045_679, 1_767_323_045_678, 0];
    let index = 0;
    const field = isoTimeField(() => readings[index++] as number);
    for (const ms of readings) expect(field()).toBe(`,"time":"${new Date(ms).toISOString()}"`);
  });
});
