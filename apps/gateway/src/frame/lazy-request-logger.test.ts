import { captureLogger } from '@app/kit/testing';
import { describe, expect, it, vi } from 'vitest';
import { lazyRequestLoggers } from './lazy-request-logger.js';

describe('lazyRequestLoggers', () => {
  it('makes no pino child until a line is written, then writes the child’s lines', () => {
    const { logger, lines } = captureLogger('gateway');
    const child = vi.spyOn(logger, 'child');
    const requestLog = lazyRequestLoggers(logger, { request_id: 'lazy-1' }, {});
    expect(child).not.toHaveBeenCalled();

    requestLog.info({ step: 1 }, 'first');
    requestLog.error(new Error('boom'), 'second');
    requestLog.debug('third %s', 'line');
    expect(child).toHaveBeenCalledTimes(1);
    expect(lines()).toMatchObject([
      { request_id: 'lazy-1', step: 1, msg: 'first', level: 'info', service: 'gateway' },
      { request_id: 'lazy-1', msg: 'second', level: 'error', err: { message: 'boom' } },
      { request_id: 'lazy-1', msg: 'third line', level: 'debug' },
    ]);
  });

  it('keeps pino’s redaction, levels and children', () => {
    const { logger, lines } = captureLogger('gateway');
    const requestLog = lazyRequestLoggers(logger, { request_id: 'lazy-2' }, {});
    expect(requestLog.level).toBe('debug');
    requestLog.level = 'warn';
    requestLog.info('dropped');
    requestLog.child({ step: 'nested' }).warn({ headers: { authorization: 'Bearer secret' } }, 'kept');
    expect(lines()).toEqual([
      expect.objectContaining({
        request_id: 'lazy-2',
        step: 'nested',
        msg: 'kept',
        headers: { authorization: '[redacted]' },
      }),
    ]);
    expect(logger.level).toBe('debug');
  });
});
